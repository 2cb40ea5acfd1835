// The editing actions of the eFTA screen, as the command registry runs them (through bridge.ts): each reads
// the selection, applies one pure model operation (model-edit.ts) as an undoable step, and says what went
// wrong in the user's language. Spec 4's conversions and deletions ask first; declining a deletion says
// 'Delete has been cancelled.' (spec 8).
import i18n from "i18next";
import type { FtaGateType, FtaModel } from "../../../kernels/fta/model.ts";
import { type ConfirmOptions, confirmDialog } from "../../components/confirm.tsx";
import { nextInRank } from "../../components/graph/navigation.ts";
import { message } from "../../components/message.ts";
import { handOffFocus } from "../../state/overlays.ts";
import type { NewEventKind } from "./bridge.ts";
import {
  addEvent,
  addGate,
  addReference,
  copyFragment,
  deleteOccurrence,
  eventToGate,
  FtaEditError,
  gateToEvent,
  moveInput as moveInputOp,
  moveOccurrence,
  pasteFragment,
  setGateType as setGateTypeOp,
  subtreeToTransfer,
  transferToSubtree,
} from "./model-edit.ts";
import {
  attributeFocus,
  canvas,
  clipboard,
  commit,
  model,
  redo as redoStep,
  selected,
  undo as undoStep,
  view,
} from "./store.ts";
import { childId, gateCodeOf, mainOccurrence, rootId, type TreeNode } from "./view-tree.ts";

const t = (key: string, params?: Record<string, unknown>) => i18n.t(key, params) as string;

export function selectedNode(): TreeNode | undefined {
  const id = selected.value;
  return id ? view.value.nodes.get(id) : undefined;
}

/** Runs an edit; an FtaEditError becomes a warning in the user's language. */
function attempt(edit: () => void): void {
  try {
    edit();
  } catch (error) {
    if (error instanceof FtaEditError) message.warning(t(`fta:edit.${error.key}`, error.params));
    else throw error;
  }
}

/**
 * A confirmation whose answer hands focus back to the tree. (The palette leaves its hand-off element set when
 * the command it ran opened no dialog; the next dialog would otherwise return focus to that stale element.)
 */
export function confirmInTree(options: ConfirmOptions): Promise<boolean> {
  handOffFocus(canvas.handle?.element() ?? null);
  return confirmDialog(options);
}

const elementCount = (m: FtaModel) => m.gates.length + m.basicEvents.length + m.houseEvents.length;

export function select(id: string | null): void {
  selected.value = id;
}

export function navigate(direction: "up" | "down" | "left" | "right" | "top"): void {
  const v = view.value;
  if (direction === "top") {
    const id = (v.top && mainOccurrence(v, v.top)) ?? v.roots[0];
    if (id) select(id);
    return;
  }
  const node = selectedNode();
  if (!node) {
    if (v.roots[0]) select(v.roots[0]);
    return;
  }
  if (direction === "up") {
    if (node.parent) select(node.parent);
    return;
  }
  if (direction === "down") {
    if (node.children.length > 0) select(node.children[0]);
    // A transfer or a repeated gate: follow it to where its inputs are drawn.
    else if (node.kind === "transferIn" || node.kind === "reference") {
      const target = mainOccurrence(v, node.code);
      if (target) select(target);
    }
    return;
  }
  const side = direction === "left" ? -1 : 1;
  const siblings = node.parent ? (v.nodes.get(node.parent)?.children ?? []) : v.roots;
  const next = siblings[siblings.indexOf(node.id) + side];
  if (next) {
    select(next);
    return;
  }
  // No sibling that way: the neighbour in the same rank (a cousin), as drawn.
  const layout = canvas.layout;
  const across = layout ? nextInRank(layout, node.id, side) : undefined;
  if (across) select(across);
}

export function addGateAction(): void {
  attempt(() => {
    const m = model.value;
    if (m.gates.length === 0) {
      const { model: next, code } = addGate(m, null);
      commit(next, rootId(code));
      return;
    }
    const parent = gateCodeOf(view.value, selected.value);
    if (!parent) throw new FtaEditError("selectGate");
    const { model: next, code } = addGate(m, parent);
    commit(next, childId(parent, code));
  });
}

export function addEventAction(kind: NewEventKind): void {
  attempt(() => {
    const parent = gateCodeOf(view.value, selected.value);
    if (!parent) throw new FtaEditError("selectGate");
    const { model: next, code } = addEvent(model.value, parent, kind);
    commit(next, childId(parent, code));
  });
}

export function setGateType(type: FtaGateType): void {
  attempt(() => {
    const code = gateCodeOf(view.value, selected.value);
    if (!code) throw new FtaEditError("selectGate");
    commit(setGateTypeOp(model.value, code, type));
  });
}

const CYCLE: FtaGateType[] = ["and", "or", "atleast"];

export function cycleGateType(): void {
  const code = gateCodeOf(view.value, selected.value);
  const gate = model.value.gates.find((g) => g.code === code);
  if (!gate) return;
  const i = CYCLE.indexOf(gate.type);
  setGateType(CYCLE[(i + 1) % CYCLE.length]);
}

/** Spec 4: intermediate event (gate) to bottom event; asks first when the subtree has anything in it. */
export async function toEvent(): Promise<void> {
  const node = selectedNode();
  if (!node || (node.kind !== "gate" && node.kind !== "reference")) return;
  let next: FtaModel;
  try {
    next = gateToEvent(model.value, node.code);
  } catch (error) {
    attempt(() => {
      throw error;
    });
    return;
  }
  // The gate itself becomes the event: count what else disappears.
  const removed = elementCount(model.value) - elementCount(next);
  if (removed > 0) {
    const ok = await confirmInTree({
      title: t("fta:edit.convertTitle"),
      message: t("fta:edit.convertMessage", { code: node.code, count: removed }),
      tone: "danger",
    });
    if (!ok) {
      message.info(t("messages:deleteCancelled"));
      return;
    }
  }
  commit(next, node.id);
}

export function toGate(): void {
  const node = selectedNode();
  if (!node || (node.kind !== "basic" && node.kind !== "house")) return;
  attempt(() => commit(eventToGate(model.value, node.code), node.id));
}

export function toTransfer(): void {
  const node = selectedNode();
  if (!node) return;
  attempt(() => {
    commit(subtreeToTransfer(model.value, node.code), node.id);
    message.success(t("fta:edit.toTransferDone", { code: node.code }));
  });
}

export function fromTransfer(): void {
  const node = selectedNode();
  if (!node) return;
  attempt(() => {
    const next = transferToSubtree(model.value, node.code);
    commit(next);
    // Select the subtree where it is now drawn.
    const id = mainOccurrence(view.value, node.code);
    if (id) select(id);
    message.success(t("fta:edit.fromTransferDone", { code: node.code }));
  });
}

export function copy(): void {
  const node = selectedNode();
  if (!node) return;
  attempt(() => {
    clipboard.value = { mode: "copy", fragment: copyFragment(model.value, node.code) };
    message.success(t("fta:edit.copied", { code: node.code }));
  });
}

export function cut(): void {
  const node = selectedNode();
  if (!node || node.parentCode === null) return;
  clipboard.value = {
    mode: "cut",
    code: node.code,
    parentCode: node.parentCode,
    index: node.index,
    occurrence: node.id,
  };
  message.info(t("fta:edit.cutDone", { code: node.code }));
}

export function paste(): void {
  const clip = clipboard.value;
  const target = gateCodeOf(view.value, selected.value);
  if (!clip) return;
  attempt(() => {
    if (!target) throw new FtaEditError("selectGate");
    if (clip.mode === "copy") {
      const { model: next, code } = pasteFragment(model.value, target, clip.fragment);
      commit(next, childId(target, code));
      return;
    }
    const next = moveOccurrence(model.value, clip.parentCode, clip.index, clip.code, target);
    clipboard.value = null;
    commit(next, childId(target, clip.code));
  });
}

/** Pastes the copied element itself under the selected gate: a repeated event (or a shared gate). */
export function pasteReference(): void {
  const clip = clipboard.value;
  const target = gateCodeOf(view.value, selected.value);
  if (clip?.mode !== "copy") return;
  attempt(() => {
    if (!target) throw new FtaEditError("selectGate");
    const code = clip.fragment.root;
    const next = addReference(model.value, target, code);
    commit(next, childId(target, code));
  });
}

/** Deletes the selected occurrence (and what only it used), after confirmation. */
export async function remove(): Promise<void> {
  const node = selectedNode();
  if (!node) return;
  const before = model.value;
  let next: FtaModel;
  try {
    next = deleteOccurrence(before, node.parentCode, node.index, node.code);
  } catch (error) {
    attempt(() => {
      throw error;
    });
    return;
  }
  const count = elementCount(before) - elementCount(next);
  const ok = await confirmInTree({
    title: t("fta:edit.deleteTitle"),
    message: t(node.parent ? "fta:edit.deleteMessage" : "fta:edit.deleteTreeMessage", {
      code: node.code,
      count,
    }),
    tone: "danger",
  });
  if (!ok) {
    message.info(t("messages:deleteCancelled"));
    return;
  }
  if (model.value !== before) return;
  // Select a neighbour: the next input, else the previous, else the parent.
  const v = view.value;
  const siblings = node.parent ? (v.nodes.get(node.parent)?.children ?? []) : v.roots;
  const i = siblings.indexOf(node.id);
  const neighbour = siblings[i + 1] ?? siblings[i - 1] ?? node.parent;
  const neighbourCode = neighbour ? v.nodes.get(neighbour)?.code : undefined;
  const cutGone = clipboard.value?.mode === "cut" && clipboard.value.occurrence === node.id;
  if (cutGone) clipboard.value = null;
  commit(next, null);
  // Occurrence ids after the edit: the same for anything but later duplicates; fall back to the code.
  const after = view.value;
  const keep =
    neighbour && after.nodes.has(neighbour)
      ? neighbour
      : neighbourCode
        ? mainOccurrence(after, neighbourCode)
        : undefined;
  select(keep ?? after.roots[0] ?? null);
}

export function undo(): void {
  if (!undoStep()) message.info(t("fta:edit.nothingToUndo"));
}

export function redo(): void {
  if (!redoStep()) message.info(t("fta:edit.nothingToRedo"));
}

export function moveInput(delta: -1 | 1): void {
  const node = selectedNode();
  if (!node || node.parentCode === null) return;
  attempt(() => commit(moveInputOp(model.value, node.parentCode as string, node.index, delta), node.id));
}

export function editAttributes(): void {
  attributeFocus.value++;
}
