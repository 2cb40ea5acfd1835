// The diagram viewport and its layout, shared by the fault tree (eFTA) and block diagram (eRBD) editors.
// See ARCHITECTURE.md "The graph component".
export {
  GraphViewport,
  type GraphViewportHandle,
  type GraphViewportProps,
  type NodeState,
} from "./GraphViewport.tsx";
export { type InteractionActions, ViewportInteraction } from "./interaction.ts";
export { DEFAULT_LAYOUT, layoutGraph, layoutKey, provisionalLayout } from "./layout.ts";
export { layoutInWorker, layoutNow, WORKER_THRESHOLD } from "./layout-client.ts";
export { nearestInDirection, nextInRank } from "./navigation.ts";
export type * from "./types.ts";
export { type GraphLayoutState, useGraphLayout } from "./useGraphLayout.ts";
export * from "./viewport.ts";
