// The shapes the diagram viewport and its layout share. Plain data (Maps and arrays of numbers), so a
// layout computed in the layout worker crosses back by structured clone unchanged.

/** Direction of the ranks: TB top to bottom (fault trees), LR left to right (block diagrams). */
export type Rankdir = "TB" | "BT" | "LR" | "RL";

export interface GraphNode {
  /** Unique within the graph; also what selection and navigation speak in. */
  id: string;
  width: number;
  height: number;
  /** Free-form kind the consumer draws by ("gate", "basic", "regular", ...). */
  kind?: string;
}

export interface GraphEdge {
  from: string;
  to: string;
}

export interface GraphInput {
  nodes: readonly GraphNode[];
  edges: readonly GraphEdge[];
}

export interface LayoutOptions {
  rankdir?: Rankdir;
  /** Space between nodes of one rank (px). */
  nodesep?: number;
  /** Space between ranks (px). */
  ranksep?: number;
  /** Margin around the drawing (px). */
  margin?: number;
  /**
   * Keep the order the nodes and edges were given in (no crossing minimisation). Right for trees, where
   * the input order is the order of a gate's inputs, and several times faster on big graphs.
   */
  keepOrder?: boolean;
  /** dagre's ranker; "longest-path" is the fastest and exact for trees. Default "network-simplex". */
  ranker?: "network-simplex" | "tight-tree" | "longest-path";
}

export interface Point {
  x: number;
  y: number;
}

/** A laid-out node: (x, y) is its centre, as dagre gives it. */
export interface NodeBox {
  id: string;
  x: number;
  y: number;
  width: number;
  height: number;
  kind?: string;
}

export interface EdgePath {
  from: string;
  to: string;
  /** dagre's route, first point at the source. */
  points: Point[];
}

export interface GraphLayout {
  /** In input order. */
  nodes: Map<string, NodeBox>;
  edges: EdgePath[];
  width: number;
  height: number;
  rankdir: Rankdir;
  /** The layout key (see layoutKey): equal keys, equal layouts. */
  key: string;
  /** Time dagre took (ms). */
  elapsedMs: number;
  /** True while this is a stand-in (old positions, new nodes beside their parents) for a layout in progress. */
  provisional?: boolean;
}

/** Pan and zoom: a graph point p is drawn at (p.x * k + x, p.y * k + y) in the viewport. */
export interface Transform {
  x: number;
  y: number;
  k: number;
}

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export type Direction = "up" | "down" | "left" | "right";
