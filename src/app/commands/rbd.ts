// The eRBD editor's commands (/rbd/analysis/index): every editing, view, analysis and file action of the
// screen, for the palette, the keys, the toolbar and the menus alike. Bare keys (a, p, arrows, Delete) act
// only while focus is in the editor and not in a field, so they never fire from the sidebar or a grid; from
// the palette every command is reachable. The work itself is in features/rbd/, loaded with the screen.
import i18n from "i18next";
import { analysisRunning } from "../features/rbd/analysis-state.ts";
import { allBlocks, blockLabel, findBlock } from "../features/rbd/document.ts";
import {
  mode,
  model,
  redoable,
  selected,
  shownDiagram,
  undoable,
  viewPath,
  viewport,
} from "../features/rbd/store.ts";
import { PATHS } from "../routes.ts";
import { openPalette } from "../state/overlays.ts";
import { isTypingTarget } from "./keys.ts";
import { type Command, type CommandContext, type CommandWhen, defineCommand } from "./registry.ts";

// The titles live in the rbd namespace; the cheat sheet lists them on every screen.
if (i18n.isInitialized) void i18n.loadNamespaces("rbd");
else i18n.on("initialized", () => void i18n.loadNamespaces("rbd"));

const EDIT = "rbd:groups.edit";
const VIEW = "rbd:groups.view";
const ANALYSIS = "rbd:groups.analysis";
const FILE = "rbd:groups.file";

const actions = () => import("../features/rbd/actions.ts");
const analysis = () => import("../features/rbd/analysis.ts");
const files = () => import("../features/rbd/files.ts");

/** Keyboard focus is on the diagram (or nowhere): not in a field, a button, the panel or the results. */
function focusInEditor(): boolean {
  if (typeof document === "undefined") return true;
  const active = document.activeElement;
  if (!active || active === document.body) return true;
  if (isTypingTarget(active)) return false;
  return active.closest("[data-rbd-keys]") !== null;
}

/** From the palette (an overlay is open) always; from the keys only with focus in the editor. */
const editorKeys = (ctx: CommandContext) => ctx.overlayOpen || focusInEditor();
const idle = () => mode.value.kind === "idle";
const selectedBlock = () => shownDiagram.value.blocks.find((b) => b.id === selected.value);
const hasSelection = () => selected.value !== null;

function editor(test?: (ctx: CommandContext) => boolean): CommandWhen {
  return { routes: [PATHS.rbdEditor], test: (ctx) => editorKeys(ctx) && (test ? test(ctx) : true) };
}

/** Commands with modifier keys work wherever focus is on the screen (but not while typing, for undo). */
function screen(test?: () => boolean): CommandWhen {
  return { routes: [PATHS.rbdEditor], ...(test ? { test } : {}) };
}

const arrowCommand = (direction: "left" | "right" | "up" | "down", key: string) =>
  defineCommand({
    id: `rbd.select.${direction}`,
    titleKey: `rbd:commands.select.${direction}`,
    shortcut: key,
    group: EDIT,
    paletteHidden: true,
    when: editor(),
    run: () => actions().then((a) => a.arrow(direction)),
  });

export const rbdCommands: Command[] = [
  defineCommand({
    id: "rbd.addAfter",
    titleKey: "rbd:commands.addAfter",
    keywords: ["series", "block", "insert"],
    shortcut: "a",
    group: EDIT,
    when: editor(() => hasSelection() && (idle() || mode.value.kind === "placing")),
    run: () => actions().then((a) => a.addBlockAfter()),
  }),
  defineCommand({
    id: "rbd.addParallel",
    titleKey: "rbd:commands.addParallel",
    keywords: ["parallel", "redundant", "block"],
    shortcut: "p",
    group: EDIT,
    when: editor(() => hasSelection() && (idle() || mode.value.kind === "placing")),
    run: () => actions().then((a) => a.addBlockParallel()),
  }),
  defineCommand({
    id: "rbd.addKofN",
    titleKey: "rbd:commands.addKofN",
    keywords: ["k-out-of-n", "voting", "KN", "node"],
    shortcut: "k",
    group: EDIT,
    when: editor(() => hasSelection() && idle()),
    run: () => actions().then((a) => a.addKofNNode()),
  }),
  defineCommand({
    id: "rbd.mirror",
    titleKey: "rbd:commands.mirror",
    keywords: ["mirror", "host", "shared", "duplicate", "repeated"],
    shortcut: "m",
    group: EDIT,
    when: editor(() => hasSelection() && idle()),
    run: () => actions().then((a) => a.startMirror()),
  }),
  defineCommand({
    id: "rbd.addSubdiagram",
    titleKey: "rbd:commands.addSubdiagram",
    keywords: ["subsystem", "sub-diagram", "group"],
    shortcut: "s",
    group: EDIT,
    when: editor(() => hasSelection() && idle()),
    run: () => actions().then((a) => a.addSubdiagramBlock()),
  }),
  defineCommand({
    id: "rbd.openSubdiagram",
    titleKey: "rbd:commands.openSubdiagram",
    keywords: ["enter", "subsystem", "inside"],
    shortcut: "enter",
    group: VIEW,
    when: editor(() => idle() && selectedBlock()?.kind === "subdiagram"),
    run: () => actions().then((a) => a.openSubdiagram()),
  }),
  defineCommand({
    id: "rbd.openParent",
    titleKey: "rbd:commands.openParent",
    keywords: ["up", "back", "outside"],
    shortcut: "escape",
    group: VIEW,
    when: editor(() => idle() && viewPath.value.length > 0),
    run: () => actions().then((a) => a.openParent()),
  }),
  defineCommand({
    // The path bar's jumps: level 0 is the model, level k the k-th sub-diagram of the path shown.
    id: "rbd.openLevel",
    titleKey: "rbd:commands.openLevel",
    keywords: ["breadcrumb", "path", "up", "level", "enclosing"],
    group: VIEW,
    when: screen(() => viewPath.value.length > 0),
    run: () => openPalette("rbd.openLevel"),
    children: () =>
      viewPath.value.map((_, level) => {
        const id = viewPath.value[level - 1];
        const block = id === undefined ? undefined : findBlock(model.value, id)?.block;
        const name = level === 0 ? model.value.name : block ? blockLabel(block) : id;
        return defineCommand({
          id: `rbd.openLevel.${level}`,
          titleKey: "rbd:commands.openLevelOption",
          titleArgs: { name: name || { key: "rbd:files.untitled" } },
          group: VIEW,
          when: screen(() => viewPath.value.length > level),
          run: () => {
            const path = viewPath.value;
            viewPath.value = path.slice(0, level);
            selected.value = path[level] ?? null;
          },
        });
      }),
  }),
  defineCommand({
    id: "rbd.connect",
    titleKey: "rbd:commands.connect",
    keywords: ["link", "edge", "line", "arrow"],
    shortcut: "c",
    group: EDIT,
    when: editor(() => hasSelection() && idle()),
    run: () => actions().then((a) => a.startConnecting(false)),
  }),
  defineCommand({
    id: "rbd.disconnect",
    titleKey: "rbd:commands.disconnect",
    keywords: ["unlink", "remove edge", "line"],
    shortcut: "d",
    group: EDIT,
    when: editor(() => hasSelection() && idle()),
    run: () => actions().then((a) => a.startConnecting(true)),
  }),
  defineCommand({
    id: "rbd.move",
    titleKey: "rbd:commands.move",
    keywords: ["position", "drag", "grab"],
    shortcut: "g",
    group: EDIT,
    when: editor(() => hasSelection() && idle()),
    run: () => actions().then((a) => a.startMove()),
  }),
  defineCommand({
    id: "rbd.resetLayout",
    titleKey: "rbd:commands.resetLayout",
    keywords: ["auto layout", "tidy", "dagre"],
    group: VIEW,
    when: screen(idle),
    run: () => actions().then((a) => a.resetLayout()),
  }),
  defineCommand({
    id: "rbd.delete",
    titleKey: "rbd:commands.delete",
    keywords: ["remove", "erase"],
    shortcut: "delete, backspace",
    group: EDIT,
    when: editor(() => hasSelection() && idle()),
    run: () => actions().then((a) => a.deleteSelected()),
  }),
  defineCommand({
    id: "rbd.undo",
    titleKey: "rbd:commands.undo",
    shortcut: "mod+z",
    group: EDIT,
    when: screen(() => undoable.value && !isTypingTarget(globalThis.document?.activeElement ?? null)),
    run: () => actions().then((a) => a.undo()),
  }),
  defineCommand({
    id: "rbd.redo",
    titleKey: "rbd:commands.redo",
    shortcut: "mod+shift+z, mod+y",
    group: EDIT,
    when: screen(() => redoable.value && !isTypingTarget(globalThis.document?.activeElement ?? null)),
    run: () => actions().then((a) => a.redo()),
  }),
  defineCommand({
    id: "rbd.confirm",
    titleKey: "rbd:commands.confirm",
    shortcut: "enter",
    group: EDIT,
    when: editor(() => !idle()),
    run: () => actions().then((a) => a.confirm()),
  }),
  defineCommand({
    id: "rbd.cancel",
    titleKey: "rbd:commands.cancel",
    shortcut: "escape",
    group: EDIT,
    when: editor(() => !idle()),
    run: () => actions().then((a) => a.cancel()),
  }),
  defineCommand({
    id: "rbd.editAttributes",
    titleKey: "rbd:commands.editAttributes",
    keywords: ["properties", "distribution", "parameters", "panel"],
    shortcut: "f2",
    group: EDIT,
    when: screen(idle),
    run: () => actions().then((a) => a.editAttributes()),
  }),
  // Enter on anything but a sub-diagram edits it: the same as F2, kept out of the palette's list.
  defineCommand({
    id: "rbd.enterEdits",
    titleKey: "rbd:commands.editAttributes",
    shortcut: "enter",
    group: EDIT,
    paletteHidden: true,
    cheatSheetHidden: true,
    when: editor(() => idle() && selectedBlock()?.kind !== "subdiagram"),
    run: () => actions().then((a) => a.editAttributes()),
  }),
  defineCommand({
    id: "rbd.editDiagram",
    titleKey: "rbd:commands.editDiagram",
    keywords: ["mission time", "current age", "warranty", "settings", "trials"],
    shortcut: "alt+t",
    group: EDIT,
    when: screen(),
    run: () => actions().then((a) => a.editDiagramSettings()),
  }),
  defineCommand({
    id: "rbd.focusDiagram",
    titleKey: "rbd:commands.focusDiagram",
    keywords: ["canvas", "diagram"],
    shortcut: "alt+shift+d",
    group: VIEW,
    when: screen(),
    run: () => actions().then((a) => a.focusDiagram()),
  }),
  defineCommand({
    id: "rbd.selectBlock",
    titleKey: "rbd:commands.selectBlock",
    keywords: ["find", "go to block", "jump"],
    shortcut: "mod+g",
    group: EDIT,
    // Also while placing a mirror: its place may be in another sub-diagram.
    when: screen(() => idle() || mode.value.kind === "placing"),
    run: () => openPalette("rbd.selectBlock"),
    children: () =>
      allBlocks(model.value).map(({ block, path }) =>
        defineCommand({
          id: `rbd.selectBlock.${block.id}`,
          titleKey: "rbd:commands.selectBlockOption",
          titleArgs: { name: blockLabel(block), where: path.length > 0 ? `${path.join(" › ")} › ` : "" },
          keywords: [block.id, block.kind],
          group: EDIT,
          when: screen(),
          run: () => actions().then((a) => a.selectBlock(block.id)),
        }),
      ),
  }),
  arrowCommand("left", "arrowleft"),
  arrowCommand("right", "arrowright"),
  arrowCommand("up", "arrowup"),
  arrowCommand("down", "arrowdown"),
  defineCommand({
    id: "rbd.zoomIn",
    titleKey: "rbd:commands.zoomIn",
    keywords: ["magnify", "bigger"],
    shortcut: "+, =",
    group: VIEW,
    when: editor(),
    run: () => viewport.current?.zoomIn(),
  }),
  defineCommand({
    id: "rbd.zoomOut",
    titleKey: "rbd:commands.zoomOut",
    keywords: ["smaller"],
    shortcut: "-",
    group: VIEW,
    when: editor(),
    run: () => viewport.current?.zoomOut(),
  }),
  defineCommand({
    id: "rbd.fit",
    titleKey: "rbd:commands.fit",
    keywords: ["fit to screen", "whole diagram", "reset zoom"],
    shortcut: "0",
    group: VIEW,
    when: editor(),
    run: () => viewport.current?.fit(),
  }),
  defineCommand({
    id: "rbd.analyse",
    titleKey: "rbd:commands.analyse",
    keywords: ["calculate", "reliability", "exact", "MTTF", "importance", "run"],
    shortcut: "mod+enter",
    group: ANALYSIS,
    when: screen(() => !analysisRunning.value),
    run: () => analysis().then((a) => a.analyse()),
  }),
  defineCommand({
    id: "rbd.simulate",
    titleKey: "rbd:commands.simulate",
    keywords: ["Monte Carlo", "simulation", "trials"],
    shortcut: "mod+shift+enter",
    group: ANALYSIS,
    when: screen(() => !analysisRunning.value),
    run: () => analysis().then((a) => a.simulate()),
  }),
  defineCommand({
    id: "rbd.cancelAnalysis",
    titleKey: "rbd:commands.cancelAnalysis",
    keywords: ["stop", "abort"],
    shortcut: "mod+period",
    group: ANALYSIS,
    when: screen(() => analysisRunning.value),
    run: () => analysis().then((a) => a.cancelAnalysis()),
  }),
  defineCommand({
    id: "rbd.new",
    titleKey: "rbd:commands.new",
    keywords: ["create", "blank"],
    shortcut: "alt+n",
    group: FILE,
    // Also on the list of stored diagrams, whose "New" button runs it.
    when: { routes: [PATHS.rbdEditor, PATHS.rbdList] },
    run: () => files().then((f) => f.newDiagram()),
  }),
  defineCommand({
    id: "rbd.save",
    titleKey: "rbd:commands.save",
    keywords: ["store"],
    shortcut: "mod+s",
    group: FILE,
    when: screen(),
    run: () => files().then((f) => f.save()),
  }),
  defineCommand({
    id: "rbd.saveAs",
    titleKey: "rbd:commands.saveAs",
    keywords: ["copy", "store"],
    shortcut: "mod+shift+s",
    group: FILE,
    when: screen(),
    run: () => files().then((f) => f.saveAs()),
  }),
  defineCommand({
    id: "rbd.open",
    titleKey: "rbd:commands.open",
    keywords: ["load", "list", "stored"],
    shortcut: "mod+o",
    group: FILE,
    when: screen(),
    run: () => files().then((f) => f.openList()),
  }),
  defineCommand({
    id: "rbd.exportJson",
    titleKey: "rbd:commands.exportJson",
    keywords: ["download", "model", "json", "cli"],
    shortcut: "mod+shift+e",
    group: FILE,
    when: screen(),
    run: () => files().then((f) => f.exportJson()),
  }),
  defineCommand({
    id: "rbd.importJson",
    titleKey: "rbd:commands.importJson",
    keywords: ["upload", "model", "json", "open file"],
    group: FILE,
    when: screen(),
    run: () => files().then((f) => f.importJson()),
  }),
  defineCommand({
    id: "rbd.exportXlsx",
    titleKey: "rbd:commands.exportXlsx",
    keywords: ["excel", "results", "download", "spreadsheet"],
    shortcut: "mod+shift+x",
    group: FILE,
    when: screen(),
    run: () => files().then((f) => f.exportXlsx()),
  }),
];
