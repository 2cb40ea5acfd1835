// The boundary diagram's layout off the main thread, for big structures (hundreds of elements take a
// second of dagre). One request per worker; the screen terminates it when a newer structure replaces it.
import type { BoundaryGraph } from "../../../shared/fmea/diagrams.ts";
import { boundaryLayout } from "./diagram-layout.ts";

self.onmessage = (event: MessageEvent<{ graph: BoundaryGraph }>) => {
  try {
    self.postMessage({ layout: boundaryLayout(event.data.graph) });
  } catch (error) {
    self.postMessage({ error: error instanceof Error ? error.message : String(error) });
  }
};
