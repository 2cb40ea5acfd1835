// @vitest-environment jsdom
// The eRBD commands: every one titled in English; two commands on one key are never available together in
// any state of the editor (mode, selection, sub-diagram shown, history, a run in progress), so a key press
// always means one thing; bare keys act only with focus on the diagram, the palette reaches them all.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { parseShortcut } from "../../../../src/app/commands/keys.ts";
import { rbdCommands } from "../../../../src/app/commands/rbd.ts";
import { type CommandContext, isAvailable } from "../../../../src/app/commands/registry.ts";
import { progress } from "../../../../src/app/features/rbd/analysis-state.ts";
import { newDocument } from "../../../../src/app/features/rbd/document.ts";
import { addSubdiagram } from "../../../../src/app/features/rbd/edit.ts";
import {
  history,
  load,
  mode,
  redoable,
  selected,
  undoable,
  viewPath,
} from "../../../../src/app/features/rbd/store.ts";
import { PATHS } from "../../../../src/app/routes.ts";

const en = JSON.parse(readFileSync(join(import.meta.dirname, "../../../../locales/en/rbd.json"), "utf8"));
const lookup = (key: string) =>
  key
    .replace(/^rbd:/, "")
    .split(".")
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], en);

const ctx = (over: Partial<CommandContext> = {}): CommandContext => ({
  path: PATHS.rbdEditor,
  roles: ["owner"],
  authenticated: true,
  selection: null,
  layout: "analysis",
  overlayOpen: false,
  ...over,
});

function setUpDocument() {
  const doc = newDocument("keys");
  const sub = addSubdiagram(doc.model, [], "B1");
  if (!sub.ok) throw new Error(sub.reason);
  load({ ...doc, model: sub.model }, { description: "" });
}

const combos = (shortcut: string) =>
  parseShortcut(shortcut).map((c) => JSON.stringify([c.key, c.mod, c.ctrl, c.meta, c.alt, c.shift]));

afterEach(() => {
  progress.value = null;
  document.body.innerHTML = "";
});

describe("eRBD commands", () => {
  it("are titled in English, with their groups", () => {
    for (const c of rbdCommands) {
      expect(typeof lookup(c.titleKey), c.titleKey).toBe("string");
      expect(typeof lookup(c.group), c.group).toBe("string");
    }
  });

  it("never offer two commands for one key at the same time", () => {
    setUpDocument();
    const modes = [
      { kind: "idle" },
      { kind: "connecting", from: "B1", path: [], disconnect: false },
      { kind: "placing", of: "B1" },
      { kind: "moving", id: "B1", origin: { dx: 0, dy: 0 }, offset: { dx: 0, dy: 0 } },
    ] as const;
    const keyed = rbdCommands.filter((c) => c.shortcut);
    let states = 0;
    for (const m of modes)
      for (const sel of [null, "B1", "S1", "start", "end"])
        for (const path of [[], ["S1"]])
          for (const running of [false, true])
            for (const undoRedo of [false, true]) {
              mode.value = m;
              selected.value = sel;
              viewPath.value = path;
              progress.value = running ? { kind: "simulation", done: 0, total: 1 } : null;
              if (undoRedo) {
                history.value = {
                  ...history.value,
                  past: [history.value.present],
                  future: [history.value.present],
                };
              } else history.value = { ...history.value, past: [], future: [] };
              expect([undoable.value, redoable.value]).toEqual([undoRedo, undoRedo]);
              states++;
              const available = keyed.filter((c) => isAvailable(c, ctx()));
              const seen = new Map<string, string>();
              for (const c of available)
                for (const combo of combos(c.shortcut as string)) {
                  const other = seen.get(combo);
                  expect(
                    other,
                    `${combo}: ${other} and ${c.id} in ${JSON.stringify({ m, sel, path, running })}`,
                  ).toBeUndefined();
                  seen.set(combo, c.id);
                }
            }
    expect(states).toBe(160);
  });

  it("take bare keys only with focus on the diagram; the palette reaches them from anywhere", () => {
    setUpDocument();
    mode.value = { kind: "idle" };
    selected.value = "B1";
    viewPath.value = [];
    const addAfter = rbdCommands.find((c) => c.id === "rbd.addAfter");
    const undo = rbdCommands.find((c) => c.id === "rbd.undo");
    if (!addAfter || !undo) throw new Error("missing commands");
    document.body.innerHTML = `
      <div data-rbd-editor>
        <div data-rbd-keys><div id="canvas" tabindex="0"></div></div>
        <input id="field" /><button id="button">x</button>
      </div>`;
    const focus = (id: string) => (document.getElementById(id) as HTMLElement).focus();
    focus("canvas");
    expect(isAvailable(addAfter, ctx())).toBe(true);
    focus("field");
    expect(isAvailable(addAfter, ctx())).toBe(false);
    expect(isAvailable(addAfter, ctx({ overlayOpen: true }))).toBe(true);
    focus("button");
    expect(isAvailable(addAfter, ctx())).toBe(false);
    // Undo has a modifier: it works from a button, not while typing (the field keeps its own undo).
    history.value = { ...history.value, past: [history.value.present] };
    expect(isAvailable(undo, ctx())).toBe(true);
    focus("field");
    expect(isAvailable(undo, ctx())).toBe(false);
    expect(isAvailable(addAfter, ctx({ path: "/rbd" }))).toBe(false);
  });

  it("jump along the path bar from the palette: one level per enclosing diagram", () => {
    setUpDocument();
    mode.value = { kind: "idle" };
    viewPath.value = [];
    const openLevel = rbdCommands.find((c) => c.id === "rbd.openLevel");
    if (!openLevel?.children) throw new Error("missing rbd.openLevel");
    expect(isAvailable(openLevel, ctx())).toBe(false);
    viewPath.value = ["S1"];
    selected.value = null;
    expect(isAvailable(openLevel, ctx())).toBe(true);
    const levels = openLevel.children(ctx());
    expect(levels.map((c) => [c.id, c.titleKey, c.titleArgs])).toEqual([
      ["rbd.openLevel.0", "rbd:commands.openLevelOption", { name: "keys" }],
    ]);
    levels[0].run?.(ctx(), "palette");
    // Back in the model with the sub-diagram's block selected, as the path bar's first link does.
    expect([viewPath.value, selected.value]).toEqual([[], "S1"]);
  });
});
