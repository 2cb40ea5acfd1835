// A fault tree from the FMEA's failure net (FMEA to FTA, IEC 60812:2018 annex on combining FMEA with
// FTA; IEC 61025:2006 for the tree): the chosen failure effect is the top event, each failure it links
// to one level down (its failure modes) is an OR gate over the failures below it (their causes), and a
// failure with nothing linked below is a basic event. A cause reached along several chains is one basic
// event used by several gates (a repeated event), so its minimal cut sets are exactly the causes reachable
// from the effect, each alone. A basic event's probability is its occurrence rating looked up in a table
// the user sees and may edit; the default is the optional "incidents per 1,000 items" column of the
// AIAG & VDA FMEA Handbook's (2019) DFMEA occurrence table (rating 10: 1 in 10 ... rating 2: 1 in 10^6).
// Rating 1 ("failure eliminated through prevention control") has no number there: relbench uses 1e-7,
// one decade below rating 2, and says so in the table.
import type { FtaBasicEvent, FtaGate, FtaModel } from "../../kernels/fta/model.ts";
import type { Problem } from "../problem.ts";
import type { FmeaNode } from "./model.ts";
import { childrenOf, type FmeaDoc, ownerStructure } from "./tree.ts";

/** Occurrence rating 1..10 -> probability (index 0 is rating 1). */
export type OccurrenceTable = readonly number[];

export const DEFAULT_OCCURRENCE_PROBABILITIES: OccurrenceTable = [
  1e-7, 1e-6, 1e-5, 1e-4, 5e-4, 2e-3, 1e-2, 2e-2, 5e-2, 1e-1,
];

/** A table is ten probabilities in (0, 1], not decreasing as the rating rises. */
export function occurrenceTableProblem(table: readonly number[]): Problem | null {
  if (table.length !== 10) return { key: "fmea.occurrenceTable" };
  for (let i = 0; i < 10; i++) {
    const p = table[i];
    if (!(Number.isFinite(p) && p > 0 && p <= 1)) return { key: "fmea.occurrenceTable", where: [i + 1] };
    if (i > 0 && p < table[i - 1]) return { key: "fmea.occurrenceOrder", where: [i + 1] };
  }
  return null;
}

export interface FaultTreeOfEffect {
  model: FtaModel;
  /** FMEA node id of each basic event's code, and of each gate's code. */
  nodeOf: Record<string, string>;
  /** Causes without an occurrence rating: drawn as undeveloped events with the rating 10 probability. */
  unrated: string[];
}

/** The failures `id` links to one level down (failure net), in tree order. */
function lowerFailures(doc: FmeaDoc, id: string): FmeaNode[] {
  const out: FmeaNode[] = [];
  for (const link of doc.links.values())
    if (link.kind === "failure" && link.from === id) {
      const node = doc.nodes.get(link.to);
      if (node) out.push(node);
    }
  // In the order the structure tree shows them: by element, then by the failure's place under it.
  const key = (n: FmeaNode) => [ownerStructure(doc, n.id)?.ord ?? 0, n.ord] as const;
  return out.sort((a, b) => {
    const [sa, na] = key(a);
    const [sb, nb] = key(b);
    return sa - sb || na - nb || (a.id < b.id ? -1 : 1);
  });
}

/** A failure's occurrence rating (assessments tab), or null when it has none. */
function occurrenceOf(node: FmeaNode): number | null {
  const o = node.attrs.assessments?.occurrence;
  const n = typeof o === "number" ? o : typeof o === "string" && o !== "" ? Number(o) : Number.NaN;
  return Number.isInteger(n) && n >= 1 && n <= 10 ? n : null;
}

/** Whether `id` is a failure effect: a failure with failure modes linked below it. */
export function isFailureEffect(doc: FmeaDoc, id: string): boolean {
  return doc.nodes.get(id)?.kind === "fail" && lowerFailures(doc, id).length > 0;
}

/**
 * The fault tree of failure effect `effectId`. Codes are FE (the top), FM1, FM2 ... for gates and FC1,
 * FC2 ... for basic events in the order met; names are the FMEA's failure names.
 */
export function faultTreeOfEffect(
  doc: FmeaDoc,
  effectId: string,
  table: OccurrenceTable = DEFAULT_OCCURRENCE_PROBABILITIES,
  missionTime = 8760,
): { ok: true; tree: FaultTreeOfEffect } | { ok: false; problem: Problem } {
  const effect = doc.nodes.get(effectId);
  if (effect?.kind !== "fail") return { ok: false, problem: { key: "fmea.notFailure" } };
  if (lowerFailures(doc, effectId).length === 0)
    return { ok: false, problem: { key: "fmea.effectWithoutModes", params: { name: effect.name } } };
  const tableProblem = occurrenceTableProblem(table);
  if (tableProblem) return { ok: false, problem: tableProblem };

  const gates: FtaGate[] = [];
  const events: FtaBasicEvent[] = [];
  const codeOf = new Map<string, string>();
  const nodeOf: Record<string, string> = {};
  const unrated: string[] = [];
  let gateCount = 0;
  let eventCount = 0;
  const label = (n: FmeaNode) => n.name || n.id;

  const visit = (node: FmeaNode, top: boolean): string => {
    const known = codeOf.get(node.id);
    if (known) return known;
    const below = lowerFailures(doc, node.id);
    if (below.length === 0) {
      const code = `FC${++eventCount}`;
      codeOf.set(node.id, code);
      nodeOf[code] = node.id;
      const o = occurrenceOf(node);
      if (o === null) unrated.push(node.id);
      events.push({
        code,
        name: label(node),
        remark: o === null ? "O -" : `O ${o}`,
        ...(o === null ? { undeveloped: true } : {}),
        distribution: { type: "fixed", probability: table[(o ?? 10) - 1] },
      });
      return code;
    }
    const code = top ? "FE" : `FM${++gateCount}`;
    codeOf.set(node.id, code);
    nodeOf[code] = node.id;
    const gate: FtaGate = { code, name: label(node), type: "or", inputs: [] };
    gates.push(gate);
    gate.inputs = below.map((child) => visit(child, false));
    // An OR of one input is that input (the kernel's validation asks two or more of an OR gate).
    if (gate.inputs.length === 1) gate.type = "null";
    return code;
  };
  visit(effect, true);
  return {
    ok: true,
    tree: {
      model: {
        format: "relbench-fta",
        version: 1,
        name: label(effect),
        missionTime,
        top: "FE",
        gates,
        basicEvents: events,
        houseEvents: [],
      },
      nodeOf,
      unrated,
    },
  };
}

/** The causes reachable from a failure along the failure net: the failures with nothing linked below. */
export function reachableCauses(doc: FmeaDoc, id: string): string[] {
  const out = new Set<string>();
  const seen = new Set<string>();
  const stack = [id];
  while (stack.length > 0) {
    const at = stack.pop() as string;
    if (seen.has(at)) continue;
    seen.add(at);
    const below = lowerFailures(doc, at);
    if (below.length === 0 && at !== id) out.add(at);
    for (const b of below) stack.push(b.id);
  }
  return [...out].sort();
}

/** The failures of an FMEA that have failure modes linked below them, higher levels first. */
export function failureEffects(doc: FmeaDoc): FmeaNode[] {
  const out: FmeaNode[] = [];
  const visit = (parentId: string | null) => {
    // An element's own failures before those of the elements below it.
    const children = childrenOf(doc, parentId);
    for (const child of [
      ...children.filter((c) => c.kind !== "stru"),
      ...children.filter((c) => c.kind === "stru"),
    ]) {
      if (child.kind === "fail" && isFailureEffect(doc, child.id)) out.push(child);
      visit(child.id);
    }
  };
  visit(null);
  return out;
}
