// The eFTA editor's commands (/fta/analysis/index): every editing, view, analysis and file action of the
// fault tree screen, for the palette, the keys, the toolbar and the menus alike. The editor registers its
// implementation in features/fta/bridge.ts while mounted; this file only decides when each command applies.
// Tree keys (bare letters, arrows, Delete, Ctrl+C/X/V/Z) act while focus is in the tree or its toolbar, so
// they keep their usual meaning in the attribute fields and the results grid; the palette reaches all.
import i18n from "i18next";
import type { FtaGateType } from "../../kernels/fta/model.ts";
import {
  type FtaEditorApi,
  type FtaEditorStatus,
  focusInTree,
  focusOnCanvas,
  ftaEditor,
} from "../features/fta/bridge.ts";
import { PATHS } from "../routes.ts";
import { type Command, type CommandContext, type CommandWhen, defineCommand } from "./registry.ts";

const EDIT = "fta:groups.edit";
const TREE = "fta:groups.tree";
const VIEW = "fta:groups.view";
const ANALYSIS = "fta:groups.analysis";
const FILE = "fta:groups.file";

// The titles live in the fta namespace; the cheat sheet lists them on every screen.
if (i18n.isInitialized) void i18n.loadNamespaces("fta");
else i18n.on("initialized", () => void i18n.loadNamespaces("fta"));

const api = (): FtaEditorApi | null => ftaEditor.value;
const status = (): FtaEditorStatus | undefined => api()?.status();

/** On the screen with the editor mounted; `keys`: only with focus in the tree (or from the palette). */
function when(test?: (s: FtaEditorStatus) => boolean, keys: boolean | "canvas" = false): CommandWhen {
  return {
    routes: [PATHS.ftaEditor],
    test: (ctx: CommandContext) => {
      const s = status();
      if (!s) return false;
      if (keys && !ctx.overlayOpen && !(keys === "canvas" ? focusOnCanvas() : focusInTree())) return false;
      return test ? test(s) : true;
    },
  };
}

const gateSelected = (s: FtaEditorStatus) =>
  s.kind === "gate" || s.kind === "reference" || s.kind === "transferIn";
const eventSelected = (s: FtaEditorStatus) => s.kind === "basic" || s.kind === "house";
const anySelected = (s: FtaEditorStatus) => s.kind !== null && s.kind !== "missing";

function command(
  id: string,
  run: (editor: FtaEditorApi) => unknown,
  options: {
    shortcut?: string;
    group: string;
    test?: (s: FtaEditorStatus) => boolean;
    keys?: boolean | "canvas";
    keywords?: string[];
    paletteHidden?: boolean;
  },
): Command {
  return defineCommand({
    id: `fta.${id}`,
    titleKey: `fta:commands.${id}`,
    keywords: ["fault tree", "fta", ...(options.keywords ?? [])],
    shortcut: options.shortcut,
    group: options.group,
    paletteHidden: options.paletteHidden,
    when: when(options.test, options.keys),
    run: () => {
      const editor = api();
      return editor ? run(editor) : undefined;
    },
  });
}

const GATE_TYPES: { type: FtaGateType; shortcut?: string; keywords: string[] }[] = [
  { type: "and", shortcut: "shift+a", keywords: ["and"] },
  { type: "or", shortcut: "shift+o", keywords: ["or"] },
  { type: "atleast", shortcut: "shift+v", keywords: ["voting", "k/n", "kn", "atleast"] },
  { type: "not", shortcut: "shift+n", keywords: ["not", "negation"] },
  { type: "xor", shortcut: "shift+x", keywords: ["xor", "exclusive"] },
  { type: "nand", keywords: ["nand"] },
  { type: "nor", keywords: ["nor"] },
];

export const ftaCommands: Command[] = [
  // Selection
  command("selectParent", (e) => e.navigate("up"), {
    shortcut: "up",
    group: TREE,
    keys: true,
    test: anySelected,
  }),
  command("selectFirstInput", (e) => e.navigate("down"), {
    shortcut: "down",
    group: TREE,
    keys: true,
    test: anySelected,
  }),
  command("selectPrevious", (e) => e.navigate("left"), {
    shortcut: "left",
    group: TREE,
    keys: true,
    test: anySelected,
  }),
  command("selectNext", (e) => e.navigate("right"), {
    shortcut: "right",
    group: TREE,
    keys: true,
    test: anySelected,
  }),
  command("selectTop", (e) => e.navigate("top"), {
    shortcut: "home",
    group: TREE,
    keys: true,
    test: (s) => !s.treeEmpty,
  }),
  command("editAttributes", (e) => e.editAttributes(), {
    shortcut: "enter,f2",
    group: TREE,
    // Enter on a focused toolbar button presses the button.
    keys: "canvas",
    test: anySelected,
    keywords: ["rename", "properties", "parameters"],
  }),
  command("focusTree", (e) => e.focusTree(), { shortcut: "alt+t", group: TREE }),

  // Building
  command("addGate", (e) => e.addGate(), {
    shortcut: "g,insert",
    group: EDIT,
    keys: true,
    test: (s) => s.treeEmpty || gateSelected(s),
    keywords: ["intermediate event", "top event", "new gate"],
  }),
  command("addEvent", (e) => e.addEvent("basic"), {
    shortcut: "e",
    group: EDIT,
    keys: true,
    test: gateSelected,
    keywords: ["basic event", "bottom event", "elementary"],
  }),
  command("addUndeveloped", (e) => e.addEvent("undeveloped"), {
    shortcut: "u",
    group: EDIT,
    keys: true,
    test: gateSelected,
    keywords: ["undeveloped event", "unexpanded", "diamond"],
  }),
  command("addHouse", (e) => e.addEvent("house"), {
    shortcut: "h",
    group: EDIT,
    keys: true,
    test: gateSelected,
    keywords: ["house event", "true", "false"],
  }),
  command("cycleGateType", (e) => e.cycleGateType(), {
    shortcut: "t",
    group: EDIT,
    keys: true,
    test: gateSelected,
    keywords: ["gate type", "and", "or"],
  }),
  ...GATE_TYPES.map((g) =>
    command(`gateType.${g.type}`, (e) => e.setGateType(g.type), {
      shortcut: g.shortcut,
      group: EDIT,
      keys: true,
      test: gateSelected,
      keywords: ["gate type", ...g.keywords],
    }),
  ),
  command("toEvent", (e) => e.toEvent(), {
    shortcut: "shift+b",
    group: EDIT,
    keys: true,
    test: (s) => s.kind === "gate" || s.kind === "reference",
    keywords: ["convert", "bottom event", "basic event", "intermediate"],
  }),
  command("toGate", (e) => e.toGate(), {
    shortcut: "shift+g",
    group: EDIT,
    keys: true,
    test: eventSelected,
    keywords: ["convert", "intermediate event", "gate"],
  }),
  command("toTransfer", (e) => e.toTransfer(), {
    shortcut: "shift+t",
    group: EDIT,
    keys: true,
    test: (s) => (s.kind === "gate" || s.kind === "reference") && !s.isRoot,
    keywords: ["transfer gate", "subtree", "convert"],
  }),
  command("fromTransfer", (e) => e.fromTransfer(), {
    shortcut: "shift+i",
    group: EDIT,
    keys: true,
    test: (s) => s.kind === "transferIn" || s.isTransferRoot,
    keywords: ["transfer gate", "subtree", "inline", "convert"],
  }),
  command("moveLeft", (e) => e.moveInput(-1), {
    shortcut: "alt+shift+left",
    group: EDIT,
    keys: true,
    test: anySelected,
  }),
  command("moveRight", (e) => e.moveInput(1), {
    shortcut: "alt+shift+right",
    group: EDIT,
    keys: true,
    test: anySelected,
  }),

  // Clipboard and history
  command("copy", (e) => e.copy(), { shortcut: "mod+c", group: EDIT, keys: true, test: anySelected }),
  command("cut", (e) => e.cut(), {
    shortcut: "mod+x",
    group: EDIT,
    keys: true,
    test: (s) => anySelected(s) && !s.isRoot,
  }),
  command("paste", (e) => e.paste(), {
    shortcut: "mod+v",
    group: EDIT,
    keys: true,
    test: (s) => s.clipboard !== null && gateSelected(s),
  }),
  command("pasteReference", (e) => e.pasteReference(), {
    shortcut: "mod+shift+v",
    group: EDIT,
    keys: true,
    test: (s) => s.clipboard === "copy" && gateSelected(s),
    keywords: ["repeated event", "shared", "link"],
  }),
  command("delete", (e) => e.remove(), {
    shortcut: "delete,backspace",
    group: EDIT,
    keys: true,
    test: anySelected,
    keywords: ["remove"],
  }),
  command("undo", (e) => e.undo(), { shortcut: "mod+z", group: EDIT, keys: true, test: (s) => s.canUndo }),
  command("redo", (e) => e.redo(), {
    shortcut: "mod+shift+z,mod+y",
    group: EDIT,
    keys: true,
    test: (s) => s.canRedo,
  }),

  // View
  command("zoomIn", (e) => e.zoomIn(), { shortcut: "+,=", group: VIEW, keys: true, keywords: ["magnify"] }),
  command("zoomOut", (e) => e.zoomOut(), { shortcut: "-", group: VIEW, keys: true }),
  command("zoomReset", (e) => e.zoomReset(), { group: VIEW, keys: true, keywords: ["100%"] }),
  // 0 fits, as in the block diagram editor.
  command("fit", (e) => e.fit(), {
    shortcut: "f,0",
    group: VIEW,
    keys: true,
    keywords: ["fit to screen", "whole tree"],
  }),

  // Analysis
  command("analyze", (e) => e.analyze(), {
    shortcut: "mod+enter",
    group: ANALYSIS,
    test: (s) => !s.analysing,
    keywords: ["analyse", "calculate", "cut sets", "probability", "run"],
  }),
  command("cancelAnalysis", (e) => e.cancelAnalysis(), {
    shortcut: "mod+period",
    group: ANALYSIS,
    test: (s) => s.analysing,
    keywords: ["stop", "abort"],
  }),
  command("showCutSets", (e) => e.showResults("cutSets"), {
    shortcut: "alt+shift+1",
    group: ANALYSIS,
    keywords: ["minimal cut sets", "results"],
  }),
  command("showImportance", (e) => e.showResults("importance"), {
    shortcut: "alt+shift+2",
    group: ANALYSIS,
    keywords: ["birnbaum", "fussell-vesely", "criticality", "raw", "rrw", "chart"],
  }),
  command("showCurve", (e) => e.showResults("curve"), {
    shortcut: "alt+shift+3",
    group: ANALYSIS,
    keywords: ["probability over time", "unreliability", "chart", "plot"],
  }),
  command("toggleResults", (e) => e.toggleResults(), {
    group: ANALYSIS,
    keywords: ["results", "panel", "show", "hide"],
  }),
  command("exportCutSets", (e) => e.exportCutSets(), {
    group: ANALYSIS,
    keywords: ["xlsx", "excel", "export"],
  }),

  // File
  command("new", (e) => e.newTree(), { shortcut: "alt+n", group: FILE, keywords: ["create", "empty"] }),
  command("open", (e) => e.open(), { shortcut: "mod+o", group: FILE, keywords: ["load", "stored"] }),
  command("save", (e) => e.save(), { shortcut: "mod+s", group: FILE, keywords: ["store"] }),
  command("saveAs", (e) => e.saveAs(), { shortcut: "mod+shift+s", group: FILE, keywords: ["copy", "store"] }),
  command("import", (e) => e.importFile(), {
    shortcut: "mod+i",
    group: FILE,
    keywords: ["open-psa", "mef", "xml", "xlsx", "excel", "json", "upload"],
  }),
  command("exportMef", (e) => e.exportMef(), {
    shortcut: "mod+shift+e",
    group: FILE,
    keywords: ["open-psa", "mef", "xml", "scram", "download"],
  }),
  command("exportXlsx", (e) => e.exportXlsx(), { group: FILE, keywords: ["excel", "download"] }),
  command("exportJson", (e) => e.exportJson(), { group: FILE, keywords: ["relbench", "download"] }),
];
