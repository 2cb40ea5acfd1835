// @vitest-environment jsdom
// The structure screen's store keeps spec 4's four selection slots apart: a command naming no tree acts on the
// node checked last, a deletion empties only the slots that held the node, and each slot is cleared alone.
import { describe, expect, it } from "vitest";
import {
  clearSelection,
  clipboard,
  commit,
  doc,
  lastChecked,
  openFmea,
  perform,
  selected,
  selectedId,
  selectNode,
  steps,
  switchPane,
  undo,
} from "../../../../src/app/features/fmea/store.ts";
import { noSteps } from "../../../../src/app/state/history.ts";
import { designTree } from "../../../shared/fmea/build.ts";

function fresh() {
  const t = designTree();
  openFmea.value = null;
  doc.value = t.b.doc;
  steps.value = noSteps();
  selected.value = { left: null, right: null };
  lastChecked.value = null;
  clipboard.value = null;
  return t;
}

describe("the store's selection slots", () => {
  it("a command naming no tree acts on the node checked last", () => {
    const t = fresh();
    selectNode("left", t.component);
    selectNode("right", t.fComp);
    expect(selectedId()).toBe(t.fComp);
    // Back in the structure tree (Tab), its element is the one checked last again.
    switchPane();
    expect(lastChecked.value).toEqual({ pane: "left", id: t.component });
    expect(selected.value).toEqual({ left: t.component, right: t.fComp });
    expect(perform("copy")).toBe(true);
    expect(clipboard.value).toEqual({ mode: "copy", id: t.component });
  });

  it("deleting a node empties only the slots that held it", () => {
    const t = fresh();
    selectNode("left", t.component2);
    perform("cut");
    selectNode("left", t.component);
    selectNode("right", t.fc);
    // Someone (here: this editor, through the store) deletes the cut element: the clipboard goes, the rest stays.
    const node = doc.value.nodes.get(t.component2);
    expect(node).toBeDefined();
    expect(
      commit([{ op: "delete", id: t.component2, versions: { [t.component2]: node?.version ?? 0 } }]),
    ).toBe(true);
    expect(clipboard.value).toBeNull();
    expect(selected.value).toEqual({ left: t.component, right: t.fc });
    expect(lastChecked.value).toEqual({ pane: "right", id: t.fc });
    // The checked failure deleted by its command: the right tree's slot and the last checked follow its answer.
    expect(perform("delete")).toBe(true);
    expect(doc.value.nodes.has(t.fc)).toBe(false);
    expect(selected.value.left).toBe(t.component);
    expect(selected.value.right).not.toBe(t.fc);
    expect(lastChecked.value?.id).not.toBe(t.fc);
    undo();
    expect(doc.value.nodes.has(t.fc)).toBe(true);
  });

  it("clears each slot alone", () => {
    const t = fresh();
    selectNode("left", t.component);
    selectNode("right", t.fComp);
    perform("copy");
    clearSelection("clipboard");
    expect(clipboard.value).toBeNull();
    expect(selected.value).toEqual({ left: t.component, right: t.fComp });
    clearSelection("lastChecked");
    expect(lastChecked.value).toBeNull();
    expect(selectedId()).toBeNull();
    expect(selected.value).toEqual({ left: t.component, right: t.fComp });
    selectNode("right", t.fComp);
    clearSelection("left");
    expect(selected.value).toEqual({ left: null, right: t.fComp });
    expect(lastChecked.value).toEqual({ pane: "right", id: t.fComp });
    clearSelection("right");
    expect(selected.value).toEqual({ left: null, right: null });
    expect(lastChecked.value).toEqual({ pane: "right", id: t.fComp });
  });
});
