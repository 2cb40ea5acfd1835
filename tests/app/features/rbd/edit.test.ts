// The eRBD editor's structural edits: each leaves a valid diagram whose exact reliability is the textbook
// one for the structure built (so an edit that wires the wrong branches cannot pass), refusals say why,
// and deleting one appearance of a shared component keeps the component.
import { describe, expect, it } from "vitest";
import { diagramAt, findBlock, mirrorsOf, newDocument } from "../../../../src/app/features/rbd/document.ts";
import {
  addAfter,
  addKofN,
  addMirror,
  addParallel,
  addSubdiagram,
  connect,
  deleteBlock,
  disconnect,
  type EditResult,
  newRegularBlock,
} from "../../../../src/app/features/rbd/edit.ts";
import { exactRbd } from "../../../../src/kernels/rbd/exact.ts";
import type { RbdBlock, RbdModel } from "../../../../src/kernels/rbd/model.ts";
import { validateRbd } from "../../../../src/kernels/rbd/validate.ts";
import { isClose, mismatch } from "../../../helpers/accuracy.ts";

const LAMBDA = 0.001;
const T = 100;
const r = Math.exp(-LAMBDA * T);

function ok(result: EditResult): { model: RbdModel; select: string } {
  if (!result.ok) throw new Error(`refused: ${result.reason}`);
  return result;
}

function expectValid(model: RbdModel) {
  expect(validateRbd(model), JSON.stringify(model)).toEqual([]);
}

async function reliability(model: RbdModel): Promise<number> {
  return (await exactRbd(model)).reliability;
}

/** Reliabilities lie in [0, 1]: an absolute tolerance. */
function closeTo(actual: number, expected: number) {
  const tolerance = { rtol: 0, atol: 1e-14 };
  expect(isClose(actual, expected, tolerance), mismatch("R", actual, expected, tolerance)).toBe(true);
}

const start = () => newDocument("test").model;
const block = (model: RbdModel): RbdBlock => newRegularBlock(model);

describe("rbd editor edits", () => {
  it("a new diagram is start → B1 → end with R = e^(-λt)", async () => {
    const m = start();
    expectValid(m);
    closeTo(await reliability(m), r);
  });

  it("add after builds a series system, add in parallel a parallel one", async () => {
    let m = start();
    m = ok(addAfter(m, [], "B1", block(m))).model;
    expectValid(m);
    expect(m.edges).toEqual([
      ["start", "B1"],
      ["B1", "B2"],
      ["B2", "end"],
    ]);
    closeTo(await reliability(m), r * r);

    let p = start();
    p = ok(addParallel(p, [], "B1", block(p))).model;
    expectValid(p);
    closeTo(await reliability(p), 1 - (1 - r) ** 2);
  });

  it("add after start puts a block first; nothing goes after end or beside a terminal", () => {
    const m = start();
    const first = ok(addAfter(m, [], "start", block(m)));
    expect(first.model.edges).toContainEqual(["start", first.select]);
    expect(first.model.edges).toContainEqual([first.select, "B1"]);
    expect(addAfter(m, [], "end", block(m))).toEqual({ ok: false, reason: "afterEnd" });
    expect(addParallel(m, [], "start", block(m))).toEqual({ ok: false, reason: "terminal" });
  });

  it("a KN node gathers the parallel group; k = 2 of three gives 3R² - 2R³", async () => {
    let m = start();
    m = ok(addParallel(m, [], "B1", block(m))).model;
    m = ok(addParallel(m, [], "B2", block(m))).model;
    const kn = ok(addKofN(m, [], "B2"));
    m = kn.model;
    expectValid(m);
    // k starts at 1: the parallel system it replaced, same number
    closeTo(await reliability(m), 1 - (1 - r) ** 3);
    const node = findBlock(m, kn.select)?.block;
    expect(node).toMatchObject({ kind: "kofn", k: 1 });
    expect(diagramAt(m, []).edges.filter(([, to]) => to === kn.select)).toHaveLength(3);
    m = { ...m, blocks: m.blocks.map((b) => (b.id === kn.select ? { ...b, k: 2 } : b)) } as RbdModel;
    closeTo(await reliability(m), 3 * r ** 2 - 2 * r ** 3);
  });

  it("a mirror shares its original's state: 2-of-3 of (A, B, C) then (D or a mirror of A)", async () => {
    let m = start();
    m = ok(addParallel(m, [], "B1", block(m))).model;
    m = ok(addParallel(m, [], "B2", block(m))).model;
    const kn = ok(addKofN(m, [], "B1"));
    m = {
      ...kn.model,
      blocks: kn.model.blocks.map((b) => (b.id === kn.select ? { ...b, k: 2 } : b)),
    } as RbdModel;
    const d = ok(addAfter(m, [], kn.select, block(m)));
    const mirrored = ok(addMirror(d.model, [], d.select, "B1", "parallel"));
    m = mirrored.model;
    expectValid(m);
    expect(findBlock(m, "B1")?.block.kind).toBe("host");
    expect(findBlock(m, mirrored.select)?.block).toMatchObject({ kind: "mirror", of: "B1" });
    // Condition on A: A works → one of B, C suffices; A fails → B, C and D must all work.
    const expected = r * (1 - (1 - r) ** 2) + (1 - r) * r * r * r;
    closeTo(await reliability(m), expected);
    // Treating the mirror as independent would give a different number.
    const independent = (3 * r ** 2 - 2 * r ** 3) * (1 - (1 - r) ** 2);
    expect(Math.abs(expected - independent)).toBeGreaterThan(1e-6);
  });

  it("a mirror of a mirror refers to the original; only components can be mirrored", () => {
    let m = start();
    const first = ok(addMirror(m, [], "B1", "B1", "after"));
    m = first.model;
    const second = ok(addMirror(m, [], first.select, first.select, "after"));
    expect(findBlock(second.model, second.select)?.block).toMatchObject({ kind: "mirror", of: "B1" });
    const kn = ok(addKofN(m, [], "B1"));
    expect(addMirror(kn.model, [], "B1", kn.select, "after")).toEqual({ ok: false, reason: "notComponent" });
  });

  it("a sub-diagram holds a diagram of its own and works when that diagram works", async () => {
    let m = start();
    const sub = ok(addSubdiagram(m, [], "B1"));
    m = sub.model;
    expectValid(m);
    const inner = diagramAt(m, [sub.select]);
    expect(inner.blocks).toHaveLength(1);
    const innerId = inner.blocks[0].id;
    m = ok(addParallel(m, [sub.select], innerId, block(m))).model;
    expectValid(m);
    closeTo(await reliability(m), r * (1 - (1 - r) ** 2));
  });

  it("connect refuses loops, duplicates and edges into start; disconnect removes either direction", async () => {
    let m = start();
    m = ok(addAfter(m, [], "B1", block(m))).model; // start → B1 → B2 → end
    expect(connect(m, [], "B2", "B1")).toEqual({ ok: false, reason: "cycle" });
    expect(connect(m, [], "B1", "B2")).toEqual({ ok: false, reason: "exists" });
    expect(connect(m, [], "B1", "start")).toEqual({ ok: false, reason: "intoStart" });
    expect(connect(m, [], "end", "B1")).toEqual({ ok: false, reason: "fromEnd" });
    expect(connect(m, [], "B1", "B1")).toEqual({ ok: false, reason: "self" });
    // a bypass around B2: B1 → end
    m = ok(connect(m, [], "B1", "end")).model;
    expectValid(m);
    closeTo(await reliability(m), r);
    m = ok(disconnect(m, [], "end", "B1")).model;
    closeTo(await reliability(m), r * r);
    expect(disconnect(m, [], "B1", "end")).toEqual({ ok: false, reason: "noEdge" });
  });

  it("delete joins the blocks before to the blocks after in a series, and drops a parallel branch", async () => {
    let m = start();
    m = ok(addAfter(m, [], "B1", block(m))).model;
    m = ok(addAfter(m, [], "B2", block(m))).model; // B1 → B2 → B3
    const gone = ok(deleteBlock(m, [], "B2"));
    expectValid(gone.model);
    expect(gone.model.edges).toContainEqual(["B1", "B3"]);
    expect(gone.select).toBe("B1");
    closeTo(await reliability(gone.model), r * r);

    let p = start();
    p = ok(addParallel(p, [], "B1", block(p))).model;
    const branch = ok(deleteBlock(p, [], "B2"));
    expect(branch.model.edges).toEqual([
      ["start", "B1"],
      ["B1", "end"],
    ]);
    expect(deleteBlock(p, [], "start")).toEqual({ ok: false, reason: "terminal" });
  });

  it("deleting a host hands its component to its first mirror; deleting the last mirror makes it regular", async () => {
    let m = start();
    const mirrored = ok(addMirror(m, [], "B1", "B1", "parallel"));
    m = ok(addAfter(mirrored.model, [], "B1", block(mirrored.model))).model; // (B1 → B2) ∥ M1, M1 ≡ B1
    const before = await reliability(m);
    closeTo(before, r); // B1 works ⇒ system works (via M1); B1 fails ⇒ nothing works
    const withoutHost = ok(deleteBlock(m, [], "B1"));
    expectValid(withoutHost.model);
    const heir = findBlock(withoutHost.model, mirrored.select)?.block;
    expect(heir).toMatchObject({ kind: "regular", distribution: { type: "exponential", lambda: LAMBDA } });
    // start → B2 → end beside start → (heir) → end: the heir is a component of its own now
    expect(withoutHost.model.edges).toContainEqual(["start", "B2"]);
    closeTo(await reliability(withoutHost.model), 1 - (1 - r) ** 2);

    const withoutMirror = ok(deleteBlock(m, [], mirrored.select));
    expect(findBlock(withoutMirror.model, "B1")?.block.kind).toBe("regular");
    expect(mirrorsOf(withoutMirror.model, "B1")).toEqual([]);
  });

  it("deleting a sub-diagram deletes what is inside, keeping components mirrored outside", () => {
    let m = start();
    const sub = ok(addSubdiagram(m, [], "B1"));
    m = sub.model;
    const innerId = diagramAt(m, [sub.select]).blocks[0].id;
    const mirror = ok(addMirror(m, [], "B1", innerId, "after"));
    m = mirror.model;
    const gone = ok(deleteBlock(m, [], sub.select));
    expectValid(gone.model);
    expect(findBlock(gone.model, innerId)).toBeUndefined();
    expect(findBlock(gone.model, mirror.select)?.block.kind).toBe("regular");
  });
});
