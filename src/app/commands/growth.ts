// Reliability growth's commands (/rgt/...): new item from a list; in the editor save, undo and redo, phase
// and failure rows, import, fit, and spec 4's moves (send for release or abandonment, approve, reject). Every
// button of the growth screens runs one of these, so the palette reaches all of them.
import { type GrowthEditorActions, growthEditorSlot, growthListSlot } from "../features/growth/actions.ts";
import { type Command, defineCommand } from "./registry.ts";
import { currentActions } from "./screen-actions.ts";

const GROUP = "commands:groups.growth";
const ROUTES = ["/rgt/*"];

const editor = (
  id: string,
  run: (a: GrowthEditorActions) => unknown,
  extra: Partial<Command> & { test?: (a: GrowthEditorActions) => boolean } = {},
): Command => {
  const { test, ...rest } = extra;
  return defineCommand({
    id: `growth.${id}`,
    titleKey: `commands:growth.${id}`,
    group: GROUP,
    when: {
      routes: ROUTES,
      test: () => {
        const a = currentActions(growthEditorSlot);
        return a !== null && !a.busy && (test ? test(a) : true);
      },
    },
    run: () => {
      const a = currentActions(growthEditorSlot);
      if (a) return run(a);
    },
    ...rest,
  });
};

export const growthCommands: Command[] = [
  defineCommand({
    id: "growth.new",
    titleKey: "commands:growth.new",
    keywords: ["create", "draft", "plan", "track"],
    group: GROUP,
    shortcut: "alt+n",
    when: { routes: ROUTES, test: () => currentActions(growthListSlot) !== null },
    run: () => currentActions(growthListSlot)?.newItem(),
  }),
  editor("save", (a) => a.save(), { shortcut: "mod+s", keywords: ["store"], test: (a) => a.editable }),
  editor("undo", (a) => a.undo(), { shortcut: "mod+z", test: (a) => a.editable && a.canUndo }),
  editor("redo", (a) => a.redo(), { shortcut: "mod+shift+z,mod+y", test: (a) => a.editable && a.canRedo }),
  editor("addPhase", (a) => a.addPhase(), {
    shortcut: "alt+p",
    keywords: ["row", "stage"],
    test: (a) => a.editable && a.kind !== "track",
  }),
  editor("addFailure", (a) => a.addFailure(), {
    shortcut: "alt+f",
    keywords: ["row", "failure record"],
    test: (a) => a.editable && a.kind === "track",
  }),
  editor("importFailures", (a) => a.importFailures(), {
    shortcut: "mod+i",
    keywords: ["xlsx", "csv", "import"],
    test: (a) => a.editable && a.kind === "track",
  }),
  editor("fit", (a) => a.fit(), {
    shortcut: "mod+enter",
    keywords: ["crow-amsaa", "analyse", "calculate"],
    test: (a) => a.kind === "track",
  }),
  editor("toPlan", (a) => a.toPlan(), {
    keywords: ["draft", "plan", "convert"],
    test: (a) => a.kind === "draft" && a.stored,
  }),
  defineCommand({
    id: "growth.cancel",
    titleKey: "commands:growth.cancel",
    group: GROUP,
    keywords: ["stop", "abort"],
    when: { routes: ROUTES, test: () => currentActions(growthEditorSlot)?.busy === true },
    run: () => currentActions(growthEditorSlot)?.cancel(),
  }),
  editor("submitRelease", (a) => a.submitRelease(), {
    keywords: ["publish", "approval", "release"],
    test: (a) => a.stored && a.author && a.status === "atWork",
  }),
  editor("submitAbandon", (a) => a.submitAbandon(), {
    keywords: ["discard", "abandon", "approval"],
    test: (a) => a.author && a.status === "released",
  }),
  editor("approve", (a) => a.approve(), {
    keywords: ["accept", "approval"],
    test: (a) => a.approver && (a.status === "publishingApproval" || a.status === "abandonmentApproval"),
  }),
  editor("reject", (a) => a.reject(), {
    keywords: ["decline", "approval"],
    test: (a) => a.approver && (a.status === "publishingApproval" || a.status === "abandonmentApproval"),
  }),
];
