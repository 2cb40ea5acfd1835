// The structure screen's selection (spec 4): kept in four slots, each set and cleared on its own: the
// structure tree's selected element (left), the function and failure tree's selected node (right), the node
// checked last in either tree (the one a node command acts on when it names no tree: from the palette, a
// toolbar button or the net panel), and the clipboard (copy or cut, held until pasted). Pure functions of the
// slots, tested without a browser; store.ts holds them in signals.
import type { Clipboard } from "../../../shared/fmea/actions.ts";
import type { Pane } from "./view.ts";

export type SelectionSlot = "left" | "right" | "lastChecked" | "clipboard";
export const SELECTION_SLOTS: readonly SelectionSlot[] = ["left", "right", "lastChecked", "clipboard"];

export interface Checked {
  pane: Pane;
  id: string;
}

export interface Slots {
  left: string | null;
  right: string | null;
  lastChecked: Checked | null;
  clipboard: Clipboard | null;
}

export const NO_SLOTS: Slots = { left: null, right: null, lastChecked: null, clipboard: null };

/**
 * A node checked in tree `which` (a click, an arrow, a new node, a pick in a net or diagram): that tree's
 * selection and the last checked node. An element checked on the left empties the right tree's selection (the
 * right tree now shows that element's functions); `structure` checks a right node with its element (a net's
 * node revealed). The clipboard is never touched.
 */
export function checkNode(s: Slots, which: Pane, id: string, structure?: string): Slots {
  const lastChecked =
    s.lastChecked?.pane === which && s.lastChecked.id === id ? s.lastChecked : { pane: which, id };
  if (which === "left") {
    if (s.left === id && s.right === null && lastChecked === s.lastChecked) return s;
    return { ...s, left: id, right: s.left === id ? s.right : null, lastChecked };
  }
  const left = structure ?? s.left;
  if (s.right === id && s.left === left && lastChecked === s.lastChecked) return s;
  return { ...s, left, right: id, lastChecked };
}

/** The keyboard enters tree `which`: its selected node is the last checked again (none while it has none). */
export function enterTree(s: Slots, which: Pane): Slots {
  const id = s[which];
  if (id === null) return s.lastChecked === null ? s : { ...s, lastChecked: null };
  return checkNode(s, which, id);
}

/** Empties one slot and nothing else. */
export function clearSlot(s: Slots, slot: SelectionSlot): Slots {
  return s[slot] === null ? s : { ...s, [slot]: null };
}

/** Each slot whose node is gone (deleted here, by someone else, or by an undo) is emptied on its own. */
export function pruneSlots(s: Slots, has: (id: string) => boolean): Slots {
  const gone = (id: string | null | undefined) => id != null && !has(id);
  let next = s;
  if (gone(s.left)) next = clearSlot(next, "left");
  if (gone(s.right)) next = clearSlot(next, "right");
  if (gone(s.lastChecked?.id)) next = clearSlot(next, "lastChecked");
  if (gone(s.clipboard?.id)) next = clearSlot(next, "clipboard");
  return next;
}
