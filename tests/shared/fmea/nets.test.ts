// The function net, the failure net and the function matrix: what each draws around a focus, that they stay
// the document's links through moves, deletes, pastes and their undo (random action sequences too), and a
// matrix cell's toggle as link and unlink operations, undone exactly.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type ActionResult,
  linkNodes,
  linkPicked,
  NODE_ACTIONS,
  runAction,
} from "../../../src/shared/fmea/actions.ts";
import type { LinkKind } from "../../../src/shared/fmea/model.ts";
import {
  cellKey,
  functionMatrix,
  NET_KINDS,
  netAround,
  netFocus,
  toggleCell,
} from "../../../src/shared/fmea/nets.ts";
import { applyOps, diffOps, type FmeaDoc, type FmeaOp } from "../../../src/shared/fmea/tree.ts";
import { counter, designTree, processTree } from "./build.ts";

function okOps(result: ActionResult): FmeaOp[] {
  if (!result.ok) throw new Error(result.problem.key);
  return result.ops;
}

/** The design tree with both nets over three levels: Move rider > Deliver torque > Convert power, the chain
 * Rider stranded > No torque > Winding open, and a second cause on the battery. */
function netted() {
  const t = designTree();
  const { b } = t;
  const fBattery = b.run(t.component2, "addFunction", { name: "Store energy" });
  const fcBattery = b.run(fBattery, "addChild", { kind: "fail", name: "Cell dead" });
  b.apply(okOps(linkNodes(b.doc, b.ctx, "function", t.fSystem, t.fSub)));
  b.apply(okOps(linkNodes(b.doc, b.ctx, "function", t.fSub, t.fComp)));
  b.apply(okOps(linkNodes(b.doc, b.ctx, "function", t.fSub, t.charComp)));
  b.apply(okOps(linkNodes(b.doc, b.ctx, "failure", t.fe, t.fm)));
  b.apply(okOps(linkNodes(b.doc, b.ctx, "failure", t.fm, t.fc)));
  b.apply(okOps(linkNodes(b.doc, b.ctx, "failure", t.fm, fcBattery)));
  return { ...t, fBattery, fcBattery };
}

const names = (doc: FmeaDoc, ids: readonly string[]) => ids.map((id) => doc.nodes.get(id)?.name);
const edgeNames = (doc: FmeaDoc, edges: readonly { from: string; to: string }[]) =>
  edges.map((e) => `${doc.nodes.get(e.from)?.name} > ${doc.nodes.get(e.to)?.name}`).sort();

/** Every edge of a net is a link of the document between two of its nodes, and every such link is an edge. */
function expectConsistent(doc: FmeaDoc, kind: LinkKind, focus: string[]) {
  const net = netAround(doc, kind, focus);
  const inNet = new Set(net.nodes);
  for (const e of net.edges) {
    const link = doc.links.get(e.linkId);
    expect(link, `edge ${e.linkId} is a stored link`).toBeDefined();
    expect([link?.kind, link?.from, link?.to]).toEqual([kind, e.from, e.to]);
  }
  for (const id of net.nodes) expect(NET_KINDS[kind]).toContain(doc.nodes.get(id)?.kind);
  const edgeIds = new Set(net.edges.map((e) => e.linkId));
  // A link between two drawn nodes on the chains of the focus is drawn: the walk from all nodes of a kind sees all.
  if (focus.length === [...doc.nodes.values()].filter((n) => NET_KINDS[kind].includes(n.kind)).length)
    for (const link of doc.links.values())
      if (link.kind === kind) {
        expect(inNet.has(link.from) && inNet.has(link.to)).toBe(true);
        expect(edgeIds.has(link.id)).toBe(true);
      }
}

describe("function and failure nets", () => {
  it("the failure net of a mode: its effect above and both causes below", () => {
    const t = netted();
    const net = netAround(t.b.doc, "failure", [t.fm]);
    expect(names(t.b.doc, net.nodes)).toEqual(["Rider stranded", "No torque", "Winding open", "Cell dead"]);
    expect(edgeNames(t.b.doc, net.edges)).toEqual([
      "No torque > Cell dead",
      "No torque > Winding open",
      "Rider stranded > No torque",
    ]);
    expect(net.truncated).toBe(false);
  });

  it("follows chains to their ends but never sideways", () => {
    const t = netted();
    // From one cause: up to the mode and the effect; the other cause of the same mode is not on its chain.
    const net = netAround(t.b.doc, "failure", [t.fc]);
    expect(names(t.b.doc, net.nodes)).toEqual(["Rider stranded", "No torque", "Winding open"]);
    const fn = netAround(t.b.doc, "function", [t.fComp]);
    expect(names(t.b.doc, fn.nodes)).toEqual(["Move rider", "Deliver torque", "Convert power"]);
  });

  it("cuts a net at its limit and says so", () => {
    const t = netted();
    const net = netAround(t.b.doc, "failure", [t.fm], 2);
    expect(net.nodes).toHaveLength(2);
    expect(net.truncated).toBe(true);
    for (const e of net.edges) expect(net.nodes).toContain(e.to);
  });

  it("draws around the selected node, its function, its failures or the element's nodes", () => {
    const t = netted();
    const doc = t.b.doc;
    expect(netFocus(doc, "function", t.component, t.fComp)).toEqual([t.fComp]);
    expect(netFocus(doc, "function", t.component, t.fc)).toEqual([t.fComp]);
    expect(netFocus(doc, "function", t.component, null)).toEqual([t.fComp, t.charComp]);
    expect(netFocus(doc, "failure", t.component, t.fComp)).toEqual([t.fc]);
    expect(netFocus(doc, "failure", t.component, t.fc)).toEqual([t.fc]);
    expect(netFocus(doc, "failure", t.subsystem, null)).toEqual([t.fm]);
    expect(netFocus(doc, "failure", null, null)).toEqual([]);
    // A measure is in neither net: the element's nodes are drawn.
    expect(netFocus(doc, "failure", t.component, t.pc)).toEqual([t.fc]);
  });

  it("lose a moved element's links, get them back with undo", () => {
    const t = netted();
    const { b } = t;
    const before = b.doc;
    // Cut the motor and paste it under the system: its function and failure are two levels below now.
    b.apply(okOps(runAction(b.doc, t.component, "cut", b.ctx)));
    b.apply(
      okOps(runAction(b.doc, t.system, "paste", b.ctx, { clipboard: { mode: "cut", id: t.component } })),
    );
    const fn = netAround(b.doc, "function", [t.fSub]);
    expect(names(b.doc, fn.nodes)).toEqual(["Move rider", "Deliver torque"]);
    expect(names(b.doc, netAround(b.doc, "failure", [t.fm]).nodes)).toEqual([
      "Rider stranded",
      "No torque",
      "Cell dead",
    ]);
    expectConsistent(b.doc, "function", [t.fSub]);
    const undone = applyOps(b.doc, diffOps(b.doc, before));
    expect(undone.ok).toBe(true);
    if (!undone.ok) return;
    expect(edgeNames(undone.doc, netAround(undone.doc, "function", [t.fComp]).edges)).toEqual([
      "Deliver torque > Convert power",
      "Move rider > Deliver torque",
    ]);
  });

  it("lose a deleted element's nodes and links", () => {
    const t = netted();
    const { b } = t;
    b.apply(okOps(runAction(b.doc, t.component, "delete", b.ctx)));
    const net = netAround(b.doc, "failure", [t.fm]);
    expect(names(b.doc, net.nodes)).toEqual(["Rider stranded", "No torque", "Cell dead"]);
    expect(net.edges.every((e) => b.doc.links.has(e.linkId))).toBe(true);
    // A focus that no longer exists draws nothing.
    expect(netAround(b.doc, "failure", [t.fc]).nodes).toEqual([]);
  });

  const step = fc.record({
    action: fc.constantFrom(...NODE_ACTIONS, "link" as const),
    node: fc.nat(),
    other: fc.nat(),
    cut: fc.boolean(),
  });
  for (const [variant, start] of [
    ["design", () => netted().b.doc],
    ["process", () => processTree().b.doc],
  ] as const)
    it(`${variant}: stay the document's links through random actions and their undo`, () => {
      fc.assert(
        fc.property(fc.array(step, { minLength: 1, maxLength: 20 }), (steps) => {
          let doc = start();
          const ctx = counter("q");
          for (const s of steps) {
            const ids = [...doc.nodes.keys()].sort();
            if (ids.length === 0) break;
            const id = ids[s.node % ids.length];
            const other = ids[s.other % ids.length];
            const result =
              s.action === "link"
                ? linkPicked(doc, ctx, id, other)
                : runAction(doc, id, s.action, ctx, {
                    clipboard: { mode: s.cut ? "cut" : "copy", id: other },
                  });
            if (!result.ok) continue;
            const applied = applyOps(doc, result.ops);
            if (!applied.ok) continue;
            for (const kind of ["function", "failure"] as const) {
              const all = [...applied.doc.nodes.values()]
                .filter((n) => NET_KINDS[kind].includes(n.kind))
                .map((n) => n.id);
              expectConsistent(applied.doc, kind, all);
              expectConsistent(applied.doc, kind, all.slice(0, 1));
            }
            doc = applied.doc;
          }
        }),
        { numRuns: 80, seed: 1717 },
      );
    });
});

describe("function matrix", () => {
  it("has the element's functions as rows and its children's functions and characteristics as columns", () => {
    const t = netted();
    const m = functionMatrix(t.b.doc, t.subsystem);
    expect(m.rows.map((r) => r.name)).toEqual(["Deliver torque"]);
    expect(m.columns.map((c) => `${c.structure.name}: ${c.node.name}`)).toEqual([
      "Motor: Convert power",
      "Motor: Winding resistance",
      "Battery: Store energy",
    ]);
    expect([...m.linked.keys()].sort()).toEqual(
      [cellKey(t.fSub, t.fComp), cellKey(t.fSub, t.charComp)].sort(),
    );
  });

  it("a toggle links an empty cell, unlinks a linked one, and undo puts it back", () => {
    const t = netted();
    const { b } = t;
    const start = b.doc;
    const link = toggleCell(b.doc, b.ctx, t.fSub, t.fBattery);
    expect(link.ok && link.ops.map((o) => o.op)).toEqual(["link"]);
    b.apply(okOps(link));
    expect(functionMatrix(b.doc, t.subsystem).linked.has(cellKey(t.fSub, t.fBattery))).toBe(true);
    // The net shows the new link at once: the same document.
    expect(names(b.doc, netAround(b.doc, "function", [t.fBattery]).nodes)).toEqual([
      "Move rider",
      "Deliver torque",
      "Store energy",
    ]);
    const unlink = toggleCell(b.doc, b.ctx, t.fSub, t.fComp);
    expect(unlink.ok && unlink.ops).toEqual([
      { op: "unlink", id: functionMatrix(start, t.subsystem).linked.get(cellKey(t.fSub, t.fComp)) },
    ]);
    b.apply(okOps(unlink));
    expect([...functionMatrix(b.doc, t.subsystem).linked.keys()].sort()).toEqual(
      [cellKey(t.fSub, t.charComp), cellKey(t.fSub, t.fBattery)].sort(),
    );
    // Undo of both, as the editor sends it.
    const undone = applyOps(b.doc, diffOps(b.doc, start));
    expect(undone.ok).toBe(true);
    if (undone.ok)
      expect(functionMatrix(undone.doc, t.subsystem).linked).toEqual(
        functionMatrix(start, t.subsystem).linked,
      );
  });

  it("refuses a cell the net's rules refuse", () => {
    const t = netted();
    // Two levels apart: the system's function and the motor's.
    const far = toggleCell(t.b.doc, t.b.ctx, t.fSystem, t.fComp);
    expect(far.ok ? null : far.problem.key).toBe("fmea.linkLevel");
    // A failure is no function.
    const wrong = toggleCell(t.b.doc, t.b.ctx, t.fSub, t.fc);
    expect(wrong.ok ? null : wrong.problem.key).toBe("fmea.functionLinkKinds");
  });

  it("PFMEA: a process step's functions against its work elements' functions and process characteristics", () => {
    const t = processTree();
    const m = functionMatrix(t.b.doc, t.step);
    expect(m.rows.map((r) => r.name)).toEqual(["Press bearing to depth"]);
    expect(m.columns.map((c) => `${c.structure.name}: ${c.node.name}`)).toEqual([
      "Press: Apply force",
      "Press: Press force",
    ]);
    const toggled = applyOps(t.b.doc, okOps(toggleCell(t.b.doc, t.b.ctx, t.fStep, t.procSpec)));
    expect(toggled.ok).toBe(true);
    if (toggled.ok) expect(functionMatrix(toggled.doc, t.step).linked.size).toBe(1);
  });
});
