// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import {
  formatShortcut,
  isBareShortcut,
  matchesShortcut,
  parseShortcut,
} from "../../../src/app/commands/keys.ts";
import {
  type Command,
  type CommandContext,
  defineCommand,
  executeCommand,
  isAvailable,
  recentCommandIds,
  registerCommands,
  resolveShortcut,
  unregisterCommands,
} from "../../../src/app/commands/registry.ts";

const ctx = (over: Partial<CommandContext> = {}): CommandContext => ({
  path: "/statistic/index",
  roles: ["owner"],
  authenticated: true,
  selection: null,
  layout: "main",
  overlayOpen: false,
  ...over,
});

const cmd = (over: Partial<Command>): Command =>
  defineCommand({ id: "t", titleKey: "x", group: "g", run: () => undefined, ...over });

describe("`when` rules of the command registry", () => {
  it("needs a logged-in user by default; 'guest' and 'any' widen or flip that", () => {
    expect(isAvailable(cmd({}), ctx())).toBe(true);
    expect(isAvailable(cmd({}), ctx({ authenticated: false }))).toBe(false);
    expect(isAvailable(cmd({ when: { auth: "guest" } }), ctx())).toBe(false);
    expect(isAvailable(cmd({ when: { auth: "guest" } }), ctx({ authenticated: false }))).toBe(true);
    expect(isAvailable(cmd({ when: { auth: "any" } }), ctx({ authenticated: false }))).toBe(true);
  });

  it("matches route patterns with parameters and rest segments", () => {
    const c = cmd({ when: { routes: ["/lifeData/*", "/task/detail/:id"] } });
    expect(isAvailable(c, ctx({ path: "/lifeData/weibull" }))).toBe(true);
    expect(isAvailable(c, ctx({ path: "/task/detail/9" }))).toBe(true);
    expect(isAvailable(c, ctx({ path: "/task/index" }))).toBe(false);
  });

  it("needs one of the listed roles", () => {
    const c = cmd({ when: { roles: ["admin", "counselor"] } });
    expect(isAvailable(c, ctx({ roles: ["owner"] }))).toBe(false);
    expect(isAvailable(c, ctx({ roles: ["owner", "counselor"] }))).toBe(true);
  });

  it("needs a non-empty selection of the named kind", () => {
    const c = cmd({ when: { selection: "fta-node" } });
    expect(isAvailable(c, ctx())).toBe(false);
    expect(isAvailable(c, ctx({ selection: { kind: "grid-rows", count: 3 } }))).toBe(false);
    expect(isAvailable(c, ctx({ selection: { kind: "fta-node", count: 0 } }))).toBe(false);
    expect(isAvailable(c, ctx({ selection: { kind: "fta-node", count: 1 } }))).toBe(true);
  });

  it("restricts to layouts and to a custom test, all rules together", () => {
    const c = cmd({ when: { layouts: ["analysis"], test: (x) => x.path.endsWith("weibull") } });
    expect(isAvailable(c, ctx({ layout: "analysis", path: "/lifeData/weibull" }))).toBe(true);
    expect(isAvailable(c, ctx({ layout: "main", path: "/lifeData/weibull" }))).toBe(false);
    expect(isAvailable(c, ctx({ layout: "analysis", path: "/lifeData/degradation" }))).toBe(false);
  });
});

describe("running commands", () => {
  afterEach(() => unregisterCommands(["a", "b", "c", "bare", "dialog"]));

  it("refuses an unavailable command and records palette runs as recent", () => {
    let runs = 0;
    const c = cmd({ id: "a", run: () => runs++, when: { roles: ["admin"] } });
    expect(executeCommand(c, ctx(), "palette")).toBe(false);
    expect(runs).toBe(0);
    expect(executeCommand(c, ctx({ roles: ["admin"] }), "palette")).toBe(true);
    expect(runs).toBe(1);
    expect(recentCommandIds()[0]).toBe("a");
  });

  it("throws on a duplicate id", () => {
    registerCommands([cmd({ id: "a" })]);
    expect(() => registerCommands([cmd({ id: "a" })])).toThrow(/twice/);
  });

  const key = (
    k: string,
    code: string,
    mods: Partial<KeyboardEvent> = {},
    target: EventTarget | null = null,
  ) =>
    ({
      key: k,
      code,
      ctrlKey: false,
      metaKey: false,
      altKey: false,
      shiftKey: false,
      defaultPrevented: false,
      target,
      ...mods,
    }) as KeyboardEvent;

  it("resolves a shortcut to the one available command, and refuses when two match", () => {
    registerCommands([
      cmd({ id: "a", shortcut: "mod+b", when: { layouts: ["main"] } }),
      cmd({ id: "b", shortcut: "mod+b", when: { layouts: ["analysis"] } }),
    ]);
    const press = key("b", "KeyB", { ctrlKey: true });
    expect(resolveShortcut(press, ctx({ layout: "main" }), false)).toMatchObject({
      kind: "one",
      command: { id: "a" },
    });
    expect(resolveShortcut(press, ctx({ layout: "analysis" }), false)).toMatchObject({
      kind: "one",
      command: { id: "b" },
    });
    registerCommands([cmd({ id: "c", shortcut: "ctrl+b" })]);
    expect(resolveShortcut(press, ctx({ layout: "main" }), false).kind).toBe("ambiguous");
  });

  it("keeps bare keys for typing and waits for dialogs to close, except inOverlays commands", () => {
    registerCommands([
      cmd({ id: "bare", shortcut: "?", when: { auth: "any" } }),
      cmd({ id: "dialog", shortcut: "mod+k", inOverlays: true }),
    ]);
    const input = { tagName: "INPUT", type: "text", isContentEditable: false } as unknown as EventTarget;
    expect(resolveShortcut(key("?", "Slash", { shiftKey: true }), ctx(), false).kind).toBe("one");
    expect(resolveShortcut(key("?", "Slash", { shiftKey: true }, input), ctx(), false).kind).toBe("none");
    expect(
      resolveShortcut(key("?", "Slash", { shiftKey: true }), ctx({ overlayOpen: true }), false).kind,
    ).toBe("none");
    expect(
      resolveShortcut(key("k", "KeyK", { ctrlKey: true }, input), ctx({ overlayOpen: true }), false).kind,
    ).toBe("one");
  });
});

describe("shortcut strings", () => {
  const ev = (k: string, code: string, m: Partial<KeyboardEvent> = {}) =>
    ({ key: k, code, ctrlKey: false, metaKey: false, altKey: false, shiftKey: false, ...m }) as KeyboardEvent;

  it("maps mod to Ctrl, or to ⌘ on a Mac", () => {
    expect(matchesShortcut(ev("k", "KeyK", { ctrlKey: true }), "mod+k", false)).toBe(true);
    expect(matchesShortcut(ev("k", "KeyK", { metaKey: true }), "mod+k", false)).toBe(false);
    expect(matchesShortcut(ev("k", "KeyK", { metaKey: true }), "mod+k", true)).toBe(true);
  });

  it("matches letters by code (Alt+W types ∑ on a Mac) and needs the exact modifiers", () => {
    expect(matchesShortcut(ev("∑", "KeyW", { altKey: true }), "alt+w", true)).toBe(true);
    expect(matchesShortcut(ev("W", "KeyW", { altKey: true, shiftKey: true }), "alt+w", false)).toBe(false);
    expect(matchesShortcut(ev("W", "KeyW", { altKey: true, shiftKey: true }), "alt+shift+w", false)).toBe(
      true,
    );
    expect(matchesShortcut(ev(",", "Comma", { ctrlKey: true }), "mod+comma", false)).toBe(true);
    expect(matchesShortcut(ev("≤", "Comma", { altKey: true }), "alt+comma", true)).toBe(true);
    // "?" is on the slash key; without Shift reported (some drivers) it must still not read as "/"
    expect(matchesShortcut(ev("?", "Slash"), "/", false)).toBe(false);
    expect(matchesShortcut(ev("?", "Slash"), "?", false)).toBe(true);
    expect(matchesShortcut(ev("/", "Slash"), "/", false)).toBe(true);
    expect(matchesShortcut(ev("1", "Digit1", { altKey: true }), "alt+1", false)).toBe(true);
  });

  it("accepts alternatives and formats the first for display", () => {
    expect(parseShortcut("mod+z, ctrl+y")).toHaveLength(2);
    expect(formatShortcut("mod+shift+k", false)).toBe("Ctrl+Shift+K");
    expect(formatShortcut("mod+k", true)).toBe("⌘K");
    expect(formatShortcut("escape", false)).toBe("Esc");
    expect(isBareShortcut("?")).toBe(true);
    expect(isBareShortcut("alt+w")).toBe(false);
  });
});
