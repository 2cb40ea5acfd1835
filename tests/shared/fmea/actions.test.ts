// Spec 5's node actions: which each node type and level offers, and each action allowed and refused,
// with the function and failure nets kept consistent as nodes move and go.
import { describe, expect, it } from "vitest";
import {
  actionProblem,
  deleteOp,
  linkNodes,
  linkPicked,
  NODE_ACTIONS,
  type NodeAction,
  nodeActions,
  runAction,
} from "../../../src/shared/fmea/actions.ts";
import { OPTIONAL_ELEMENTS } from "../../../src/shared/fmea/model.ts";
import { applyOps, childrenOf, diffOps, treeProblems } from "../../../src/shared/fmea/tree.ts";
import { Builder, counter, designTree, processTree } from "./build.ts";

const SPEC_ROOT: NodeAction[] = [
  "addStructure",
  "addProcessItem",
  "addProcessStep",
  "addOptionalElement",
  "addFunction",
  "addProductCharacteristic",
  "addRoot",
  "copy",
  "paste",
  "deleteRoot",
  "attributes",
];
const SPEC_CHILD_EXTRA: NodeAction[] = [
  "cut",
  "showHide",
  "upgrade",
  "downgrade",
  "switchStructure",
  "delete",
  "merge",
  "moveUp",
  "moveDown",
];

describe("the actions each node type and level offers (spec 5)", () => {
  it("a root structure node: spec 5's list, plus rename; no cut, delete, upgrade, ...", () => {
    const { b, system } = designTree();
    const actions = nodeActions(b.doc, system);
    for (const a of SPEC_ROOT) expect(actions).toContain(a);
    for (const a of SPEC_CHILD_EXTRA) expect(actions).not.toContain(a);
    for (const a of SPEC_CHILD_EXTRA)
      expect(actionProblem(b.doc, system, a)?.key, a).toBe("fmea.actionNotAllowed");
  });

  it("a child structure node: the root's list (delete instead of delete root) and spec 5's extra actions", () => {
    const { b, component, subsystem } = designTree();
    for (const id of [component, subsystem]) {
      const actions = nodeActions(b.doc, id);
      for (const a of [...SPEC_ROOT.filter((x) => x !== "deleteRoot"), ...SPEC_CHILD_EXTRA])
        expect(actions).toContain(a);
      expect(actions).not.toContain("deleteRoot");
      expect(actionProblem(b.doc, id, "deleteRoot")?.key).toBe("fmea.actionNotAllowed");
    }
  });

  it("functions, characteristics, failures and measures: add child, clipboard, delete, move, rename, attributes", () => {
    const { b, fSub, charComp, fm, pc } = designTree();
    for (const id of [fSub, charComp, fm, pc]) {
      expect(nodeActions(b.doc, id)).toEqual([
        "addChild",
        "copy",
        "cut",
        "paste",
        "delete",
        "moveUp",
        "moveDown",
        "rename",
        "attributes",
      ]);
      for (const a of [
        "upgrade",
        "downgrade",
        "merge",
        "switchStructure",
        "deleteRoot",
        "addStructure",
      ] as const)
        expect(actionProblem(b.doc, id, a)?.key, a).toBe("fmea.actionNotAllowed");
    }
  });

  it("every action names a command; a missing node offers only add root", () => {
    const { b } = designTree();
    expect(nodeActions(b.doc, "nope")).toEqual(["addRoot"]);
    expect(actionProblem(b.doc, "nope", "delete")?.key).toBe("fmea.nodeGone");
    expect(new Set(NODE_ACTIONS).size).toBe(NODE_ACTIONS.length);
  });
});

describe("adding nodes, per variant and level", () => {
  type Case = [string, NodeAction, boolean, object?];
  it("DFMEA: structure at any depth (system, subsystem, component), functions and characteristics anywhere, no process items", () => {
    const { b, system, subsystem, component } = designTree();
    const deep = b.run(component, "addStructure", { name: "Part" });
    expect(b.doc.nodes.get(system)?.elementType).toBe("system");
    expect(b.doc.nodes.get(subsystem)?.elementType).toBe("subsystem");
    expect(b.doc.nodes.get(component)?.elementType).toBe("component");
    expect(b.doc.nodes.get(deep)?.elementType).toBe("component");
    const cases: Case[] = [
      [system, "addStructure", true],
      [system, "addFunction", true],
      [system, "addProductCharacteristic", true],
      [system, "addProcessItem", false],
      [system, "addProcessStep", false],
      [system, "addOptionalElement", false, { elementType: "man" }],
      [component, "addInterface", true],
      [component, "addProcessCharacteristic", false],
      [deep, "addStructure", true],
    ];
    for (const [id, action, allowed, args] of cases)
      expect(actionProblem(b.doc, id, action, args) === null, `${id} ${action}`).toBe(allowed);
  });

  it("PFMEA: process item > process item or step > 4M/5M work elements; characteristics by level", () => {
    const { b, item, step, man, machine } = processTree();
    expect(b.doc.nodes.get(item)?.elementType).toBe("procItem");
    expect(b.doc.nodes.get(man)?.elementType).toBe("man");
    const cases: Case[] = [
      [item, "addStructure", true],
      [item, "addProcessItem", true],
      [item, "addProcessStep", true],
      [item, "addOptionalElement", false, { elementType: "man" }],
      [item, "addFunction", true],
      [item, "addProductCharacteristic", true],
      [step, "addProcessItem", false],
      [step, "addProcessStep", false],
      [step, "addProductCharacteristic", true],
      [step, "addProcessCharacteristic", false],
      [step, "addInterface", false],
      [machine, "addStructure", false],
      [machine, "addOptionalElement", false, { elementType: "method" }],
      [machine, "addProductCharacteristic", false],
      [machine, "addProcessCharacteristic", true],
      [machine, "addFunction", true],
    ];
    for (const elementType of OPTIONAL_ELEMENTS)
      cases.push([step, "addOptionalElement", true, { elementType }]);
    for (const [id, action, allowed, args] of cases)
      expect(actionProblem(b.doc, id, action, args) === null, `${b.name(id)} ${action}`).toBe(allowed);
    // "add structure" under a step adds its usual work element.
    const added = b.run(step, "addStructure");
    expect(b.doc.nodes.get(added)?.elementType).toBe("man");
  });

  it("children of functions, characteristics and failures follow the one table", () => {
    const { b, fSub, fm, charComp } = designTree();
    const cases: [string, string, boolean][] = [
      [fSub, "fail", true],
      [fSub, "func", false],
      [fSub, "preMeas", false],
      [fm, "preMeas", true],
      [fm, "findMeas", true],
      [fm, "measGroup", true],
      [fm, "fail", false],
      [charComp, "fail", true],
      [charComp, "controlMethod", true],
      [charComp, "stru", false],
    ];
    for (const [id, kind, allowed] of cases)
      expect(
        actionProblem(b.doc, id, "addChild", { kind: kind as never }) === null,
        `${b.name(id)} ${kind}`,
      ).toBe(allowed);
    const group = b.run(fm, "addChild", { kind: "measGroup", name: "Group" });
    expect(actionProblem(b.doc, group, "addChild", { kind: "findMeas" })).toBeNull();
    expect(actionProblem(b.doc, group, "addChild", { kind: "measGroup" })?.key).toBe("fmea.actionNotAllowed");
  });

  it("add root adds a system (DFMEA) or a process item (PFMEA), also with nothing selected", () => {
    const d = new Builder("design");
    const r = d.run(null, "addRoot");
    expect(d.doc.nodes.get(r)).toMatchObject({ kind: "stru", elementType: "system", parentId: null });
    const second = d.run(r, "addRoot");
    expect(childrenOf(d.doc, null).map((n) => n.id)).toEqual([r, second]);
    const p = new Builder("process");
    const processRoot = p.run(null, "addRoot");
    expect(p.doc.nodes.get(processRoot)?.elementType).toBe("procItem");
  });
});

describe("copy, cut and paste (spec 4 clipboard, spec 8 paste errors)", () => {
  it("copy pastes the subtree with new ids and the links inside it", () => {
    const { b, subsystem, system, fm, fc } = designTree();
    b.apply(okOps(linkNodes(b.doc, b.ctx, "failure", fm, fc)));
    const before = b.doc.nodes.size;
    const pasted = b.run(system, "paste", { clipboard: { mode: "copy", id: subsystem } });
    const size = b.doc.nodes.size - before;
    expect(size).toBe(9); // Drive, Motor, Battery, 2 functions, a characteristic, 2 failures, a measure
    expect(pasted).not.toBe(subsystem);
    expect(b.doc.nodes.get(pasted)).toMatchObject({ name: "Drive", parentId: system });
    const links = [...b.doc.links.values()];
    expect(links).toHaveLength(2);
    const copy = links.find((l) => l.from !== fm);
    expect(copy && [b.name(copy.from), b.name(copy.to)]).toEqual(["No torque", "Winding open"]);
    expect(copy?.to).not.toBe(fc);
    expect(treeProblems(b.doc)).toEqual([]);
  });

  it("paste at a level that cannot hold the clipboard is refused with the level error", () => {
    const p = processTree();
    const cases: [string, string][] = [
      [p.step, p.step2], // a step under a step
      [p.man, p.item], // a work element under a process item
      [p.item, p.man], // a process item under a work element
      [p.prod, p.machine], // a product characteristic on a work element
      [p.procSpec, p.step], // a process characteristic on a step
      [p.fStep, p.fItem], // a function under a function
    ];
    for (const [source, target] of cases) {
      const problem = actionProblem(p.b.doc, target, "paste", { clipboard: { mode: "copy", id: source } });
      expect(problem?.key, `${p.b.name(source)} -> ${p.b.name(target)}`).toBe("fmea.pasteLevel");
    }
    expect(actionProblem(p.b.doc, p.step2, "paste", { clipboard: { mode: "cut", id: p.man } })).toBeNull();
  });

  it("refuses paste with an empty clipboard, a deleted source, or into the cut node itself", () => {
    const { b, subsystem, component, system } = designTree();
    expect(actionProblem(b.doc, system, "paste")?.key).toBe("fmea.clipboardEmpty");
    expect(actionProblem(b.doc, component, "paste", { clipboard: { mode: "cut", id: subsystem } })?.key).toBe(
      "fmea.pasteIntoItself",
    );
    expect(actionProblem(b.doc, subsystem, "paste", { clipboard: { mode: "cut", id: subsystem } })?.key).toBe(
      "fmea.pasteIntoItself",
    );
    b.apply([deleteOp(b.doc, component)]);
    expect(actionProblem(b.doc, system, "paste", { clipboard: { mode: "copy", id: component } })?.key).toBe(
      "fmea.clipboardGone",
    );
  });

  it("cut and paste moves the subtree and drops the net links that no longer join adjacent levels", () => {
    const { b, fSystem, fSub, fComp, fe, fm, fc, component, component2 } = designTree();
    b.apply(okOps(linkNodes(b.doc, b.ctx, "function", fSystem, fSub)));
    b.apply(okOps(linkNodes(b.doc, b.ctx, "function", fSub, fComp)));
    b.apply(okOps(linkNodes(b.doc, b.ctx, "failure", fe, fm)));
    b.apply(okOps(linkNodes(b.doc, b.ctx, "failure", fm, fc)));
    // Motor under Battery: its functions are now two levels below Drive's.
    const result = runAction(b.doc, component2, "paste", b.ctx, {
      clipboard: { mode: "cut", id: component },
    });
    const applied = applyOps(b.doc, okOps(result));
    if (!applied.ok) throw new Error("refused");
    expect(applied.doc.nodes.get(component)?.parentId).toBe(component2);
    const kept = [...applied.doc.links.values()].map((l) => `${l.from}>${l.to}`).sort();
    expect(kept).toEqual([`${fSystem}>${fSub}`, `${fe}>${fm}`].sort());
    expect(applied.changes.removedLinks.size).toBe(2);
    expect(treeProblems(applied.doc)).toEqual([]);
  });
});

describe("delete and delete root", () => {
  it("deletes the subtree and every link of its nodes", () => {
    const { b, subsystem, fe, fm, fc, fSystem } = designTree();
    b.apply(okOps(linkNodes(b.doc, b.ctx, "failure", fe, fm)));
    b.apply(okOps(linkNodes(b.doc, b.ctx, "failure", fm, fc)));
    const select = b.run(subsystem, "delete");
    expect(b.doc.nodes.has(subsystem)).toBe(false);
    expect(b.doc.nodes.has(fc)).toBe(false);
    expect(b.doc.links.size).toBe(0);
    expect(b.doc.nodes.has(fSystem)).toBe(true);
    expect(select).toBeTruthy();
    expect(treeProblems(b.doc)).toEqual([]);
  });

  it("delete root removes the whole tree; a root cannot be deleted with delete, nor a child with delete root", () => {
    const { b, system, subsystem } = designTree();
    expect(actionProblem(b.doc, system, "delete")?.key).toBe("fmea.actionNotAllowed");
    expect(actionProblem(b.doc, subsystem, "deleteRoot")?.key).toBe("fmea.actionNotAllowed");
    b.run(system, "deleteRoot");
    expect(b.doc.nodes.size).toBe(0);
  });

  it("a delete based on an older view of the subtree is refused with the changed node", () => {
    const { b, subsystem, component } = designTree();
    const op = deleteOp(b.doc, subsystem);
    b.run(component, "addFunction", { name: "Added meanwhile" });
    const result = applyOps(b.doc, [op]);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.conflicts).toHaveLength(1);
    expect(result.conflicts[0].current?.name).toBe("Added meanwhile");
  });
});

describe("upgrade and downgrade", () => {
  it("DFMEA: upgrade makes the node its parent's next sibling; downgrade puts it under the element above", () => {
    const { b, system, subsystem, component, component2 } = designTree();
    b.run(component2, "upgrade");
    expect(b.doc.nodes.get(component2)?.parentId).toBe(system);
    expect(childrenOf(b.doc, system, "stru").map((n) => n.id)).toEqual([subsystem, component2]);
    b.run(component2, "downgrade");
    expect(b.doc.nodes.get(component2)?.parentId).toBe(subsystem);
    expect(childrenOf(b.doc, subsystem, "stru").map((n) => n.id)).toEqual([component, component2]);
    b.run(component2, "downgrade");
    expect(b.doc.nodes.get(component2)?.parentId).toBe(component);
    expect(actionProblem(b.doc, component, "downgrade")?.key).toBe("fmea.downgradeFirst");
    // A subsystem upgraded becomes a root.
    b.run(subsystem, "upgrade");
    expect(b.doc.nodes.get(subsystem)?.parentId).toBeNull();
  });

  it("PFMEA: a step cannot become a root nor go under a step; a work element cannot leave its step", () => {
    const { b, step, step2, man, machine, item } = processTree();
    expect(actionProblem(b.doc, step, "upgrade")?.key).toBe("fmea.pasteLevel");
    expect(actionProblem(b.doc, step2, "downgrade")?.key).toBe("fmea.pasteLevel");
    expect(actionProblem(b.doc, man, "upgrade")?.key).toBe("fmea.pasteLevel");
    expect(actionProblem(b.doc, machine, "downgrade")?.key).toBe("fmea.pasteLevel");
    const sub = b.run(item, "addProcessItem", { name: "Sub-line" });
    const subStep = b.run(sub, "addProcessStep", { name: "OP40" });
    b.run(subStep, "upgrade");
    expect(b.doc.nodes.get(subStep)?.parentId).toBe(item);
  });

  it("upgrade drops the links that no longer join adjacent levels", () => {
    const { b, fSub, fComp, component } = designTree();
    b.apply(okOps(linkNodes(b.doc, b.ctx, "function", fSub, fComp)));
    b.run(component, "upgrade");
    expect(b.doc.links.size).toBe(0);
  });
});

describe("merge, structure switch, show/hide, move up and down", () => {
  it("merge moves the children into the sibling above and removes the node; links stay", () => {
    const { b, component, component2, fComp, fSub } = designTree();
    b.apply(okOps(linkNodes(b.doc, b.ctx, "function", fSub, fComp)));
    const f2 = b.run(component2, "addFunction", { name: "Store energy" });
    const target = b.run(component2, "merge");
    expect(target).toBe(component);
    expect(b.doc.nodes.has(component2)).toBe(false);
    expect(childrenOf(b.doc, component, "func").map((n) => n.id)).toEqual([fComp, f2]);
    expect(b.doc.links.size).toBe(1);
    expect(treeProblems(b.doc)).toEqual([]);
  });

  it("merge is refused without a sibling of the same kind, or across element types", () => {
    const p = processTree();
    expect(actionProblem(p.b.doc, p.man, "merge")?.key).toBe("fmea.mergeType");
    const d = designTree();
    expect(actionProblem(d.b.doc, d.subsystem, "merge")?.key).toBe("fmea.mergeTarget");
    expect(actionProblem(d.b.doc, d.component, "merge", { targetId: d.subsystem })?.key).toBe(
      "fmea.mergeTarget",
    );
  });

  it("structure switch cycles a work element through 5M, a step and an inspection, the design levels", () => {
    const p = processTree();
    p.b.run(p.man, "switchStructure");
    expect(p.b.doc.nodes.get(p.man)?.elementType).toBe("machine");
    p.b.run(p.step, "switchStructure");
    expect(p.b.doc.nodes.get(p.step)?.elementType).toBe("check");
    p.b.run(p.step, "switchStructure");
    expect(p.b.doc.nodes.get(p.step)?.elementType).toBe("procStep");
    const sub = p.b.run(p.item, "addProcessItem");
    expect(actionProblem(p.b.doc, sub, "switchStructure")?.key).toBe("fmea.switchNotAllowed");
    expect(actionProblem(p.b.doc, p.item, "switchStructure")?.key).toBe("fmea.actionNotAllowed");
    const d = designTree();
    d.b.run(d.component, "switchStructure");
    expect(d.b.doc.nodes.get(d.component)?.elementType).toBe("system");
  });

  it("an element type that does not fit its place or children is refused by the operation itself", () => {
    const p = processTree();
    const node = p.b.doc.nodes.get(p.step);
    if (!node) throw new Error();
    const result = applyOps(p.b.doc, [
      { op: "update", id: p.step, base: node.version, set: { elementType: "man" } },
    ]);
    expect(result.ok ? null : result.problems[0].key).toBe("fmea.switchNotAllowed");
  });

  it("show/hide toggles the structure's hidden flag", () => {
    const { b, subsystem } = designTree();
    b.run(subsystem, "showHide");
    expect(b.doc.nodes.get(subsystem)?.hidden).toBe(true);
    b.run(subsystem, "showHide");
    expect(b.doc.nodes.get(subsystem)?.hidden).toBe(false);
  });

  it("move up and down among siblings of the same kind; refused at the ends; renumbers when the gap runs out", () => {
    const b = new Builder("design");
    const root = b.run(null, "addRoot");
    const ids = ["a", "b", "c"].map((name) => b.run(root, "addStructure", { name }));
    b.run(root, "addFunction", { name: "f" });
    const order = () =>
      childrenOf(b.doc, root, "stru")
        .map((n) => n.name)
        .join("");
    b.run(ids[2], "moveUp");
    expect(order()).toBe("acb");
    b.run(ids[0], "moveDown");
    expect(order()).toBe("cab");
    expect(actionProblem(b.doc, ids[2], "moveUp")?.key).toBe("fmea.moveFirst");
    expect(actionProblem(b.doc, ids[1], "moveDown")?.key).toBe("fmea.moveLast");
    // Swapping the middle pair 200 times halves one gap past a double's precision.
    for (let i = 0; i < 200; i++) b.run(i % 2 === 0 ? ids[1] : ids[0], "moveUp");
    expect(order()).toBe("cab");
    expect(new Set(childrenOf(b.doc, root, "stru").map((n) => n.ord)).size).toBe(3);
  });
});

describe("the function and failure nets", () => {
  it("link a function to a lower function or characteristic; a failure chain FE -> FM -> FC over three levels", () => {
    const { b, fSystem, fSub, fComp, charComp, fe, fm, fc } = designTree();
    b.apply(okOps(linkNodes(b.doc, b.ctx, "function", fSystem, fSub)));
    b.apply(okOps(linkNodes(b.doc, b.ctx, "function", fSub, fComp)));
    b.apply(okOps(linkNodes(b.doc, b.ctx, "function", fSub, charComp)));
    b.apply(okOps(linkNodes(b.doc, b.ctx, "failure", fe, fm)));
    b.apply(okOps(linkNodes(b.doc, b.ctx, "failure", fm, fc)));
    expect(b.doc.links.size).toBe(5);
  });

  it("refuses links that skip a level, stay on one level, point upwards, join the wrong kinds, or repeat", () => {
    const { b, fSystem, fSub, fComp, fe, fm, fc } = designTree();
    b.apply(okOps(linkNodes(b.doc, b.ctx, "failure", fe, fm)));
    const cases: ["function" | "failure", string, string, string][] = [
      ["function", fSystem, fComp, "fmea.linkLevel"],
      ["function", fComp, fSub, "fmea.linkLevel"],
      ["failure", fe, fc, "fmea.linkLevel"],
      ["failure", fm, fm, "fmea.linkLevel"],
      ["function", fSystem, fm, "fmea.functionLinkKinds"],
      ["failure", fSystem, fSub, "fmea.failureLinkKinds"],
      ["failure", fe, fm, "fmea.linkExists"],
      ["failure", fe, "gone", "fmea.linkEnd"],
    ];
    for (const [kind, from, to, key] of cases) {
      const result = linkNodes(b.doc, counter("l"), kind, from, to);
      expect(result.ok ? null : result.problem.key, `${kind} ${from} ${to}`).toBe(key);
    }
  });

  it("PFMEA chain: process item effect, step mode, work element cause", () => {
    const { b, fItem, fStep, fMachine, prod, procSpec } = processTree();
    const fe = b.run(fItem, "addChild", { kind: "fail", name: "Noise at customer" });
    const fm = b.run(prod, "addChild", { kind: "fail", name: "Bearing not at depth" });
    const fc = b.run(procSpec, "addChild", { kind: "fail", name: "Force too low" });
    b.apply(okOps(linkNodes(b.doc, b.ctx, "function", fItem, fStep)));
    b.apply(okOps(linkNodes(b.doc, b.ctx, "function", fStep, fMachine)));
    b.apply(okOps(linkNodes(b.doc, b.ctx, "function", fStep, procSpec)));
    b.apply(okOps(linkNodes(b.doc, b.ctx, "failure", fe, fm)));
    b.apply(okOps(linkNodes(b.doc, b.ctx, "failure", fm, fc)));
    expect(treeProblems(b.doc)).toEqual([]);
  });
});

function okOps(result: ReturnType<typeof runAction>) {
  if (!result.ok) throw new Error(result.problem.key);
  return result.ops;
}

describe("undo and redo as operations (diffOps)", () => {
  it("every action undone and redone through diffOps gives back the same tree, apart from versions", () => {
    const strip = (doc: import("../../../src/shared/fmea/tree.ts").FmeaDoc) => ({
      nodes: [...doc.nodes.values()]
        .map(({ version: _v, ...n }) => n)
        .sort((a, b) => a.id.localeCompare(b.id)),
      links: [...doc.links.values()].sort((a, b) => a.id.localeCompare(b.id)),
    });
    const cases: [string, NodeAction, object?][] = [
      ["subsystem", "delete"],
      ["component2", "upgrade"],
      ["component2", "downgrade"],
      ["component2", "merge"],
      ["component", "switchStructure"],
      ["subsystem", "showHide"],
      ["component2", "moveUp"],
      ["system", "paste", { clipboard: { mode: "copy", id: "subsystem" } }],
      ["component2", "paste", { clipboard: { mode: "cut", id: "component" } }],
    ];
    for (const [who, action, args] of cases) {
      const t = designTree();
      const ids = t as unknown as Record<string, string>;
      t.b.apply(okOps(linkNodes(t.b.doc, t.b.ctx, "failure", t.fm, t.fc)));
      t.b.apply(okOps(linkNodes(t.b.doc, t.b.ctx, "function", t.fSub, t.fComp)));
      const before = t.b.doc;
      const fixed =
        args && "clipboard" in args
          ? {
              clipboard: {
                ...(args as { clipboard: { mode: "copy" | "cut"; id: string } }).clipboard,
                id: ids[(args as { clipboard: { id: string } }).clipboard.id],
              },
            }
          : args;
      t.b.run(ids[who], action, fixed);
      const after = t.b.doc;
      const undone = applyOps(after, diffOps(after, before));
      if (!undone.ok) throw new Error(`${action}: ${JSON.stringify(undone)}`);
      expect(strip(undone.doc), `undo ${action}`).toEqual(strip(before));
      const redone = applyOps(undone.doc, diffOps(undone.doc, after));
      if (!redone.ok) throw new Error(`${action}: ${JSON.stringify(redone)}`);
      expect(strip(redone.doc), `redo ${action}`).toEqual(strip(after));
    }
  });
});

describe("linking two picked nodes", () => {
  it("puts the higher level first and picks the net by the nodes' kinds, in either order", () => {
    const { b, fSub, fComp, fm, fc, fSystem } = designTree();
    for (const [x, y] of [
      [fComp, fSub],
      [fm, fc],
    ]) {
      const result = linkPicked(b.doc, b.ctx, x, y);
      if (!result.ok) throw new Error(result.problem.key);
      b.apply(result.ops);
    }
    const links = [...b.doc.links.values()].map((l) => [l.kind, l.from, l.to]);
    expect(links).toEqual([
      ["function", fSub, fComp],
      ["failure", fm, fc],
    ]);
    const skip = linkPicked(b.doc, b.ctx, fSystem, fComp);
    expect(skip.ok ? null : skip.problem.key).toBe("fmea.linkLevel");
    const mixed = linkPicked(b.doc, b.ctx, fm, fComp);
    expect(mixed.ok ? null : mixed.problem.key).toBe("fmea.functionLinkKinds");
  });
});
