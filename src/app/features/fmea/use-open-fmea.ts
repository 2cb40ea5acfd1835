// The FMEA a tree or diagram screen shows: ?fmeaId= or the FMEA record kept in session storage, loaded into
// store.ts and polled for the team's edits while the screen is shown; once loaded, the element `focus` selects
// takes the keyboard as soon as it is drawn (keyboard first).
import { useEffect, useState } from "react";
import type { FmeaVariant } from "../../../shared/fmea/model.ts";
import type { ScreenProps } from "../../router/types.ts";
import { fmeaRecord } from "../../state/fmea.ts";
import { focusOnArrival } from "../../state/overlays.ts";
import { load, startPolling, stopPolling } from "./store.ts";

/** `also` runs with each load (settings, risk events a screen needs beside the nodes). */
export function useOpenFmea(
  view: ScreenProps["view"],
  variant: FmeaVariant,
  focus: string,
  also?: (id: number) => void,
): { id: number; valid: boolean; failed: boolean } {
  const id = Number(view.query.get("fmeaId") ?? fmeaRecord.value?.fmeaId ?? Number.NaN);
  const valid = Number.isInteger(id) && id > 0;
  const [failed, setFailed] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `also` and `focus` are fixed per screen
  useEffect(() => {
    if (!valid) return;
    setFailed(false);
    also?.(id);
    load(variant, id).then(
      () => {
        startPolling();
        focusOnArrival(
          () => document.querySelector(focus),
          () => document.querySelector<HTMLElement>(focus)?.focus(),
        );
      },
      () => setFailed(true),
    );
    return () => stopPolling();
  }, [variant, id, valid]);
  return { id, valid, failed };
}
