// The structure screen's two trees and the arrow keys' walk through them (a file explorer's rules).
import { describe, expect, it } from "vitest";
import { arrowStep, paneRows } from "../../../../src/app/features/fmea/view.ts";
import { designTree } from "../../../shared/fmea/build.ts";

describe("the structure screen's trees", () => {
  it("left shows structure elements only, right the function and failure tree of one element", () => {
    const t = designTree();
    const left = paneRows(t.b.doc, "left", null, new Set());
    expect(left.map((r) => [t.b.name(r.node.id), r.depth])).toEqual([
      ["E-bike", 0],
      ["Drive", 1],
      ["Motor", 2],
      ["Battery", 2],
    ]);
    const right = paneRows(t.b.doc, "right", t.component, new Set());
    expect(right.map((r) => [t.b.name(r.node.id), r.depth])).toEqual([
      ["Convert power", 0],
      ["Winding open", 1],
      ["Design rule", 2],
      ["Winding resistance", 0],
    ]);
    expect(paneRows(t.b.doc, "right", null, new Set())).toEqual([]);
  });

  it("closed nodes hide their children; arrows walk, open and close as in a file explorer", () => {
    const t = designTree();
    const closed = new Set([t.subsystem]);
    const rows = paneRows(t.b.doc, "left", null, closed);
    expect(rows.map((r) => r.node.id)).toEqual([t.system, t.subsystem]);
    expect(arrowStep(rows, t.subsystem, "right")).toEqual({ open: t.subsystem });
    const open = paneRows(t.b.doc, "left", null, new Set());
    expect(arrowStep(open, t.subsystem, "right")).toEqual({ select: t.component });
    expect(arrowStep(open, t.component, "right")).toEqual({});
    expect(arrowStep(open, t.component, "left")).toEqual({ select: t.subsystem });
    expect(arrowStep(open, t.subsystem, "left")).toEqual({ close: t.subsystem });
    expect(arrowStep(open, t.system, "up")).toEqual({ select: t.system });
    expect(arrowStep(open, t.component2, "down")).toEqual({ select: t.component2 });
    expect(arrowStep(open, t.component, "down")).toEqual({ select: t.component2 });
    expect(arrowStep(open, null, "down")).toEqual({ select: t.system });
    expect(arrowStep([], null, "down")).toEqual({});
  });
});
