// @vitest-environment jsdom
// The net panel's and context menu's commands: titles in four languages, a matrix cell's toggle as one edit of
// the editor's document with its undo and redo, and the tree menu's entries by node type and tree (the
// palette's rules: the same `when`).
import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { fmeaNetCommands, treeMenuCommands } from "../../../../src/app/commands/fmea-nets.ts";
import { registerAllCommands } from "../../../../src/app/commands/index.ts";
import { type CommandContext, isAvailable } from "../../../../src/app/commands/registry.ts";
import { matrixCell, toggleMatrixCell } from "../../../../src/app/features/fmea/net-view.ts";
import {
  commit,
  doc,
  editable,
  openFmea,
  redo,
  selected,
  selectNode,
  steps,
  undo,
} from "../../../../src/app/features/fmea/store.ts";
import { noSteps } from "../../../../src/app/state/history.ts";
import { linkNodes } from "../../../../src/shared/fmea/actions.ts";
import { cellKey, functionMatrix } from "../../../../src/shared/fmea/nets.ts";
import { designTree, processTree } from "../../../shared/fmea/build.ts";

function text(lang: string, key: string): unknown {
  const [ns, path] = key.split(":");
  const json = JSON.parse(readFileSync(`locales/${lang}/${ns}.json`, "utf8"));
  return path
    .split(".")
    .reduce<unknown>((at, part) => (at as Record<string, unknown> | undefined)?.[part], json);
}

const ctx = (path: string): CommandContext => ({
  path,
  roles: ["owner"],
  authenticated: true,
  selection: null,
  layout: "fmea",
  // As while the menu or palette is open: the focus rule is met.
  overlayOpen: true,
});

/** The menu's entries for the selected node of the tree in front. */
const menu = (path = "/fmeaTree") =>
  treeMenuCommands(ctx(path))
    .filter((c) => !c.paletteHidden && isAvailable(c, ctx(path)))
    .map((c) => c.id);

beforeAll(() => registerAllCommands());

describe("net and menu commands", () => {
  it("have titles in four languages", () => {
    for (const command of fmeaNetCommands)
      for (const lang of ["en", "zh", "es", "ja"])
        expect(typeof text(lang, command.titleKey), `${lang} ${command.id}`).toBe("string");
  });

  it("a matrix cell toggles a link as one edit, undone and redone", () => {
    const t = designTree();
    openFmea.value = null;
    doc.value = t.b.doc;
    steps.value = noSteps();
    selected.value = { left: t.subsystem, right: null };
    matrixCell.value = { row: t.fSub, column: t.fComp };
    expect(toggleMatrixCell()).toBe(true);
    expect(functionMatrix(doc.value, t.subsystem).linked.has(cellKey(t.fSub, t.fComp))).toBe(true);
    expect(toggleMatrixCell()).toBe(true);
    expect(functionMatrix(doc.value, t.subsystem).linked.size).toBe(0);
    undo();
    expect(functionMatrix(doc.value, t.subsystem).linked.has(cellKey(t.fSub, t.fComp))).toBe(true);
    undo();
    expect(functionMatrix(doc.value, t.subsystem).linked.size).toBe(0);
    redo();
    expect(functionMatrix(doc.value, t.subsystem).linked.size).toBe(1);
    // A cell the net's rules refuse changes nothing.
    const before = doc.value;
    matrixCell.value = { row: t.fSystem, column: t.fComp };
    expect(toggleMatrixCell()).toBe(false);
    expect(doc.value).toBe(before);
  });

  it("the tree menu offers the front tree's node type's commands", () => {
    const t = designTree();
    doc.value = t.b.doc;
    const [fe, fm] = [t.fe, t.fm];
    doc.value = (() => {
      const r = linkNodes(t.b.doc, t.b.ctx, "failure", fe, fm);
      if (r.ok) t.b.apply(r.ops);
      return t.b.doc;
    })();
    // A child structure element on the left.
    selectNode("left", t.subsystem);
    const child = menu();
    for (const id of [
      "fmea.addStructure",
      "fmea.addFunction",
      "fmea.cut",
      "fmea.delete",
      "fmea.upgrade",
      "fmea.merge",
    ])
      expect(child, id).toContain(id);
    // No process-only adds in a DFMEA, nothing of the right tree.
    for (const id of ["fmea.addProcessItem", "fmea.addWorkElement.man", "fmea.addFailure", "fmea.markLink"])
      expect(child, id).not.toContain(id);
    // The root: no cut, upgrade or merge.
    selectNode("left", t.system);
    const root = menu();
    expect(root).toContain("fmea.addRoot");
    for (const id of ["fmea.cut", "fmea.upgrade", "fmea.merge"]) expect(root, id).not.toContain(id);
    // A failure effect on the right: its children, linking, its fault tree; no structure actions.
    selectNode("right", fe, t.system);
    const failure = menu();
    for (const id of ["fmea.addPrevention", "fmea.markLink", "fmea.faultTree", "fmea.delete"])
      expect(failure, id).toContain(id);
    for (const id of ["fmea.addStructure", "fmea.addFunction", "fmea.upgrade", "fmea.addFailure"])
      expect(failure, id).not.toContain(id);
    // A function holds failures, not measures.
    selectNode("right", t.fSystem, t.system);
    const fn = menu();
    expect(fn).toContain("fmea.addFailure");
    expect(fn).not.toContain("fmea.addPrevention");
    // A PFMEA's step offers work elements.
    const p = processTree();
    doc.value = p.b.doc;
    selectNode("left", p.step);
    expect(menu("/pFmeaTree")).toContain("fmea.addWorkElement.man");
  });

  it("a reader of the FMEA (spec 6: not its compiler, a listed counselor or an admin) is offered only what reads", () => {
    const t = designTree();
    openFmea.value = null;
    doc.value = t.b.doc;
    steps.value = noSteps();
    selectNode("left", t.subsystem);
    const editor = menu();
    editable.value = false;
    try {
      selectNode("left", t.subsystem);
      // Walking, the views, the selection's slots, copy and the attributes (to read them): nothing that changes it.
      expect(menu()).toEqual([
        "fmea.switchPane",
        "fmea.clear.left",
        "fmea.clear.lastChecked",
        "fmea.copy",
        "fmea.attributes",
        "fmea.view.functionNet",
        "fmea.view.failureNet",
        "fmea.view.matrix",
      ]);
      expect(editor).toEqual(expect.arrayContaining(["fmea.rename", "fmea.addStructure", "fmea.showHide"]));
      // An edit that still comes (a matrix cell, the table) is refused before it is shown: no change, no undo step.
      const before = doc.value;
      const node = before.nodes.get(t.subsystem);
      expect(
        commit([{ op: "update", id: t.subsystem, base: node?.version ?? 1, set: { name: "Renamed" } }]),
      ).toBe(false);
      expect(doc.value).toBe(before);
      expect(steps.value).toEqual(noSteps());
    } finally {
      editable.value = true;
    }
  });
});
