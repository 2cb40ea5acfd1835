// Risk analysis and optimisation (AIAG & VDA FMEA Handbook 2019, steps 5 and 6) read from the FMEA's nodes:
// the failure chains of the failure net (FE -> FM -> FC) flattened to the rows of form A, each with its
// structure and function cells, controls, S, O, D, action priority and optimisation actions. Nothing here is
// stored apart from the nodes: the ratings live on the failures' assessments tab (S on the effect, O and D
// on the cause), the controls are the prevention and detection measure nodes under the cause, the actions
// are optimisation measure nodes (optMeas) under the cause. The table, the exports and the summary all read
// these rows, so the tree and the table show one model.
import { type ActionPriority, actionPriority, isRating, riskPriorityNumber } from "./ap.ts";
import type { FmeaNode } from "./model.ts";
import { childIndex, type FmeaDoc } from "./tree.ts";

/** AIAG-VDA step 6 action status, in the handbook's order. */
export const ACTION_STATUSES = [
  "open",
  "decisionPending",
  "implementationPending",
  "completed",
  "notImplemented",
] as const;
export type ActionStatus = (typeof ACTION_STATUSES)[number];
/** Statuses that end an action: "AP=(H)" is shown while a high row still has another. */
const FINISHED: readonly ActionStatus[] = ["completed", "notImplemented"];

export type ActionType = "prevention" | "detection";

/**
 * Where each optimisation field of an action (an optMeas node) is kept, by attribute tab and field: the
 * action text is the node's name, the re-rated S, O, D its assessments tab, the special characteristic
 * after the action its featureClassify tab (as the failure mode's is, SPECIAL_FIELD).
 */
export const ACTION_FIELDS = {
  type: ["status", "actionType"],
  responsible: ["responsible", "responsiblePeople"],
  targetDate: ["responsible", "targetDate"],
  status: ["status", "status"],
  actionTaken: ["status", "actionTaken"],
  evidence: ["status", "evidence"],
  completionDate: ["status", "completionDate"],
  /** Form A's last column, the remarks on the line's action. */
  remarks: ["about", "remark"],
} as const;
export type ActionField = keyof typeof ACTION_FIELDS;

/** Other fields of the form kept on the failure mode: the special characteristic mark and the filter code. */
export const SPECIAL_FIELD = ["featureClassify", "specialClass"] as const;
export const FILTER_CODE_FIELD = ["customAttr", "filterCode"] as const;

export function attr(node: FmeaNode | null | undefined, tab: string, field: string): unknown {
  return (node?.attrs as Record<string, Record<string, unknown> | undefined> | undefined)?.[tab]?.[field];
}

export function textAttr(node: FmeaNode | null | undefined, tab: string, field: string): string {
  const value = attr(node, tab, field);
  return value === undefined || value === null ? "" : String(value);
}

export function rating(node: FmeaNode | null | undefined, field: "severity" | "occurrence" | "detection") {
  const value = attr(node, "assessments", field);
  const n = typeof value === "string" && value.trim() !== "" ? Number(value) : value;
  return isRating(n) ? n : null;
}

export interface Action {
  node: FmeaNode;
  type: ActionType;
  status: ActionStatus;
  responsible: string;
  /** Re-rated S, O, D: a rating not given again stays as it was before the action. */
  s: number | null;
  o: number | null;
  d: number | null;
  ap: ActionPriority | null;
}

export interface Chain {
  /** `fe:fm:fc` node ids ("-" for a missing end): stable across edits, for selection and order. */
  key: string;
  fe: FmeaNode | null;
  fm: FmeaNode;
  fc: FmeaNode | null;
  /** Every effect of the mode (the worst of them gives the AP's S). */
  effectIds: string[];
  /** The function, requirement or characteristic each failure negates (its parent). */
  feFunction: FmeaNode | null;
  fmFunction: FmeaNode | null;
  fcFunction: FmeaNode | null;
  /** The structure element each failure belongs to (next higher, focus, next lower). */
  feElement: FmeaNode | null;
  fmElement: FmeaNode | null;
  fcElement: FmeaNode | null;
  /** Where S is rated (the effect, or the mode while it has no effect) and where O and D are (the cause, or the mode). */
  severityNode: FmeaNode;
  ratingNode: FmeaNode;
  /** This row's S, and the S of the mode's worst effect, which the AP and RPN use. */
  s: number | null;
  sWorst: number | null;
  o: number | null;
  d: number | null;
  ap: ActionPriority | null;
  rpn: number | null;
  prevention: FmeaNode[];
  detection: FmeaNode[];
  actions: Action[];
  special: string;
  filterCode: string;
  /** AP H with an action not yet completed or decided against: shown "(H)". */
  highOpen: boolean;
}

function statusOf(node: FmeaNode): ActionStatus {
  const value = textAttr(node, "status", "status");
  return (ACTION_STATUSES as readonly string[]).includes(value) ? (value as ActionStatus) : "open";
}

/** The measures of kind `kind` under `failure`, directly or in a measure group. */
function measures(index: Map<string | null, FmeaNode[]>, failure: FmeaNode, kind: FmeaNode["kind"]) {
  const out: FmeaNode[] = [];
  for (const child of index.get(failure.id) ?? []) {
    if (child.kind === kind) out.push(child);
    else if (child.kind === "measGroup")
      for (const inner of index.get(child.id) ?? []) if (inner.kind === kind) out.push(inner);
  }
  return out;
}

/**
 * The failure chains of the document, in tree order of the failure modes. A failure with both an effect
 * above and a cause below is a failure mode: one chain per (effect, cause). A failure linked only
 * downwards or only upwards is a mode with that end missing, unless it is already the effect or cause of
 * a complete chain; a pair linked to nothing else is one chain, the upper failure its mode and the lower
 * its cause (not also the lower as a mode with that effect); an unlinked failure is a mode of its own. So
 * every failure is rated somewhere, once.
 */
export function failureChains(doc: FmeaDoc): Chain[] {
  let chains = derived.get(doc);
  if (!chains) {
    chains = deriveChains(doc);
    derived.set(doc, chains);
  }
  return chains;
}

/**
 * The chains of each document already derived: the workbook's form and action list, the table and its
 * summary read the same ones. A document is never changed in place (an edit makes a new one); the chains
 * are read, never changed, by their users.
 */
const derived = new WeakMap<FmeaDoc, Chain[]>();

function deriveChains(doc: FmeaDoc): Chain[] {
  const index = childIndex(doc);
  const up = new Map<string, string[]>();
  const down = new Map<string, string[]>();
  for (const link of doc.links.values()) {
    if (link.kind !== "failure") continue;
    const d = down.get(link.from);
    if (d) d.push(link.to);
    else down.set(link.from, [link.to]);
    const u = up.get(link.to);
    if (u) u.push(link.from);
    else up.set(link.to, [link.from]);
  }
  const node = (id: string) => doc.nodes.get(id) ?? null;
  const isMiddle = (id: string) => (up.get(id)?.length ?? 0) > 0 && (down.get(id)?.length ?? 0) > 0;

  const elementOf = new Map<string, FmeaNode | null>();
  const owner = (n: FmeaNode | null): FmeaNode | null => {
    if (!n) return null;
    const known = elementOf.get(n.id);
    if (known !== undefined) return known;
    let at: FmeaNode | null = n;
    while (at && at.kind !== "stru") at = at.parentId === null ? null : node(at.parentId);
    elementOf.set(n.id, at);
    return at;
  };
  const fn = (n: FmeaNode | null) => (n && n.parentId !== null ? node(n.parentId) : null);

  const chains: Chain[] = [];
  const make = (fe: FmeaNode | null, fm: FmeaNode, fc: FmeaNode | null, effects: FmeaNode[]) => {
    const ratingNode = fc ?? fm;
    chains.push(
      rated(
        {
          key: `${fe?.id ?? "-"}:${fm.id}:${fc?.id ?? "-"}`,
          effectIds: effects.map((e) => e.id),
          fe,
          fm,
          fc,
          feFunction: fn(fe),
          fmFunction: fn(fm),
          fcFunction: fn(fc),
          feElement: owner(fe),
          fmElement: owner(fm),
          fcElement: owner(fc),
          severityNode: fe ?? fm,
          ratingNode,
          prevention: measures(index, ratingNode, "preMeas"),
          detection: measures(index, ratingNode, "findMeas"),
          actionNodes: measures(index, ratingNode, "optMeas"),
        },
        (id) => doc.nodes.get(id),
      ),
    );
  };

  // Failures in tree order, an element's own failures before those of the elements below it (form A lists
  // the focus elements from the top down): a depth-first walk from the roots.
  const stack = [...(index.get(null) ?? [])].reverse();
  while (stack.length > 0) {
    const at = stack.pop() as FmeaNode;
    const kids = index.get(at.id);
    if (kids) {
      for (let i = kids.length - 1; i >= 0; i--) if (kids[i].kind === "stru") stack.push(kids[i]);
      for (let i = kids.length - 1; i >= 0; i--) if (kids[i].kind !== "stru") stack.push(kids[i]);
    }
    if (at.kind !== "fail") continue;
    const effects = (up.get(at.id) ?? []).map(node).filter((n): n is FmeaNode => n !== null);
    const causes = (down.get(at.id) ?? []).map(node).filter((n): n is FmeaNode => n !== null);
    if (effects.length > 0 && causes.length > 0) {
      for (const fe of effects) for (const fc of causes) make(fe, at, fc, effects);
    } else if (causes.length > 0) {
      // The effect end of complete chains below is not a mode of its own.
      if (causes.some((c) => isMiddle(c.id))) continue;
      for (const fc of causes) make(null, at, fc, []);
    } else if (effects.length > 0) {
      if (effects.some((e) => isMiddle(e.id))) continue;
      // A lone pair (its upper failure linked to nothing else above, nor to a complete chain below) is read
      // once, as the upper failure's mode with this failure its cause, made when the walk passed it.
      if (effects.every((e) => !up.has(e.id) && !(down.get(e.id) ?? []).some(isMiddle))) continue;
      for (const fe of effects) make(fe, at, null, effects);
    } else make(null, at, null, []);
  }
  return chains;
}

type ChainNodes = Omit<
  Chain,
  "s" | "sWorst" | "o" | "d" | "ap" | "rpn" | "actions" | "special" | "filterCode" | "highOpen"
> & { actionNodes: FmeaNode[] };

/** A chain's ratings, AP, RPN and actions from its nodes (the worst effect read through `effect`). */
function rated(nodes: ChainNodes, effect: (id: string) => FmeaNode | undefined): Chain {
  const { actionNodes, fm, severityNode, ratingNode } = nodes;
  const effects = nodes.effectIds.map(effect);
  const sWorst =
    nodes.effectIds.length === 0
      ? rating(fm, "severity")
      : worst(effects.map((e) => rating(e ?? null, "severity")));
  const s = rating(severityNode, "severity");
  const o = rating(ratingNode, "occurrence");
  const d = rating(ratingNode, "detection");
  const ap = actionPriority(sWorst, o, d);
  const actions: Action[] = actionNodes.map((a) => {
    const as = rating(a, "severity") ?? sWorst;
    const ao = rating(a, "occurrence") ?? o;
    const ad = rating(a, "detection") ?? d;
    return {
      node: a,
      type: textAttr(a, "status", "actionType") === "detection" ? "detection" : "prevention",
      status: statusOf(a),
      responsible: textAttr(a, "responsible", "responsiblePeople"),
      s: as,
      o: ao,
      d: ad,
      ap: actionPriority(as, ao, ad),
    };
  });
  // Written out, not spread from `nodes`: one object shape for every chain keeps 4,000 of them cheap to make.
  return {
    key: nodes.key,
    fe: nodes.fe,
    fm,
    fc: nodes.fc,
    effectIds: nodes.effectIds,
    feFunction: nodes.feFunction,
    fmFunction: nodes.fmFunction,
    fcFunction: nodes.fcFunction,
    feElement: nodes.feElement,
    fmElement: nodes.fmElement,
    fcElement: nodes.fcElement,
    severityNode,
    ratingNode,
    prevention: nodes.prevention,
    detection: nodes.detection,
    s,
    sWorst,
    o,
    d,
    ap,
    rpn: riskPriorityNumber(sWorst, o, d),
    actions,
    special: textAttr(fm, ...SPECIAL_FIELD),
    filterCode: textAttr(fm, ...FILTER_CODE_FIELD),
    highOpen: ap === "H" && actions.some((a) => !FINISHED.includes(a.status)),
  };
}

/**
 * The chain again from `doc` when only names and attributes changed since it was derived (no node added,
 * removed or moved, no link changed): its nodes looked up by id, its ratings, AP and actions recomputed.
 * What the table does after an edit of a cell, instead of deriving every chain again.
 */
export function rerateChain(chain: Chain, doc: FmeaDoc): Chain {
  const at = <T extends FmeaNode | null>(n: T): T => (n ? ((doc.nodes.get(n.id) ?? n) as T) : n);
  return rated(
    {
      key: chain.key,
      effectIds: chain.effectIds,
      fe: at(chain.fe),
      fm: at(chain.fm),
      fc: at(chain.fc),
      feFunction: at(chain.feFunction),
      fmFunction: at(chain.fmFunction),
      fcFunction: at(chain.fcFunction),
      feElement: at(chain.feElement),
      fmElement: at(chain.fmElement),
      fcElement: at(chain.fcElement),
      severityNode: at(chain.severityNode),
      ratingNode: at(chain.ratingNode),
      prevention: chain.prevention.map(at),
      detection: chain.detection.map(at),
      actionNodes: chain.actions.map((a) => at(a.node)),
    },
    (id) => doc.nodes.get(id),
  );
}

/** The highest of the ratings given (AIAG-VDA: a mode with several effects takes the worst), or null. */
export function worst(ratings: readonly (number | null)[]): number | null {
  let max: number | null = null;
  for (const r of ratings) if (r !== null && (max === null || r > max)) max = r;
  return max;
}

/** The AP as the form shows it: "(H)" while a high row has unfinished actions. */
export function apLabel(chain: Pick<Chain, "ap" | "highOpen">): string {
  if (chain.ap === null) return "";
  return chain.highOpen ? "(H)" : chain.ap;
}
