// The one undo/redo history: steps (the data sheet's edits) and snapshots (the editors' documents) share it.
import { describe, expect, it } from "vitest";
import {
  canRedo,
  canUndo,
  noSteps,
  record,
  recordStep,
  redo,
  startHistory,
  takeRedo,
  takeUndo,
  undo,
} from "../../../src/app/state/history.ts";

describe("Steps", () => {
  it("undoes the latest step first and redoes in the order undone", () => {
    let h = recordStep(recordStep(noSteps<string>(), "a"), "b");
    const first = takeUndo(h);
    expect(first?.step).toBe("b");
    h = first?.steps ?? h;
    const second = takeUndo(h);
    expect(second?.step).toBe("a");
    h = second?.steps ?? h;
    expect(canUndo(h)).toBe(false);
    expect(takeUndo(h)).toBeNull();
    expect(takeRedo(h)?.step).toBe("a");
    expect(h.future).toEqual(["a", "b"]);
  });

  it("a new step drops what could be redone and keeps at most `limit` steps", () => {
    let h = noSteps<number>();
    for (let i = 0; i < 5; i++) h = recordStep(h, i, 3);
    expect(h.past).toEqual([2, 3, 4]);
    h = takeUndo(h)?.steps ?? h;
    expect(canRedo(h)).toBe(true);
    h = recordStep(h, 9, 3);
    expect(canRedo(h)).toBe(false);
    expect(h.past).toEqual([2, 3, 9]);
  });

  it("snapshot histories are Steps with a present", () => {
    let h = record(record(startHistory("x"), "y"), "z");
    h = undo(undo(h));
    expect(h.present).toBe("x");
    expect(h.future).toEqual(["y", "z"]);
    expect(redo(h).present).toBe("y");
  });
});
