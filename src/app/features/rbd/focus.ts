// Taking keyboard focus when asked (store.requestFocus), but only once no overlay is open: a command run
// from the palette asks while the palette is still closing, and the palette then gives focus back to where
// it was; focusing after that, on the next task, is what sticks.
import { useSignals } from "@preact/signals-react/runtime";
import { useEffect, useRef } from "react";
import { overlayOpen } from "../../state/overlays.ts";
import { type FocusTarget, focusRequest } from "./store.ts";

export function useFocusRequest(target: FocusTarget, focus: () => void): void {
  useSignals();
  const request = focusRequest.value;
  const blocked = overlayOpen.value;
  const handled = useRef(request.serial);
  const run = useRef(focus);
  run.current = focus;
  // biome-ignore lint/correctness/useExhaustiveDependencies: signal values change between renders
  useEffect(() => {
    if (request.target !== target || request.serial === handled.current || blocked) return;
    handled.current = request.serial;
    const timer = setTimeout(() => run.current(), 0);
    return () => clearTimeout(timer);
  }, [request, blocked, target]);
}
