// The structure screen's state: the FMEA's tree as the server last confirmed it plus this editor's own
// edits, applied at once and sent as operation batches in order; undo and redo (state/history.ts steps of
// before/after snapshots, sent as the operations between them); the selection's four slots (spec 4, selection.ts:
// each tree's, the node checked last, the clipboard held until pasted), closed nodes and the node being renamed. Other people's edits arrive by
// polling the server's change log every two seconds while no edit of ours is on its way.
import { batch, signal } from "@preact/signals-react";
import i18n from "i18next";
import {
  type ActionArgs,
  type Clipboard,
  linkPicked,
  type NodeAction,
  runAction,
} from "../../../shared/fmea/actions.ts";
import { LayeredMap } from "../../../shared/fmea/layered-map.ts";
import type { FmeaNode, FmeaVariant } from "../../../shared/fmea/model.ts";
import {
  type Applied,
  applyOps,
  diffOps,
  docOf,
  type FmeaDoc,
  type FmeaOp,
} from "../../../shared/fmea/tree.ts";
import type { Problem } from "../../../shared/problem.ts";
import type { FmeaChangesAnswer, FmeaTreeAnswer } from "../../../shared/schemas/fmea.ts";
import { fmeaNodesApi } from "../../api/fmea.ts";
import { ApiError } from "../../api/http.ts";
import { message } from "../../components/message.ts";
import { problemMessage } from "../../components/problem.ts";
import { noSteps, recordStep, type Steps, takeRedo, takeUndo } from "../../state/history.ts";
import { keepUnchanged, noteEdit } from "./rows.ts";
import {
  type Checked,
  checkNode,
  clearSlot,
  enterTree,
  NO_SLOTS,
  pruneSlots,
  type SelectionSlot,
  type Slots,
} from "./selection.ts";
import { arrowStep, type Pane, paneRows } from "./view.ts";

interface Step {
  before: FmeaDoc;
  after: FmeaDoc;
}

export const openFmea = signal<{ id: number; variant: FmeaVariant } | null>(null);
export const doc = signal<FmeaDoc>(docOf({ variant: "design", nodes: [], links: [] }));
export const seq = signal(0);
export const steps = signal<Steps<Step>>(noSteps());
export const selected = signal<Record<Pane, string | null>>({ left: null, right: null });
export const pane = signal<Pane>("left");
export const closed = signal<ReadonlySet<string>>(new Set());
export const clipboard = signal<Clipboard | null>(null);
/** The node checked last in either tree: what a node command naming no tree acts on. */
export const lastChecked = signal<Checked | null>(null);
export const renaming = signal<string | null>(null);
/** The node whose attribute dialog is open. */
export const attributesOf = signal<string | null>(null);
/** A function, characteristic or failure marked to be linked to the next one picked (function or failure net). */
export const linkMark = signal<string | null>(null);
export const loading = signal(false);
/** Whether this user may edit the open FMEA's nodes (the tree's answer, spec 6); a reader's edits are refused
 * here, before they are shown, so nothing appears that the server would take back. */
export const editable = signal(true);
/** Batches sent and not yet answered. */
export const pending = signal(0);

let queue: Promise<void> = Promise.resolve();
let poller: ReturnType<typeof setInterval> | null = null;
let counter = 0;
export const newId = () =>
  `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}${(counter++).toString(36)}`;

/** The selected node of tree `which`; with no tree named, the node checked last. */
export function selectedId(which?: Pane): string | null {
  return which ? selected.value[which] : (lastChecked.value?.id ?? null);
}

/** The tree the node checked last is in (the pane in front while none is). */
export function checkedPane(): Pane {
  return lastChecked.value?.pane ?? pane.value;
}

function slots(): Slots {
  const { left, right } = selected.peek();
  return { left, right, lastChecked: lastChecked.peek(), clipboard: clipboard.peek() };
}

/** Writes the slots that changed as one change (the trees draw once per key, not once per slot). */
function setSlots(next: Slots): void {
  batch(() => {
    const now = selected.peek();
    if (next.left !== now.left || next.right !== now.right)
      selected.value = { left: next.left, right: next.right };
    if (next.lastChecked !== lastChecked.peek()) lastChecked.value = next.lastChecked;
    if (next.clipboard !== clipboard.peek()) clipboard.value = next.clipboard;
  });
}

/** Empties one of the selection's slots, the others kept (spec 4). */
export function clearSelection(slot: SelectionSlot): void {
  setSlots(clearSlot(slots(), slot));
}

/** Whether a slot holds something (the clear commands are offered then). */
export function holdsSelection(slot: SelectionSlot): boolean {
  return slots()[slot] !== null;
}

/** The structure element whose functions the right pane shows. */
export function focusStructure(): string | null {
  return selected.value.left;
}

/**
 * A read of an FMEA's tree started while its screen renders, before the screen's first commit: React shows a
 * newly loaded screen up to 300 ms after its loading indicator (its reveal throttle), and a read started by
 * the screen's effect waited all that time before it was sent. Taken by the next `load` if it is of that FMEA,
 * else dropped. Never of the open FMEA, so no edit of ours can be missing from it; others' edits since its
 * answer are polled from its change number, as after any read.
 */
let early: { variant: FmeaVariant; id: number; answer: Promise<FmeaTreeAnswer> } | null = null;

/** Starts reading the FMEA's tree for the `load` its screen's effect will make, unless it is open already. */
export function prefetchTree(variant: FmeaVariant, id: number): void {
  const open = openFmea.peek();
  if ((open?.id === id && open.variant === variant) || (early?.id === id && early.variant === variant))
    return;
  const answer = fmeaNodesApi(variant)
    .tree(id)
    .then((r) => r.data);
  // A failed read is reported by the load that takes it (or never, when no load does).
  answer.catch(() => undefined);
  early = { variant, id, answer };
}

export async function load(variant: FmeaVariant, id: number): Promise<void> {
  const again = openFmea.value?.id === id && openFmea.value.variant === variant;
  const taken = early?.id === id && early.variant === variant ? early.answer : null;
  early = null;
  if (!again) {
    openFmea.value = { id, variant };
    steps.value = noSteps();
    setSlots(NO_SLOTS);
    closed.value = new Set();
  }
  loading.value = true;
  try {
    const answer = taken ? await taken : (await fmeaNodesApi(variant).tree(id)).data;
    // The FMEA read again (the table opened from its tree): what did not change stays the same objects.
    doc.value = again ? keepUnchanged(doc.value, docOf(answer)) : docOf(answer);
    seq.value = answer.seq;
    editable.value = answer.canEdit !== false;
    const has = (id: string) => doc.value.nodes.has(id);
    setSlots(pruneSlots(slots(), has));
    const first = paneRows(doc.value, "left", null, closed.value)[0]?.node.id;
    if (!selected.value.left && first) setSlots(checkNode(slots(), "left", first));
  } finally {
    loading.value = false;
  }
}

export function startPolling(): void {
  stopPolling();
  poller = setInterval(() => void poll(), 2000);
}

export function stopPolling(): void {
  if (poller) clearInterval(poller);
  poller = null;
}

async function poll(): Promise<void> {
  const open = openFmea.value;
  if (!open || pending.value > 0) return;
  try {
    const answer = (await fmeaNodesApi(open.variant).changes(open.id, seq.value)).data;
    if (pending.value > 0 || openFmea.value !== open) return;
    if (answer.seq > seq.value) merge(answer);
  } catch {
    // A missed poll is tried again in two seconds.
  }
}

/** Takes the server's current values of what changed (others' edits, or our own confirmed). */
function merge(answer: FmeaChangesAnswer): void {
  const nodes = LayeredMap.over(doc.value.nodes);
  const links = LayeredMap.over(doc.value.links);
  for (const n of answer.nodes) nodes.set(n.id, n);
  for (const id of answer.removedNodes) nodes.delete(id);
  for (const l of answer.links) links.set(l.id, l);
  for (const id of answer.removedLinks) links.delete(id);
  doc.value = { variant: doc.value.variant, nodes, links };
  seq.value = Math.max(seq.value, answer.seq);
  setSlots(pruneSlots(slots(), (id) => nodes.has(id)));
}

/**
 * A problem's text with its node types (the paste level error's `kind` and `target`, a custom attribute's
 * `kinds`) and attribute tab said in words, not codes: the shared model names them by code, as the REST answer does.
 */
export function fmeaProblemText(problem: Problem): string {
  const params: Record<string, string | number> = { ...(problem.params ?? {}) };
  for (const name of ["kind", "target"])
    if (typeof params[name] === "string") {
      const code = params[name] as string;
      const asKind = i18n.t(`fmea:kinds.${code}`, { defaultValue: code });
      params[name] = i18n.t(`fmea:elements.${code}`, { defaultValue: asKind });
    }
  if (typeof params.tab === "string")
    params.tab = i18n.t(`fmea:tabs.${params.tab}`, { defaultValue: params.tab });
  // A custom attribute's node types, listed by code: "a prevention or detection action node".
  if (typeof params.kinds === "string")
    params.kinds = new Intl.ListFormat(i18n.language, { type: "disjunction" }).format(
      params.kinds
        .split(",")
        .map((code) => code.trim())
        .filter((code) => code !== "")
        .map((code) => i18n.t(`fmea:kinds.${code}`, { defaultValue: code })),
    );
  return problemMessage({ ...problem, params });
}

export function warn(problem: Problem): void {
  message.warning(fmeaProblemText(problem));
}

/** Applies operations here at once and sends them after the ones already on their way. */
export function commit(ops: FmeaOp[], record = true, done?: Applied): boolean {
  if (ops.length === 0) return true;
  if (!editable.peek()) {
    warn({ key: "fmea.notEditor" });
    return false;
  }
  const before = doc.value;
  // `done`: the caller applied `ops` to this very document already (the sheet, checking cell by cell).
  const applied = done?.from === before ? done : applyOps(before, ops);
  if ("ok" in applied && !applied.ok) {
    warn(applied.problems[0] ?? { key: "fmea.editConflict" });
    return false;
  }
  noteEdit(before, applied.doc, applied.changes);
  doc.value = applied.doc;
  // A deleted node (here, or taken back out by an undo) leaves each slot that held it, on its own.
  setSlots(pruneSlots(slots(), (id) => applied.doc.nodes.has(id)));
  if (record) steps.value = recordStep(steps.value, { before, after: applied.doc });
  const open = openFmea.value;
  if (!open) return true;
  pending.value++;
  queue = queue.then(async () => {
    try {
      const answer = (await fmeaNodesApi(open.variant).send(open.id, ops)).data;
      // Only when no one else's change lies between: otherwise the next poll fetches from the older number.
      if (openFmea.value === open && answer.seq === seq.value + 1) seq.value = answer.seq;
    } catch (error) {
      // Refused (someone changed a node first, or a rule the server checks): show the server's tree.
      const key = error instanceof ApiError && error.key ? error.key : "fmea.editConflict";
      message.warning(problemMessage(refusal(key as Problem["key"], ops)));
      if (openFmea.value === open) {
        steps.value = noSteps();
        await load(open.variant, open.id).catch(() => undefined);
      }
    } finally {
      pending.value--;
    }
  });
  return true;
}

/**
 * What a refused batch tells the user. Someone else's change wins over a rename typed here, which the tree read
 * again replaces: the message keeps the typed names, so nothing typed is lost without being shown.
 */
export function refusal(key: Problem["key"], ops: readonly FmeaOp[]): Problem {
  if (key !== "fmea.editConflict") return { key };
  const mine = ops.flatMap((op) =>
    op.op === "update" && typeof op.set.name === "string" ? [op.set.name] : [],
  );
  return mine.length > 0 ? { key: "fmea.editConflictYours", params: { mine: mine.join(", ") } } : { key };
}

/** Runs a node action on the selected node of tree `which`, or with none named on the node checked last. */
export function perform(action: NodeAction, args: ActionArgs = {}, which?: Pane): boolean {
  const id = selectedId(which);
  if (action === "copy" || action === "cut") {
    if (!id) return false;
    const result = runAction(doc.value, id, action, { newId });
    if (!result.ok) {
      warn(result.problem);
      return false;
    }
    setSlots({ ...slots(), clipboard: { mode: action, id } });
    return true;
  }
  const result = runAction(doc.value, id, action, { newId }, { ...args, clipboard: clipboard.value });
  if (!result.ok) {
    warn(result.problem);
    return false;
  }
  if (!commit(result.ops)) return false;
  if (action === "paste" && clipboard.value?.mode === "cut") clearSelection("clipboard");
  if (result.select) {
    const node = doc.value.nodes.get(result.select);
    const target: Pane = node?.kind === "stru" ? "left" : "right";
    setSelected(target, result.select);
    pane.value = target;
    // A new node's name is typed right away.
    if (action.startsWith("add")) renaming.value = result.select;
    // The new node's parent opens so the node is seen.
    if (node?.parentId && closed.value.has(node.parentId)) {
      const next = new Set(closed.value);
      next.delete(node.parentId);
      closed.value = next;
    }
  }
  return true;
}

export function rename(id: string, name: string): void {
  renaming.value = null;
  const node = doc.value.nodes.get(id);
  if (!node || node.name === name) return;
  commit([{ op: "update", id, base: node.version, set: { name } }]);
}

export function undo(): void {
  const taken = takeUndo(steps.value);
  if (!taken) return;
  if (commit(diffOps(doc.value, taken.step.before), false)) steps.value = taken.steps;
}

export function redo(): void {
  const taken = takeRedo(steps.value);
  if (!taken) return;
  if (commit(diffOps(doc.value, taken.step.after), false)) steps.value = taken.steps;
}

export function arrow(key: "up" | "down" | "left" | "right"): void {
  const which = pane.value;
  const rows = paneRows(doc.value, which, focusStructure(), closed.value);
  const step = arrowStep(rows, selectedId(which), key);
  if (step.select) setSelected(which, step.select);
  if (step.open || step.close) {
    const next = new Set(closed.value);
    if (step.open) next.delete(step.open);
    if (step.close) next.add(step.close);
    closed.value = next;
  }
}

/** Tab between the structure tree and the function and failure tree. */
export function switchPane(): void {
  const next: Pane = pane.value === "left" ? "right" : "left";
  pane.value = next;
  const first = paneRows(doc.value, "right", focusStructure(), closed.value)[0]?.node.id;
  if (next === "right" && !selected.value.right && first) setSelected("right", first);
  else setSlots(enterTree(slots(), next));
}

export function selectNode(which: Pane, id: string, structure?: string): void {
  pane.value = which;
  setSlots(checkNode(slots(), which, id, structure));
}

/** The keyboard enters tree `which` (a click or Tab): its selected node becomes the one checked last. */
export function focusTree(which: Pane): void {
  pane.value = which;
  setSlots(enterTree(slots(), which));
}

/** A node checked in a tree; a new structure element clears the right pane's selection (other functions). */
function setSelected(which: Pane, id: string): void {
  setSlots(checkNode(slots(), which, id));
}

/** The node kinds the nets join. */
export const LINKABLE = new Set(["func", "prod", "procSpec", "fail"]);

export function markLink(): void {
  const id = selectedId("right");
  if (id && LINKABLE.has(doc.value.nodes.get(id)?.kind ?? "")) linkMark.value = id;
}

/** Links the selected node and the marked one: the higher level first, the net by their kinds. */
export function linkToMark(): void {
  const mark = linkMark.value;
  const id = selectedId("right");
  if (!mark || !id) return;
  const result = linkPicked(doc.value, { newId }, mark, id);
  if (!result.ok) {
    warn(result.problem);
    return;
  }
  if (commit(result.ops)) linkMark.value = null;
}

export function openAttributes(): void {
  const id = selectedId();
  if (id) attributesOf.value = id;
}

/** Saves the dialog: the name and the changed tabs in one update; closes it when it applies. */
export function saveAttributes(id: string, name: string, attrs: FmeaNode["attrs"]): void {
  const node = doc.value.nodes.get(id);
  if (!node) return;
  const set: { name?: string; attrs?: FmeaNode["attrs"] } = {};
  if (name !== node.name) set.name = name;
  if (Object.keys(attrs).length > 0) set.attrs = attrs;
  const ok = Object.keys(set).length === 0 || commit([{ op: "update", id, base: node.version, set }]);
  if (ok) attributesOf.value = null;
}

/** An edit made elsewhere than the trees (the risk table, the control plan, a form import): one undo step. */
export function edit(ops: FmeaOp[], applied?: Applied): boolean {
  return commit(ops, true, applied);
}

/** Ids for nodes the table and imports add, made as the trees make theirs. */
export const nodeIds = { newId };
