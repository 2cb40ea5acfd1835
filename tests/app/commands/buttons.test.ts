// @vitest-environment jsdom
// Every button is a command (issue 13): a click handler in src/app runs a registry command (`runCommand`,
// `runChild`), so the palette reaches what the button does. This reads every .tsx file under src/app and fails
// on a handler that does something else, unless it is one of the reviewed exceptions below (each says why it
// is no command); an exception that no longer matches anything fails too. It also checks that every command a
// button names is registered and shown in the palette.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { registerAllCommands } from "../../../src/app/commands/index.ts";
import { allCommands, type CommandContext } from "../../../src/app/commands/registry.ts";
import { setUser } from "../../../src/app/state/session.ts";

const ROOT = "src/app";

/** Reviewed handlers that are not commands: file, a piece of the handler, and the reason. */
const EXCEPTIONS: { file: string; handler: string; why: string }[] = [
  {
    file: "components/confirm.tsx",
    handler: "answer(true)",
    why: "the answer to the question on screen; Enter on it (Cancel and Escape are dialog.close)",
  },
  {
    file: "components/form.tsx",
    handler: "setVisible(!visible)",
    why: "a password field's own show/hide toggle, part of the field",
  },
  {
    file: "components/RouteSearch.tsx",
    handler: "go(hit.path)",
    why: "a search result: the same route as its 'Go to' command",
  },
  {
    file: "layouts/Frame.tsx",
    handler: "getElementById(MAIN_REGION_ID)?.focus()",
    why: "the skip link to the main region (keyboard plumbing, not an action)",
  },
  {
    file: "layouts/Sidebar.tsx",
    handler: "setSidebar(false)",
    why: "the backdrop behind the open sidebar on a phone (shell.toggleSidebar is the command)",
  },
  {
    file: "layouts/Sidebar.tsx",
    handler: "toggleGroup(route.path)",
    why: "opens a menu group; every route under it is a 'Go to' command",
  },
  {
    file: "layouts/TagsView.tsx",
    handler: "closeTab(view.path)",
    why: "the × of any tab; the commands tabs.close/closeOthers/closeAll act on the current one",
  },
  {
    file: "layouts/ViewHost.tsx",
    handler: "retry",
    why: "loads a screen's code again after a network failure, shown in place of the screen",
  },
  {
    file: "features/help/Manual.tsx",
    handler: "e.preventDefault(); document.getElementById(",
    why: "the manual's table of contents: in-page links",
  },
  {
    file: "features/fmea/AttributeDialog.tsx",
    handler: "setTab(each)",
    why: "a tab of the attribute dialog's tab list; the list's arrow keys move between tabs",
  },
  {
    file: "features/fmea/FmeaTree.tsx",
    handler: "selectNode(which, node.id)",
    why: "a click selects the tree's row: the pointer's form of the arrow keys (fmea.select.*), as in a file explorer",
  },
  {
    file: "features/life/DataSetList.tsx",
    handler: "e.stopPropagation()",
    why: "keeps a check box's click from reaching its row; the box's change runs rows.life-set.pick",
  },
];

function tsxFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return tsxFiles(path);
    return name.endsWith(".tsx") ? [path] : [];
  });
}

/** The text of a JSX attribute's `{...}` value starting at `from` (the opening brace), braces balanced. */
function braced(text: string, from: number): string {
  let depth = 0;
  for (let i = from; i < text.length; i++) {
    if (text[i] === "{") depth++;
    else if (text[i] === "}" && --depth === 0) return text.slice(from + 1, i);
  }
  throw new Error("unbalanced braces");
}

/** The opening tag at `from` (`<button ...>`), braces inside attribute values skipped. */
function openingTag(text: string, from: number): string {
  let depth = 0;
  for (let i = from; i < text.length; i++) {
    const c = text[i];
    if (c === "{") depth++;
    else if (c === "}") depth--;
    else if (c === ">" && depth === 0) return text.slice(from, i + 1);
  }
  throw new Error("unclosed tag");
}

interface Found {
  file: string;
  line: number;
  handler: string;
}

function scan(): { handlers: Found[]; bareButtons: Found[] } {
  const handlers: Found[] = [];
  const bareButtons: Found[] = [];
  for (const path of tsxFiles(ROOT)) {
    const text = readFileSync(path, "utf8");
    const file = relative(ROOT, path).split("\\").join("/");
    const lineOf = (i: number) => text.slice(0, i).split("\n").length;
    for (const m of text.matchAll(/\bonClick=\{/g)) {
      const at = (m.index ?? 0) + m[0].length - 1;
      handlers.push({ file, line: lineOf(at), handler: braced(text, at).replace(/\s+/g, " ").trim() });
    }
    for (const m of text.matchAll(/<button\b/g)) {
      const tag = openingTag(text, m.index ?? 0);
      if (!/\bonClick=/.test(tag) && !/type="submit"/.test(tag))
        bareButtons.push({ file, line: lineOf(m.index ?? 0), handler: tag.replace(/\s+/g, " ") });
    }
  }
  return { handlers, bareButtons };
}

const runsCommand = (handler: string) => /\brun(Command|Child)\(/.test(handler);

describe("buttons", () => {
  const { handlers, bareButtons } = scan();

  it("were found (the scan reads the screens)", () => {
    expect(handlers.length).toBeGreaterThan(80);
    expect(handlers.filter((h) => runsCommand(h.handler)).length).toBeGreaterThan(80);
  });

  it("run a registry command, or are a reviewed exception", () => {
    const excepted = (h: Found) => EXCEPTIONS.some((e) => e.file === h.file && h.handler.includes(e.handler));
    const offenders = handlers
      .filter((h) => !runsCommand(h.handler) && !excepted(h))
      .map((h) => `${h.file}:${h.line} onClick={${h.handler}}`);
    expect(offenders).toEqual([]);
  });

  it("have no stale exception", () => {
    const stale = EXCEPTIONS.filter(
      (e) =>
        !handlers.some((h) => h.file === e.file && !runsCommand(h.handler) && h.handler.includes(e.handler)),
    ).map((e) => `${e.file}: ${e.handler}`);
    expect(stale).toEqual([]);
  });

  it("without a click handler submit their form (a form's submit, as Enter does)", () => {
    expect(bareButtons.map((b) => `${b.file}:${b.line} ${b.handler}`)).toEqual([]);
  });
});

describe("the commands buttons run", () => {
  const ctx: CommandContext = {
    path: "/",
    roles: ["admin"],
    authenticated: true,
    selection: null,
    layout: "main",
    overlayOpen: false,
  };
  beforeAll(() => {
    registerAllCommands();
    setUser({ userId: "1", name: "Ada", roles: ["admin"] });
  });

  /** Ids written literally in `runCommand("…")` and the parents of `runChild("…", …)`. */
  function namedIds(): { file: string; id: string }[] {
    const out: { file: string; id: string }[] = [];
    for (const path of tsxFiles(ROOT)) {
      const text = readFileSync(path, "utf8");
      const file = relative(ROOT, path);
      for (const m of text.matchAll(/\brun(?:Command|Child)\(\s*"([^"]+)"/g)) out.push({ file, id: m[1] });
    }
    return out;
  }

  it("are registered, and listed in the palette", () => {
    const commands = new Map(allCommands(ctx).map((c) => [c.id, c]));
    const ids = namedIds();
    expect(ids.length).toBeGreaterThan(60);
    const missing = ids.filter(({ id }) => !commands.has(id)).map(({ file, id }) => `${file}: ${id}`);
    expect(missing).toEqual([]);
    // The palette's own toggle is the one command kept out of the palette.
    const hidden = ids
      .filter(({ id }) => commands.get(id)?.paletteHidden && id !== "shell.palette")
      .map(({ file, id }) => `${file}: ${id}`);
    expect(hidden).toEqual([]);
  });
});
