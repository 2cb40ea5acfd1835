// Spec 4: the structure screen's selection is kept, and cleared, separately for the left tree, the right tree,
// the node checked last and the clipboard.
import { describe, expect, it } from "vitest";
import {
  checkNode,
  clearSlot,
  enterTree,
  NO_SLOTS,
  pruneSlots,
  SELECTION_SLOTS,
  type Slots,
} from "../../../../src/app/features/fmea/selection.ts";

const full: Slots = {
  left: "motor",
  right: "fail",
  lastChecked: { pane: "right", id: "fail" },
  clipboard: { mode: "cut", id: "battery" },
};

describe("the structure screen's selection slots", () => {
  it("a check sets its tree's selection and the node checked last; an element on the left empties the right", () => {
    const left = checkNode(NO_SLOTS, "left", "motor");
    expect(left).toEqual({ ...NO_SLOTS, left: "motor", lastChecked: { pane: "left", id: "motor" } });
    const right = checkNode(left, "right", "fail");
    expect(right).toEqual({ ...left, right: "fail", lastChecked: { pane: "right", id: "fail" } });
    // Another element: the right tree shows its functions, so nothing is selected there; the clipboard stays.
    const other = checkNode({ ...right, clipboard: full.clipboard }, "left", "battery");
    expect(other).toEqual({
      left: "battery",
      right: null,
      lastChecked: { pane: "left", id: "battery" },
      clipboard: full.clipboard,
    });
    // The same element checked again keeps the right tree's selection.
    expect(checkNode(right, "left", "motor")).toEqual({
      ...right,
      lastChecked: { pane: "left", id: "motor" },
    });
    // A net's node revealed: its element on the left, itself on the right.
    expect(checkNode(NO_SLOTS, "right", "fc", "press")).toEqual({
      ...NO_SLOTS,
      left: "press",
      right: "fc",
      lastChecked: { pane: "right", id: "fc" },
    });
  });

  it("answers the same slots when nothing changes, so nothing is drawn again", () => {
    const s = checkNode(checkNode(NO_SLOTS, "left", "motor"), "right", "fail");
    expect(checkNode(s, "right", "fail")).toBe(s);
    expect(enterTree(s, "right")).toBe(s);
    expect(pruneSlots(s, () => true)).toBe(s);
    expect(clearSlot(NO_SLOTS, "left")).toBe(NO_SLOTS);
  });

  it("entering a tree makes its selection the node checked last, or none while it has none", () => {
    expect(enterTree(full, "left").lastChecked).toEqual({ pane: "left", id: "motor" });
    expect(enterTree({ ...full, left: null }, "left")).toEqual({ ...full, left: null, lastChecked: null });
    // Entering does not change what either tree has selected.
    expect(enterTree(full, "left")).toMatchObject({ left: "motor", right: "fail" });
  });

  it("clears each slot on its own", () => {
    for (const slot of SELECTION_SLOTS) {
      const cleared = clearSlot(full, slot);
      expect(cleared[slot]).toBeNull();
      for (const other of SELECTION_SLOTS.filter((o) => o !== slot))
        expect(cleared[other]).toEqual(full[other]);
    }
  });

  it("a node that is gone leaves only the slots that held it", () => {
    // The cut node deleted by someone else: the clipboard is emptied, the trees keep theirs.
    expect(pruneSlots(full, (id) => id !== "battery")).toEqual({ ...full, clipboard: null });
    // The right tree's node deleted: its selection and the node checked last go, the left and clipboard stay.
    expect(pruneSlots(full, (id) => id !== "fail")).toEqual({ ...full, right: null, lastChecked: null });
    // The element deleted: the left goes; the right's node (still there in this answer) stays selected.
    expect(pruneSlots(full, (id) => id !== "motor")).toEqual({ ...full, left: null });
    expect(pruneSlots(full, () => false)).toEqual(NO_SLOTS);
  });
});
