// The ePDT screen's commands (/epdt): every button of the screen and the system tree's keys (arrows, Enter to
// rename, Insert to add, Delete) as commands, so the palette reaches all of them. The tree's bare keys act only
// while focus is in the tree. The screen fills `predictionSlot` with its actions while shown.
import i18n from "i18next";
import { type PredictionActions, predictionSlot } from "../features/prediction/page-actions.ts";
import { PATHS } from "../routes.ts";
import { openPalette } from "../state/overlays.ts";
import { type Command, type CommandContext, defineCommand } from "./registry.ts";
import { currentActions } from "./screen-actions.ts";

// The titles live in the prediction namespace; the cheat sheet lists them on every screen.
if (i18n.isInitialized) void i18n.loadNamespaces("prediction");
else i18n.on("initialized", () => void i18n.loadNamespaces("prediction"));

const FILE = "prediction:groups.file";
const ANALYSIS = "prediction:groups.analysis";
const TREE = "prediction:groups.tree";
const HANDOFF = "prediction:groups.handoff";
const ROUTES = [PATHS.epdt];

function command(
  id: string,
  group: string,
  run: (a: PredictionActions) => unknown,
  options: {
    shortcut?: string;
    keywords?: string[];
    test?: (a: PredictionActions, ctx: CommandContext) => boolean;
  } = {},
): Command {
  return defineCommand({
    id: `prediction.${id}`,
    titleKey: `prediction:commands.${id}`,
    group,
    ...(options.shortcut ? { shortcut: options.shortcut } : {}),
    ...(options.keywords ? { keywords: options.keywords } : {}),
    when: {
      routes: ROUTES,
      test: (ctx) => {
        const a = currentActions(predictionSlot);
        return a !== null && (options.test ? options.test(a, ctx) : true);
      },
    },
    run: () => {
      const a = currentActions(predictionSlot);
      if (a) return run(a);
    },
  });
}

/** Tree keys: from the tree, or from the palette. */
const inTree = (a: PredictionActions, ctx: CommandContext) => ctx.overlayOpen || a.treeFocused();

export const predictionCommands: Command[] = [
  command("calculate", ANALYSIS, (a) => a.calculate(), {
    shortcut: "mod+enter",
    keywords: ["predict", "MIL-HDBK-217F", "run"],
    test: (a) => !a.running,
  }),
  command("cancel", ANALYSIS, (a) => a.cancel(), { keywords: ["stop", "abort"], test: (a) => a.running }),
  command("new", FILE, (a) => a.newPrediction(), { keywords: ["prediction"] }),
  command("open", FILE, (a) => a.open(), { keywords: ["stored", "list"] }),
  command("save", FILE, (a) => a.save(), { shortcut: "mod+s", keywords: ["store"] }),
  command("importBom", FILE, (a) => a.importBom(), {
    shortcut: "mod+i",
    keywords: ["bill of materials", "xlsx", "BOM"],
  }),
  command("importDictionary", FILE, (a) => a.importDictionary(), { keywords: ["device dictionary", "xlsx"] }),
  command("toggleDictionary", FILE, (a) => a.toggleDictionary(), { keywords: ["device dictionary"] }),
  command("exportReport", FILE, (a) => a.exportReport(), {
    shortcut: "mod+shift+e",
    keywords: ["xlsx", "report"],
    test: (a) => a.current,
  }),
  command("exportRbd", HANDOFF, (a) => a.exportRbd(), {
    keywords: ["eRBD", "block diagram"],
    test: (a) => a.current,
  }),
  command("copyEvidence", HANDOFF, (a) => a.copyEvidence(), {
    keywords: ["FMEA", "occurrence"],
    test: (a) => a.current,
  }),
  command("addAssembly", TREE, (a) => a.addAssembly(), { shortcut: "insert", test: inTree }),
  command("renameAssembly", TREE, (a) => a.renameAssembly(), { shortcut: "enter,f2", test: inTree }),
  command("deleteAssembly", TREE, (a) => a.deleteAssembly(), {
    shortcut: "delete",
    test: (a, ctx) => inTree(a, ctx) && !a.rootSelected,
  }),
  command("up", TREE, (a) => a.up(), {
    shortcut: "arrowup",
    test: (a, ctx) => !ctx.overlayOpen && a.treeFocused(),
  }),
  command("down", TREE, (a) => a.down(), {
    shortcut: "arrowdown",
    test: (a, ctx) => !ctx.overlayOpen && a.treeFocused(),
  }),
  command("undoTree", TREE, (a) => a.undoTree(), {
    shortcut: "mod+z",
    test: (a, ctx) => inTree(a, ctx) && a.canUndoTree,
  }),
  command("redoTree", TREE, (a) => a.redoTree(), {
    shortcut: "mod+y,mod+shift+z",
    test: (a, ctx) => inTree(a, ctx) && a.canRedoTree,
  }),
  pickCommand("selectAssembly", TREE, ["go to", "assembly", "tree"], (a) =>
    a.assemblies.map((item) => ({ id: item.id, name: item.name, run: () => a.selectAssembly(item.id) })),
  ),
  pickCommand("openStored", FILE, ["stored", "open"], (a) =>
    a.storedItems.map((item) => ({ id: String(item.id), name: item.name, run: () => a.openStored(item.id) })),
  ),
  pickCommand("goToProblem", ANALYSIS, ["problem", "error", "cell"], (a) =>
    a.problemLinks.map((item) => ({
      id: item.key,
      name: item.label,
      run: () => a.goToProblem(item.row, item.col),
    })),
  ),
];

/** A palette page of choices (assemblies, stored predictions, problems); a click on one on screen runs its child. */
function pickCommand(
  id: string,
  group: string,
  keywords: string[],
  items: (a: PredictionActions) => Array<{ id: string; name: string; run: () => unknown }>,
): Command {
  const available = () => {
    const a = currentActions(predictionSlot);
    return a !== null && items(a).length > 0;
  };
  return defineCommand({
    id: `prediction.${id}`,
    titleKey: `prediction:commands.${id}`,
    group,
    keywords,
    when: { routes: ROUTES, test: available },
    run: () => openPalette(`prediction.${id}`),
    children: () => {
      const a = currentActions(predictionSlot);
      return (a ? items(a) : []).map((item) =>
        defineCommand({
          id: `prediction.${id}.${item.id}`,
          titleKey: "prediction:commands.option",
          titleArgs: { name: item.name },
          group,
          when: { routes: ROUTES },
          run: () => item.run(),
        }),
      );
    },
  });
}
