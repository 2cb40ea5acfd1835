// @vitest-environment jsdom
// The eFTA commands as the registry sees them, with the real editor behind them (editor-api.ts and the
// store, no screen): which apply to which selection, that every key means one command on the editor's
// route, and that keys build a tree (g, e, Shift+A, Enter-free paths) with undo and redo.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import i18next from "i18next";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { registerAllCommands } from "../../../../src/app/commands/index.ts";
import {
  allCommands,
  type CommandContext,
  executeCommand,
  isAvailable,
  resolveShortcut,
} from "../../../../src/app/commands/registry.ts";
import { ftaEditor } from "../../../../src/app/features/fta/bridge.ts";
import { editorApi } from "../../../../src/app/features/fta/editor-api.ts";
import { load, model, selected } from "../../../../src/app/features/fta/store.ts";
import { PATHS } from "../../../../src/app/routes.ts";
import { emptyModel } from "../../../../src/kernels/fta/model.ts";

const root = join(import.meta.dirname, "../../../../locales/en");

beforeAll(async () => {
  const resources: Record<string, Record<string, unknown>> = {};
  for (const ns of readdirSync(root).map((f) => f.replace(/\.json$/, "")))
    resources[ns] = JSON.parse(readFileSync(join(root, `${ns}.json`), "utf8"));
  await i18next.init({ lng: "en", resources: { en: resources }, interpolation: { escapeValue: false } });
  registerAllCommands();
  ftaEditor.value = editorApi;
});

beforeEach(() => {
  load(emptyModel("Test"), null);
});

const ctx = (over: Partial<CommandContext> = {}): CommandContext => ({
  path: PATHS.ftaEditor,
  roles: ["owner"],
  authenticated: true,
  selection: null,
  layout: "analysis",
  overlayOpen: false,
  ...over,
});

/** A key press as the shell's global handler sees it (focus on the page body counts as the tree's). */
function press(key: string, mods: { shift?: boolean; ctrl?: boolean } = {}) {
  const code = /^[a-z]$/i.test(key) ? `Key${key.toUpperCase()}` : key;
  const event = {
    key: mods.shift && key.length === 1 ? key.toUpperCase() : key,
    code,
    ctrlKey: mods.ctrl ?? false,
    metaKey: false,
    altKey: false,
    shiftKey: mods.shift ?? false,
    target: document.body,
    defaultPrevented: false,
  };
  const found = resolveShortcut(event, ctx(), false);
  if (found.kind === "ambiguous") throw new Error(`ambiguous: ${found.commands.map((c) => c.id)}`);
  if (found.kind === "one") executeCommand(found.command, ctx(), "keyboard");
  return found.kind === "one" ? found.command.id : null;
}

const available = () =>
  allCommands(ctx())
    .filter((c) => c.id.startsWith("fta.") && isAvailable(c, ctx()))
    .map((c) => c.id);

describe("eFTA commands", () => {
  it("apply only on the editor's route and only to what the selection allows", () => {
    expect(available()).toContain("fta.addGate");
    expect(available()).not.toContain("fta.addEvent");
    expect(available()).not.toContain("fta.undo");
    const elsewhere = allCommands(ctx({ path: "/rbd/analysis/index" })).filter(
      (c) => c.id.startsWith("fta.") && isAvailable(c, ctx({ path: "/rbd/analysis/index" })),
    );
    expect(elsewhere).toEqual([]);
    press("g");
    expect(available()).toEqual(expect.arrayContaining(["fta.addEvent", "fta.gateType.and", "fta.undo"]));
    expect(available()).not.toContain("fta.toGate");
    press("e");
    expect(selected.value).toBe("TOP>E1");
    expect(available()).toContain("fta.toGate");
    expect(available()).not.toContain("fta.addEvent");
  });

  it("give every shortcut one meaning on the editor's route, whatever is selected", () => {
    const states: Array<() => void> = [
      () => {},
      () => press("g"),
      () => {
        press("g");
        press("e");
      },
    ];
    for (const state of states) {
      load(emptyModel("Test"), null);
      state();
      const byKey = new Map<string, string[]>();
      for (const c of allCommands(ctx())) {
        if (!c.shortcut || !isAvailable(c, ctx())) continue;
        for (const key of c.shortcut.split(/\s*,\s*(?=.)/)) byKey.set(key, [...(byKey.get(key) ?? []), c.id]);
      }
      const clashes = [...byKey].filter(([, ids]) => ids.length > 1);
      expect(clashes, JSON.stringify(clashes)).toEqual([]);
    }
  });

  it("build a tree from the keys, with undo and redo", () => {
    expect(press("g")).toBe("fta.addGate");
    expect(press("g")).toBe("fta.addGate");
    expect(press("A", { shift: true })).toBe("fta.gateType.and");
    press("e");
    press("ArrowUp");
    expect(selected.value).toBe("TOP>G1");
    press("e");
    press("ArrowUp");
    press("ArrowUp");
    expect(selected.value).toBe(">TOP");
    press("u");
    expect(model.value.gates).toEqual([
      { code: "TOP", type: "or", inputs: ["G1", "E3"] },
      { code: "G1", type: "and", inputs: ["E1", "E2"] },
    ]);
    expect(model.value.basicEvents.find((e) => e.code === "E3")?.undeveloped).toBe(true);
    expect(press("z", { ctrl: true })).toBe("fta.undo");
    expect(model.value.basicEvents.map((e) => e.code)).toEqual(["E1", "E2"]);
    expect(press("z", { ctrl: true, shift: true })).toBe("fta.redo");
    expect(model.value.basicEvents.map((e) => e.code)).toEqual(["E1", "E2", "E3"]);
    // Cut E3, paste it under G1: it moves
    press("x", { ctrl: true });
    press("ArrowLeft");
    expect(selected.value).toBe("TOP>G1");
    expect(press("v", { ctrl: true })).toBe("fta.paste");
    expect(model.value.gates[1].inputs).toEqual(["E1", "E2", "E3"]);
    expect(selected.value).toBe("G1>E3");
  });
});
