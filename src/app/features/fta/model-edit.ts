// Editing a fault tree model: pure functions from a model to a new model (unchanged parts shared), so undo
// is a stack of models and every operation is tested without a screen. Elements are named by code; an
// operation that removes the last use of an element removes the element (and what only it used).
// Spec 4's transitions: an intermediate event becomes a bottom event (its subtree deleted), a gate becomes an
// event, events become gates, transfer gates convert to and from subtrees.

import type {
  FtaBasicEvent,
  FtaDistribution,
  FtaGate,
  FtaGateType,
  FtaHouseEvent,
  FtaModel,
} from "../../../kernels/fta/model.ts";
import { DEFAULT_DISTRIBUTIONS } from "../../../shared/failure-model.ts";
import { rootGateCodes, subtreeCodes, treeOf } from "./view-tree.ts";

export class FtaEditError extends Error {
  override name = "FtaEditError";
  /** Key in the fta namespace (`edit.<key>`). */
  constructor(
    readonly key: string,
    readonly params: Record<string, string> = {},
  ) {
    super(key);
  }
}

export const DEFAULT_DISTRIBUTION: FtaDistribution = DEFAULT_DISTRIBUTIONS.fixed;

export type EventKind = "basic" | "undeveloped" | "house";

/** All codes in use. */
function codesOf(model: FtaModel): Set<string> {
  return new Set([
    ...model.gates.map((g) => g.code),
    ...model.basicEvents.map((e) => e.code),
    ...model.houseEvents.map((h) => h.code),
    ...(model.parameters ?? []).map((p) => p.code),
  ]);
}

/** The first free code `PREFIX<n>` (n from 1), or `base_<n>` for copies of `base`. */
export function freeCode(taken: Set<string>, prefix: string, copyOf?: string): string {
  if (copyOf !== undefined) {
    for (let n = 1; ; n++) {
      const code = `${copyOf}_${n}`;
      if (!taken.has(code)) return code;
    }
  }
  for (let n = 1; ; n++) {
    const code = `${prefix}${n}`;
    if (!taken.has(code)) return code;
  }
}

const findGate = (model: FtaModel, code: string) => model.gates.find((g) => g.code === code);

function requireGate(model: FtaModel, code: string): FtaGate {
  const gate = findGate(model, code);
  if (!gate) throw new FtaEditError("notAGate", { code });
  return gate;
}

function replaceGate(model: FtaModel, code: string, change: (g: FtaGate) => FtaGate): FtaModel {
  return { ...model, gates: model.gates.map((g) => (g.code === code ? change(g) : g)) };
}

/**
 * Drops elements nothing uses any more, except the roots given (the tree's top and transferred roots the
 * caller keeps). Repeats until stable, so a gate's now-unused subtree goes with it.
 */
export function dropUnused(model: FtaModel, keep: Iterable<string>): FtaModel {
  const keepSet = new Set(keep);
  const gates = new Map(model.gates.map((g) => [g.code, g]));
  const reachable = new Set<string>();
  const stack = [...keepSet];
  while (stack.length) {
    const code = stack.pop() as string;
    if (reachable.has(code)) continue;
    reachable.add(code);
    for (const input of gates.get(code)?.inputs ?? []) stack.push(input);
  }
  const gatesKept = model.gates.filter((g) => reachable.has(g.code));
  const basicKept = model.basicEvents.filter((e) => reachable.has(e.code));
  const houseKept = model.houseEvents.filter((h) => reachable.has(h.code));
  if (
    gatesKept.length === model.gates.length &&
    basicKept.length === model.basicEvents.length &&
    houseKept.length === model.houseEvents.length
  )
    return model;
  const next: FtaModel = { ...model, gates: gatesKept, basicEvents: basicKept, houseEvents: houseKept };
  if (next.top && !reachable.has(next.top)) delete next.top;
  return next;
}

/** The roots the model has now: what dropUnused keeps after an edit that should remove nothing else. */
function currentRoots(model: FtaModel): string[] {
  const used = new Set<string>();
  for (const g of model.gates) for (const input of g.inputs) used.add(input);
  return [
    ...rootGateCodes(model),
    ...model.basicEvents.filter((e) => !used.has(e.code)).map((e) => e.code),
    ...model.houseEvents.filter((h) => !used.has(h.code)).map((h) => h.code),
  ];
}

/** A new gate (an intermediate event with its gate) under `parent`, or the top gate of an empty tree. */
export function addGate(
  model: FtaModel,
  parent: string | null,
  type: FtaGateType = "or",
): { model: FtaModel; code: string } {
  const taken = codesOf(model);
  if (parent === null) {
    if (model.gates.length > 0) throw new FtaEditError("selectGate");
    const code = taken.has("TOP") ? freeCode(taken, "TOP") : "TOP";
    return { model: { ...model, top: code, gates: [{ code, type, inputs: [] }] }, code };
  }
  const p = requireGate(model, parent);
  const code = freeCode(taken, "G");
  const gate: FtaGate = { code, type, inputs: [] };
  if (p.tree !== undefined) gate.tree = p.tree;
  const next = replaceGate(model, parent, (g) => ({ ...g, inputs: [...g.inputs, code] }));
  return { model: { ...next, gates: [...next.gates, gate] }, code };
}

/** A new basic, undeveloped or house event under the gate `parent`. */
export function addEvent(
  model: FtaModel,
  parent: string,
  kind: EventKind,
): { model: FtaModel; code: string } {
  requireGate(model, parent);
  const taken = codesOf(model);
  const code = freeCode(taken, kind === "house" ? "H" : "E");
  let next = replaceGate(model, parent, (g) => ({ ...g, inputs: [...g.inputs, code] }));
  if (kind === "house") {
    next = { ...next, houseEvents: [...next.houseEvents, { code, state: true }] };
  } else {
    const event: FtaBasicEvent = { code, distribution: { ...DEFAULT_DISTRIBUTION } };
    if (kind === "undeveloped") event.undeveloped = true;
    next = { ...next, basicEvents: [...next.basicEvents, event] };
  }
  return { model: next, code };
}

/** Changes a gate's type; a voting gate keeps k within 2..n (2 when new). */
export function setGateType(model: FtaModel, code: string, type: FtaGateType, k?: number): FtaModel {
  requireGate(model, code);
  return replaceGate(model, code, (g) => {
    const next: FtaGate = { ...g, type };
    if (type === "atleast") next.k = k ?? g.k ?? 2;
    else delete next.k;
    return next;
  });
}

/**
 * Spec 4: an intermediate event (a gate) becomes a bottom event; its subtree is deleted (what is used
 * elsewhere stays). Name and remark are kept. The caller asks for confirmation first.
 */
export function gateToEvent(model: FtaModel, code: string, kind: EventKind = "basic"): FtaModel {
  const gate = requireGate(model, code);
  const roots = currentRoots(model).filter((r) => r !== code);
  const withoutInputs = replaceGate(model, code, (g) => ({ ...g, inputs: [] }));
  const pruned = dropUnused(withoutInputs, [...roots, code]);
  const base = {
    code,
    ...(gate.name ? { name: gate.name } : {}),
    ...(gate.remark ? { remark: gate.remark } : {}),
  };
  const next: FtaModel = { ...pruned, gates: pruned.gates.filter((g) => g.code !== code) };
  if (next.top === code) delete next.top;
  if (kind === "house") return { ...next, houseEvents: [...next.houseEvents, { ...base, state: true }] };
  const event: FtaBasicEvent = { ...base, distribution: { ...DEFAULT_DISTRIBUTION } };
  if (kind === "undeveloped") event.undeveloped = true;
  return { ...next, basicEvents: [...next.basicEvents, event] };
}

/** Spec 4: an event becomes a gate (an intermediate event with an OR gate and no inputs yet). */
export function eventToGate(model: FtaModel, code: string, type: FtaGateType = "or"): FtaModel {
  const basic = model.basicEvents.find((e) => e.code === code);
  const house = model.houseEvents.find((h) => h.code === code);
  const element = basic ?? house;
  if (!element) throw new FtaEditError("notAnEvent", { code });
  // The new gate joins the fault tree of the first gate that uses the event.
  const user = model.gates.find((g) => g.inputs.includes(code));
  const gate: FtaGate = {
    code,
    type,
    inputs: [],
    ...(element.name ? { name: element.name } : {}),
    ...(element.remark ? { remark: element.remark } : {}),
    ...(user?.tree !== undefined ? { tree: user.tree } : {}),
  };
  return {
    ...model,
    basicEvents: model.basicEvents.filter((e) => e.code !== code),
    houseEvents: model.houseEvents.filter((h) => h.code !== code),
    gates: [...model.gates, gate],
  };
}

/** Users of a gate: the gates that list it. */
const usersOf = (model: FtaModel, code: string) => model.gates.filter((g) => g.inputs.includes(code));

/**
 * Spec 4: a subtree becomes a transfer. Its gates move to a fault tree of their own (named after the gate),
 * drawn separately; where it was used, a transfer-in symbol stands for it. The model's logic is unchanged.
 */
export function subtreeToTransfer(model: FtaModel, code: string): FtaModel {
  const gate = requireGate(model, code);
  const users = usersOf(model, code);
  if (users.length === 0) throw new FtaEditError("topCannotTransfer");
  const from = treeOf(gate, model);
  if (users.every((u) => treeOf(u, model) !== from)) throw new FtaEditError("alreadyTransfer", { code });
  const taken = new Set(model.gates.map((g) => treeOf(g, model)));
  let tree = code;
  for (let n = 2; taken.has(tree); n++) tree = `${code}_${n}`;
  const members = subtreeCodes(model, code);
  return {
    ...model,
    gates: model.gates.map((g) => (members.has(g.code) && treeOf(g, model) === from ? { ...g, tree } : g)),
  };
}

/** Spec 4: a transferred subtree is drawn in place again: its gates join the tree of its (first) user. */
export function transferToSubtree(model: FtaModel, code: string): FtaModel {
  const gate = requireGate(model, code);
  const users = usersOf(model, code);
  const from = treeOf(gate, model);
  const user = users.find((u) => treeOf(u, model) !== from);
  if (!user) throw new FtaEditError("notATransfer", { code });
  const members = subtreeCodes(model, code);
  return {
    ...model,
    gates: model.gates.map((g) => {
      if (!members.has(g.code) || treeOf(g, model) !== from) return g;
      const next = { ...g };
      if (user.tree === undefined) delete next.tree;
      else next.tree = user.tree;
      return next;
    }),
  };
}

/**
 * Removes one occurrence: input `index` of gate `parent`, or the root `code` (parent null: its whole tree).
 * Elements no longer used anywhere go too.
 */
export function deleteOccurrence(
  model: FtaModel,
  parent: string | null,
  index: number,
  code: string,
): FtaModel {
  if (parent === null)
    return dropUnused(
      model,
      currentRoots(model).filter((r) => r !== code),
    );
  const p = requireGate(model, parent);
  if (p.inputs[index] !== code) throw new FtaEditError("stale");
  const roots = currentRoots(model);
  const next = replaceGate(model, parent, (g) => ({ ...g, inputs: g.inputs.filter((_, i) => i !== index) }));
  return dropUnused(next, roots);
}

/** Moves input `index` of a gate one place left (-1) or right (+1). */
export function moveInput(model: FtaModel, parent: string, index: number, delta: -1 | 1): FtaModel {
  const p = requireGate(model, parent);
  const to = index + delta;
  if (to < 0 || to >= p.inputs.length) return model;
  const inputs = [...p.inputs];
  [inputs[index], inputs[to]] = [inputs[to], inputs[index]];
  return replaceGate(model, parent, (g) => ({ ...g, inputs }));
}

/** Whether `code` is `ancestor` or lies below it (pasting `ancestor` under `code` would make a cycle). */
export function isWithin(model: FtaModel, ancestor: string, code: string): boolean {
  return subtreeCodes(model, ancestor).has(code);
}

/** Adds the existing element `code` as a further input of `parent` (a repeated event or a shared gate). */
export function addReference(model: FtaModel, parent: string, code: string): FtaModel {
  const p = requireGate(model, parent);
  if (!codesOf(model).has(code)) throw new FtaEditError("gone", { code });
  if (isWithin(model, code, parent)) throw new FtaEditError("cycle", { code, parent });
  if (p.inputs.includes(code)) throw new FtaEditError("alreadyInput", { code, parent });
  return replaceGate(model, parent, (g) => ({ ...g, inputs: [...g.inputs, code] }));
}

/** What copy takes: the element and everything below it. */
export interface FtaFragment {
  root: string;
  gates: FtaGate[];
  basicEvents: FtaBasicEvent[];
  houseEvents: FtaHouseEvent[];
}

export function copyFragment(model: FtaModel, code: string): FtaFragment {
  const members = subtreeCodes(model, code);
  if (!codesOf(model).has(code)) throw new FtaEditError("gone", { code });
  return {
    root: code,
    gates: model.gates.filter((g) => members.has(g.code)).map((g) => ({ ...g, inputs: [...g.inputs] })),
    basicEvents: model.basicEvents.filter((e) => members.has(e.code)).map((e) => structuredClone(e)),
    houseEvents: model.houseEvents.filter((h) => members.has(h.code)).map((h) => ({ ...h })),
  };
}

/**
 * Pastes a copy of a fragment under `parent`: every element gets a new code (`CODE_1`, `CODE_2`, ...), so the
 * copy is independent of the original. Gates join the parent's fault tree.
 */
export function pasteFragment(
  model: FtaModel,
  parent: string,
  fragment: FtaFragment,
): { model: FtaModel; code: string } {
  const p = requireGate(model, parent);
  const taken = codesOf(model);
  const rename = new Map<string, string>();
  for (const c of [
    ...fragment.gates.map((g) => g.code),
    ...fragment.basicEvents.map((e) => e.code),
    ...fragment.houseEvents.map((h) => h.code),
  ]) {
    const code = freeCode(taken, "", c);
    taken.add(code);
    rename.set(c, code);
  }
  const to = (c: string) => rename.get(c) ?? c;
  const gates = fragment.gates.map((g) => {
    const copy: FtaGate = { ...g, code: to(g.code), inputs: g.inputs.map(to) };
    if (p.tree === undefined) delete copy.tree;
    else copy.tree = p.tree;
    return copy;
  });
  const root = to(fragment.root);
  const next = replaceGate(model, parent, (g) => ({ ...g, inputs: [...g.inputs, root] }));
  return {
    model: {
      ...next,
      gates: [...next.gates, ...gates],
      basicEvents: [
        ...next.basicEvents,
        ...fragment.basicEvents.map((e) => ({ ...structuredClone(e), code: to(e.code) })),
      ],
      houseEvents: [...next.houseEvents, ...fragment.houseEvents.map((h) => ({ ...h, code: to(h.code) }))],
    },
    code: root,
  };
}

/** Cut then paste: the occurrence moves from (fromParent, index) to the end of `toParent`'s inputs. */
export function moveOccurrence(
  model: FtaModel,
  fromParent: string,
  index: number,
  code: string,
  toParent: string,
): FtaModel {
  const source = requireGate(model, fromParent);
  if (source.inputs[index] !== code) throw new FtaEditError("stale");
  const target = requireGate(model, toParent);
  if (isWithin(model, code, toParent)) throw new FtaEditError("cycle", { code, parent: toParent });
  if (fromParent !== toParent && target.inputs.includes(code))
    throw new FtaEditError("alreadyInput", { code, parent: toParent });
  const removed = replaceGate(model, fromParent, (g) => ({
    ...g,
    inputs: g.inputs.filter((_, i) => i !== index),
  }));
  return replaceGate(removed, toParent, (g) => ({ ...g, inputs: [...g.inputs, code] }));
}

/** Codes: not empty, at most 100 characters, no white space or commas (xlsx lists inputs comma-separated). */
export function codeProblem(model: FtaModel, code: string, current?: string): string | undefined {
  if (code.length === 0) return "codeRequired";
  if (code.length > 100) return "codeTooLong";
  if (/[\s,]/.test(code)) return "codeCharacters";
  if (code !== current && codesOf(model).has(code)) return "codeTaken";
  return undefined;
}

/** Renames an element everywhere it is used. */
export function renameCode(model: FtaModel, from: string, to: string): FtaModel {
  if (from === to) return model;
  const problem = codeProblem(model, to, from);
  if (problem) throw new FtaEditError(problem, { code: to });
  const r = (c: string) => (c === from ? to : c);
  const next: FtaModel = {
    ...model,
    gates: model.gates.map((g) => ({
      ...g,
      code: r(g.code),
      inputs: g.inputs.includes(from) ? g.inputs.map(r) : g.inputs,
      ...(g.tree === from ? { tree: to } : {}),
    })),
    basicEvents: model.basicEvents.map((e) => (e.code === from ? { ...e, code: to } : e)),
    houseEvents: model.houseEvents.map((h) => (h.code === from ? { ...h, code: to } : h)),
  };
  if (model.top === from) next.top = to;
  return next;
}

export type ElementPatch = {
  name?: string;
  remark?: string;
  distribution?: FtaDistribution;
  undeveloped?: boolean;
  state?: boolean;
  k?: number;
};

/** Changes the attributes of one element (empty name or remark removes it). */
export function updateElement(model: FtaModel, code: string, patch: ElementPatch): FtaModel {
  const text = <T extends { name?: string; remark?: string }>(x: T): T => {
    const out = { ...x };
    for (const key of ["name", "remark"] as const) {
      if (!(key in patch)) continue;
      const v = patch[key];
      if (v) out[key] = v;
      else delete out[key];
    }
    return out;
  };
  if (findGate(model, code))
    return replaceGate(model, code, (g) => {
      const next = text(g);
      if (patch.k !== undefined && g.type === "atleast") next.k = patch.k;
      return next;
    });
  if (model.basicEvents.some((e) => e.code === code))
    return {
      ...model,
      basicEvents: model.basicEvents.map((e) => {
        if (e.code !== code) return e;
        const next = text(e);
        if (patch.distribution) next.distribution = patch.distribution;
        if (patch.undeveloped === true) next.undeveloped = true;
        if (patch.undeveloped === false) delete next.undeveloped;
        return next;
      }),
    };
  if (model.houseEvents.some((h) => h.code === code))
    return {
      ...model,
      houseEvents: model.houseEvents.map((h) => {
        if (h.code !== code) return h;
        const next = text(h);
        if (patch.state !== undefined) next.state = patch.state;
        return next;
      }),
    };
  throw new FtaEditError("gone", { code });
}

/** Changes what kind of bottom event an event is: basic, undeveloped (a flag) or house (true/false). */
export function changeEventKind(model: FtaModel, code: string, kind: EventKind): FtaModel {
  const basic = model.basicEvents.find((e) => e.code === code);
  const house = model.houseEvents.find((h) => h.code === code);
  const element = basic ?? house;
  if (!element) throw new FtaEditError("notAnEvent", { code });
  const base = {
    code,
    ...(element.name ? { name: element.name } : {}),
    ...(element.remark ? { remark: element.remark } : {}),
  };
  if (kind === "house") {
    if (house) return model;
    return {
      ...model,
      basicEvents: model.basicEvents.filter((e) => e.code !== code),
      houseEvents: [...model.houseEvents, { ...base, state: true }],
    };
  }
  if (basic) return updateElement(model, code, { undeveloped: kind === "undeveloped" });
  const event: FtaBasicEvent = { ...base, distribution: { ...DEFAULT_DISTRIBUTION } };
  if (kind === "undeveloped") event.undeveloped = true;
  return {
    ...model,
    houseEvents: model.houseEvents.filter((h) => h.code !== code),
    basicEvents: [...model.basicEvents, event],
  };
}
