// The layout worker: dagre off the main thread for big graphs (a 2,000-node tree takes about a second).
// One request at a time; the client terminates the worker when a newer request makes the running one moot.
import { layoutGraph } from "./layout.ts";
import type { GraphInput, LayoutOptions } from "./types.ts";

export interface LayoutRequest {
  id: number;
  input: GraphInput;
  options: LayoutOptions;
}

self.onmessage = (event: MessageEvent<LayoutRequest>) => {
  const { id, input, options } = event.data;
  try {
    self.postMessage({ id, layout: layoutGraph(input, options) });
  } catch (error) {
    self.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
};
