// Layouts for the viewport: small graphs on the main thread, big ones in the layout worker, all of them
// cached by layout key (undo and redo, or switching back to a tree, find their positions at once).
import { layoutGraph, layoutKey } from "./layout.ts";
import type { LayoutRequest } from "./layout.worker.ts";
import type { GraphInput, GraphLayout, LayoutOptions } from "./types.ts";

/** Below this many nodes dagre runs on the main thread (well under a frame's worth of work). */
export const WORKER_THRESHOLD = 60;
const CACHE_SIZE = 24;

const cache = new Map<string, GraphLayout>();

export function cachedLayout(key: string): GraphLayout | undefined {
  const hit = cache.get(key);
  if (hit) {
    // Least recently used goes first: re-insert on every hit.
    cache.delete(key);
    cache.set(key, hit);
  }
  return hit;
}

export function rememberLayout(layout: GraphLayout): void {
  cache.delete(layout.key);
  cache.set(layout.key, layout);
  while (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value as string);
}

/** Lays out on the main thread, through the cache. */
export function layoutNow(input: GraphInput, options: LayoutOptions = {}): GraphLayout {
  const key = layoutKey(input, options);
  const hit = cachedLayout(key);
  if (hit) return hit;
  const layout = layoutGraph(input, options);
  rememberLayout(layout);
  return layout;
}

interface Running {
  id: number;
  key: string;
  resolve(layout: GraphLayout): void;
  reject(error: unknown): void;
}

let worker: Worker | null = null;
let running: Running | null = null;
let nextId = 1;

function spawn(): Worker {
  const w = new Worker(new URL("./layout.worker.ts", import.meta.url), {
    type: "module",
    name: "relbench-layout",
  });
  w.onmessage = (event: MessageEvent<{ id: number; layout?: GraphLayout; error?: string }>) => {
    const r = running;
    if (!r || r.id !== event.data.id) return;
    running = null;
    if (event.data.layout) {
      rememberLayout(event.data.layout);
      r.resolve(event.data.layout);
    } else r.reject(new Error(event.data.error ?? "Layout failed"));
  };
  w.onerror = (event) => {
    const r = running;
    running = null;
    worker?.terminate();
    worker = null;
    r?.reject(new Error(event.message || "Layout worker failed"));
  };
  return w;
}

/**
 * Lays out in the worker. A newer request supersedes a running one (its promise rejects with an
 * AbortError and the worker is restarted, since dagre cannot be interrupted); so does `signal`.
 */
export function layoutInWorker(
  input: GraphInput,
  options: LayoutOptions = {},
  signal?: AbortSignal,
): Promise<GraphLayout> {
  const key = layoutKey(input, options);
  const hit = cachedLayout(key);
  if (hit) return Promise.resolve(hit);
  if (running) {
    running.reject(new DOMException("Superseded by a newer layout", "AbortError"));
    running = null;
    worker?.terminate();
    worker = null;
  }
  return new Promise<GraphLayout>((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    worker ??= spawn();
    const id = nextId++;
    running = { id, key, resolve, reject };
    signal?.addEventListener(
      "abort",
      () => {
        if (running?.id !== id) return;
        running = null;
        worker?.terminate();
        worker = null;
        reject(signal.reason);
      },
      { once: true },
    );
    const request: LayoutRequest = { id, input: { nodes: input.nodes, edges: input.edges }, options };
    worker.postMessage(request);
  });
}
