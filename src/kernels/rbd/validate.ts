// Validation of a block diagram model (spec sections 5 and 8): every problem found, each with the block
// it concerns, so the editor can mark the node and the CLI can print one line. Accepts any value (a parsed
// JSON file, an editor state) and never throws.
import { distributionProblems } from "../../shared/failure-model.ts";
import { type MessageKey, messageText } from "../../shared/messages.ts";
import type { Problem } from "../../shared/problem.ts";
import { problemText } from "../../shared/problem.ts";
import { RBD_END, RBD_START, type RbdModel } from "./model.ts";

export type RbdProblemCode =
  | "model.type"
  | "model.name"
  | "model.time"
  | "model.noRegular"
  | "diagram.type"
  | "diagram.empty"
  | "block.type"
  | "block.id"
  | "block.duplicateId"
  | "block.kind"
  | "distribution.missing"
  | "distribution.type"
  | "distribution.range"
  | "kofn.k"
  | "kofn.of"
  | "mirror.of"
  | "edge.shape"
  | "edge.unknown"
  | "edge.intoStart"
  | "edge.fromEnd"
  | "edge.self"
  | "edge.duplicate"
  | "graph.cycle"
  | "graph.unreachable"
  | "graph.deadEnd"
  | "graph.disconnected"
  | "graph.noPath";

/** A block-diagram problem: the shared Problem (`where` = sub-diagram path, block, field) and its English text. */
export interface RbdProblem extends Problem {
  code: RbdProblemCode;
  /** English text of `key`. */
  message: string;
  params?: Record<string, string | number>;
  /** The block concerned; absent when the problem is about the diagram or the model. */
  blockId?: string;
  /** Ids of the sub-diagram blocks leading to the diagram concerned, outermost first; [] for the model. */
  path: string[];
  /** The field concerned, e.g. "k", "distribution.beta", "missionTime", "edges[3]". */
  field?: string;
}

/** The message key of each rule (texts, with {{parameters}}, in src/shared/messages.ts). */
export const RBD_MESSAGES = {
  notObject: "rbd.notObject",
  name: "rbd.name",
  positive: "valuePositive",
  nonNegative: "rbd.nonNegative",
  number: "rbd.number",
  probability: "rbd.probability",
  noRegular: "rbd.noRegular",
  diagramType: "rbd.diagramType",
  diagramEmpty: "rbd.diagramEmpty",
  blockType: "rbd.blockType",
  blockId: "rbd.blockId",
  duplicateId: "rbd.duplicateId",
  kind: "rbd.kind",
  distributionMissing: "rbd.distributionMissing",
  distributionType: "rbd.distributionType",
  k: "rbd.k",
  of: "rbd.of",
  mirrorOf: "rbd.mirrorOf",
  edgeShape: "rbd.edgeShape",
  edgeUnknown: "rbd.edgeUnknown",
  intoStart: "rbd.intoStart",
  fromEnd: "rbd.fromEnd",
  self: "rbd.self",
  duplicate: "rbd.duplicate",
  cycle: "rbd.cycle",
  unreachable: "rbd.unreachable",
  deadEnd: "rbd.deadEnd",
  disconnected: "rbd.disconnected",
  noPath: "rbd.noPath",
} as const satisfies Record<string, MessageKey>;

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);
const isNumber = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v);

interface Collected {
  problems: RbdProblem[];
  /** Every block id of the model with its kind (to resolve mirrors across sub-diagrams). */
  kinds: Map<string, string>;
  mirrors: Array<{ id: string; of: unknown; path: string[] }>;
  regularCount: number;
}

function report(
  out: Collected,
  code: RbdProblemCode,
  key: MessageKey,
  place: { path: string[]; blockId?: string; field?: string },
  params?: Record<string, string | number>,
): void {
  const where = [
    ...place.path,
    ...(place.blockId ? [place.blockId] : []),
    ...(place.field ? [place.field] : []),
  ];
  out.problems.push({
    code,
    key,
    message: messageText(key, params),
    ...(params ? { params } : {}),
    ...place,
    where,
  });
}

/** The failure model's checks (src/shared/failure-model.ts): its type and each parameter's range, with
 * the failure model's message key and values for translation. */
function checkDistribution(out: Collected, value: unknown, path: string[], blockId: string): void {
  if (!isObject(value)) {
    report(out, "distribution.missing", RBD_MESSAGES.distributionMissing, {
      path,
      blockId,
      field: "distribution",
    });
    return;
  }
  for (const p of distributionProblems(value, ["distribution"])) {
    if (p.severity === "warning") continue;
    const field = p.where?.join(".") ?? "distribution";
    if (p.key === "distributionUnknown") {
      report(out, "distribution.type", RBD_MESSAGES.distributionType, { path, blockId, field });
      continue;
    }
    out.problems.push({
      code: "distribution.range",
      message: messageText(p.key, p.params),
      key: p.key,
      ...(p.params ? { params: { ...p.params } } : {}),
      path,
      blockId,
      field,
      where: [...path, blockId, field],
    });
  }
}

function checkDiagram(out: Collected, diagram: unknown, path: string[]): void {
  if (!isObject(diagram) || !Array.isArray(diagram.blocks) || !Array.isArray(diagram.edges)) {
    report(out, "diagram.type", RBD_MESSAGES.diagramType, { path });
    return;
  }
  if (path.length > 0 && diagram.blocks.length === 0)
    report(out, "diagram.empty", RBD_MESSAGES.diagramEmpty, { path });
  const local = new Map<string, Record<string, unknown>>();
  for (const [index, block] of diagram.blocks.entries()) {
    if (!isObject(block)) {
      report(out, "block.type", RBD_MESSAGES.blockType, { path, field: `blocks[${index}]` });
      continue;
    }
    const id = block.id;
    if (typeof id !== "string" || id === "" || id === RBD_START || id === RBD_END) {
      report(out, "block.id", RBD_MESSAGES.blockId, { path, field: `blocks[${index}].id` });
      continue;
    }
    if (out.kinds.has(id)) {
      report(out, "block.duplicateId", RBD_MESSAGES.duplicateId, { path, blockId: id });
      continue;
    }
    out.kinds.set(id, String(block.kind));
    local.set(id, block);
    switch (block.kind) {
      case "regular":
      case "host":
        out.regularCount++;
        checkDistribution(out, block.distribution, path, id);
        break;
      case "mirror":
        out.mirrors.push({ id, of: block.of, path });
        break;
      case "subdiagram":
        checkDiagram(out, block.diagram, [...path, id]);
        break;
      case "kofn":
        break;
      default:
        report(out, "block.kind", RBD_MESSAGES.kind, { path, blockId: id, field: "kind" });
    }
  }
  checkGraph(out, diagram.edges, local, path);
}

function checkGraph(
  out: Collected,
  edges: unknown[],
  blocks: Map<string, Record<string, unknown>>,
  path: string[],
): void {
  const successors = new Map<string, string[]>([
    [RBD_START, []],
    [RBD_END, []],
  ]);
  const predecessors = new Map<string, string[]>([
    [RBD_START, []],
    [RBD_END, []],
  ]);
  for (const id of blocks.keys()) {
    successors.set(id, []);
    predecessors.set(id, []);
  }
  const seen = new Set<string>();
  for (const [index, edge] of edges.entries()) {
    const problem = edgeProblem(edge, successors, seen);
    if (problem) {
      const [code, template, blockId, params] = problem;
      report(
        out,
        code,
        template,
        { path, field: `edges[${index}]`, ...(blockId ? { blockId } : {}) },
        params,
      );
      continue;
    }
    const [from, to] = edge as [string, string];
    successors.get(from)?.push(to);
    predecessors.get(to)?.push(from);
  }

  const walk = (from: string, next: Map<string, string[]>): Set<string> => {
    const reached = new Set([from]);
    const stack = [from];
    while (stack.length > 0)
      for (const n of next.get(stack.pop() as string) ?? [])
        if (!reached.has(n)) {
          reached.add(n);
          stack.push(n);
        }
    return reached;
  };
  const fromStart = walk(RBD_START, successors);
  const toEnd = walk(RBD_END, predecessors);
  for (const id of blocks.keys()) {
    const reachable = fromStart.has(id);
    const leads = toEnd.has(id);
    if (!reachable && !leads)
      report(out, "graph.disconnected", RBD_MESSAGES.disconnected, { path, blockId: id });
    else if (!reachable) report(out, "graph.unreachable", RBD_MESSAGES.unreachable, { path, blockId: id });
    else if (!leads) report(out, "graph.deadEnd", RBD_MESSAGES.deadEnd, { path, blockId: id });
  }
  if (!fromStart.has(RBD_END)) report(out, "graph.noPath", RBD_MESSAGES.noPath, { path });

  for (const id of onCycles(successors))
    report(out, "graph.cycle", RBD_MESSAGES.cycle, { path, blockId: id });

  for (const [id, block] of blocks) {
    if (block.kind !== "kofn") continue;
    const n = predecessors.get(id)?.length ?? 0;
    const k = block.k;
    if (!isNumber(k) || !Number.isInteger(k) || k < 1 || k > n)
      report(out, "kofn.k", RBD_MESSAGES.k, { path, blockId: id, field: "k" }, { n });
    if (block.of !== undefined && block.of !== n)
      report(out, "kofn.of", RBD_MESSAGES.of, { path, blockId: id, field: "of" }, { n });
  }
}

type EdgeProblem = [RbdProblemCode, MessageKey, string | undefined, Record<string, string>?];

function edgeProblem(
  edge: unknown,
  nodes: Map<string, string[]>,
  seen: Set<string>,
): EdgeProblem | undefined {
  if (!Array.isArray(edge) || edge.length !== 2 || typeof edge[0] !== "string" || typeof edge[1] !== "string")
    return ["edge.shape", RBD_MESSAGES.edgeShape, undefined];
  const [from, to] = edge as [string, string];
  for (const id of [from, to])
    if (!nodes.has(id)) return ["edge.unknown", RBD_MESSAGES.edgeUnknown, undefined, { id }];
  if (to === RBD_START) return ["edge.intoStart", RBD_MESSAGES.intoStart, undefined];
  if (from === RBD_END) return ["edge.fromEnd", RBD_MESSAGES.fromEnd, undefined];
  if (from === to) return ["edge.self", RBD_MESSAGES.self, from];
  const key = `${from}\u0000${to}`;
  if (seen.has(key)) return ["edge.duplicate", RBD_MESSAGES.duplicate, to];
  seen.add(key);
  return undefined;
}

/** Nodes on a directed cycle: what Kahn's algorithm cannot remove, and that can reach itself. */
function onCycles(successors: Map<string, string[]>): string[] {
  const indegree = new Map<string, number>();
  for (const id of successors.keys()) indegree.set(id, 0);
  for (const next of successors.values()) for (const n of next) indegree.set(n, (indegree.get(n) ?? 0) + 1);
  const queue = [...indegree].filter(([, d]) => d === 0).map(([id]) => id);
  while (queue.length > 0)
    for (const n of successors.get(queue.pop() as string) ?? []) {
      const d = (indegree.get(n) ?? 0) - 1;
      indegree.set(n, d);
      if (d === 0) queue.push(n);
    }
  const left = new Set([...indegree].filter(([, d]) => d > 0).map(([id]) => id));
  return [...left].filter((id) => {
    const stack = [...(successors.get(id) ?? [])].filter((n) => left.has(n));
    const seen = new Set<string>();
    while (stack.length > 0) {
      const n = stack.pop() as string;
      if (n === id) return true;
      if (seen.has(n)) continue;
      seen.add(n);
      for (const m of successors.get(n) ?? []) if (left.has(m)) stack.push(m);
    }
    return false;
  });
}

/** Every problem of a model; an empty list means `value` is a valid RbdModel. */
export function validateRbd(value: unknown): RbdProblem[] {
  const out: Collected = { problems: [], kinds: new Map(), mirrors: [], regularCount: 0 };
  if (!isObject(value)) {
    report(out, "model.type", RBD_MESSAGES.notObject, { path: [] });
    return out.problems;
  }
  if (value.name !== undefined && typeof value.name !== "string")
    report(out, "model.name", RBD_MESSAGES.name, { path: [], field: "name" });
  if (!isNumber(value.missionTime) || value.missionTime <= 0)
    report(out, "model.time", RBD_MESSAGES.positive, { path: [], field: "missionTime" });
  if (value.currentAge !== undefined && (!isNumber(value.currentAge) || value.currentAge < 0))
    report(out, "model.time", RBD_MESSAGES.nonNegative, { path: [], field: "currentAge" });
  if (value.warrantyLife !== undefined && (!isNumber(value.warrantyLife) || value.warrantyLife <= 0))
    report(out, "model.time", RBD_MESSAGES.positive, { path: [], field: "warrantyLife" });
  checkDiagram(out, value, []);
  for (const mirror of out.mirrors) {
    const kind = typeof mirror.of === "string" ? out.kinds.get(mirror.of) : undefined;
    if (kind !== "regular" && kind !== "host")
      report(out, "mirror.of", RBD_MESSAGES.mirrorOf, { path: mirror.path, blockId: mirror.id, field: "of" });
  }
  if (out.regularCount === 0 && Array.isArray(value.blocks))
    report(out, "model.noRegular", RBD_MESSAGES.noRegular, { path: [] });
  return out.problems;
}

/** The model when it has no problems. */
export function parseRbd(
  value: unknown,
): { model: RbdModel; problems: [] } | { model?: undefined; problems: RbdProblem[] } {
  const problems = validateRbd(value);
  return problems.length === 0 ? { model: value as RbdModel, problems: [] } : { problems };
}

/** One line for a problem: where it is, then the message (the CLI's error format). */
export function describeProblem(problem: RbdProblem): string {
  const where = [...problem.path, problem.blockId].filter(Boolean).join("/");
  const field = problem.field ? `${where ? " " : ""}${problem.field}` : "";
  const text = problemText(problem);
  return where || field ? `${where}${field}: ${text}` : text;
}
