// useGraphLayout: the layout of a graph for the viewport, never blocking the main thread on a big graph.
// Small graphs (or a cached layout) answer in the same render; big ones show a provisional layout (old
// positions kept, new nodes beside their parents) until the worker's answer arrives.
import { useEffect, useMemo, useRef, useState } from "react";
import { layoutKey, provisionalLayout } from "./layout.ts";
import { cachedLayout, layoutInWorker, layoutNow, WORKER_THRESHOLD } from "./layout-client.ts";
import type { GraphInput, GraphLayout, LayoutOptions } from "./types.ts";

export interface GraphLayoutState {
  layout: GraphLayout;
  /** The worker is computing; `layout` is provisional. */
  pending: boolean;
  error?: string;
}

/**
 * `input` and `options` should be memoised by the caller (their identity is not relied on: the key is
 * a hash of their content, but hashing a big graph every render would be wasted work).
 */
export function useGraphLayout(
  input: GraphInput,
  options: LayoutOptions = {},
  workerThreshold = WORKER_THRESHOLD,
): GraphLayoutState {
  // biome-ignore lint/correctness/useExhaustiveDependencies: options are compared by content through the key
  const key = useMemo(() => layoutKey(input, options), [input, JSON.stringify(options)]);
  const small = input.nodes.length < workerThreshold;
  const last = useRef<GraphLayout | null>(null);
  const [fromWorker, setFromWorker] = useState<{ key: string; layout?: GraphLayout; error?: string }>();

  // biome-ignore lint/correctness/useExhaustiveDependencies: the key stands for input and options
  const immediate = useMemo((): GraphLayout | undefined => {
    if (small) return layoutNow(input, options);
    return cachedLayout(key);
  }, [key, small]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the key stands for input and options
  useEffect(() => {
    if (immediate) return;
    const controller = new AbortController();
    layoutInWorker(input, options, controller.signal).then(
      (layout) => setFromWorker({ key, layout }),
      (error: unknown) => {
        if (error instanceof DOMException && error.name === "AbortError") return;
        setFromWorker({ key, error: error instanceof Error ? error.message : String(error) });
      },
    );
    return () => controller.abort();
  }, [key, immediate]);

  const ready = fromWorker?.key === key ? fromWorker.layout : undefined;
  const failed = fromWorker?.key === key ? fromWorker.error : undefined;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key stands for input and options
  const provisional = useMemo(
    () => (immediate || ready ? undefined : provisionalLayout(input, last.current, options)),
    [key, immediate, ready],
  );
  const layout = (immediate ?? ready ?? provisional) as GraphLayout;
  const pending = !immediate && !ready && !failed;
  const error = failed;
  if (!layout.provisional) last.current = layout;
  return { layout, pending, error };
}
