// The structure tree screen's panel commands (the function net, the failure net, the function matrix) and its
// context menu (Shift+F10 or the context-menu key on the focused node; a right click on a row). The menu lists
// the registry's FMEA commands available at that moment, so it offers exactly what the palette offers for the
// node's type and level. The work is in features/fmea/net-view.ts.
import { openContextMenuAt } from "../components/ContextMenu.tsx";
import {
  closeNetView,
  fitNet,
  focusInNet,
  matrixCell,
  netSelected,
  netView,
  revealInTrees,
  showNetView,
  toggleMatrixCell,
} from "../features/fmea/net-view.ts";
import { pane, renaming, selectedId } from "../features/fmea/store.ts";
import { PATHS } from "../routes.ts";
import { commandPane } from "./fmea.ts";
import { isTypingTarget } from "./keys.ts";
import {
  allCommands,
  type Command,
  type CommandContext,
  type CommandWhen,
  defineCommand,
} from "./registry.ts";

const EDIT = "fmea:groups.edit";
const TREE_ROUTES = [PATHS.fmeaTree, PATHS.processFmeaTree];

/** Keyboard focus is in one of the two trees (or nowhere), not in a field, a button or the panel. */
function focusInTree(): boolean {
  if (typeof document === "undefined") return true;
  const active = document.activeElement;
  if (!active || active === document.body) return true;
  if (isTypingTarget(active)) return false;
  return active.closest("[data-fmea-pane]") !== null;
}

const inTreeOrNet = (ctx: CommandContext) =>
  (ctx.overlayOpen || focusInTree() || focusInNet()) && renaming.value === null;

function onScreen(test: (ctx: CommandContext) => boolean): CommandWhen {
  return { routes: TREE_ROUTES, test };
}

const inGraph = () => document.activeElement?.closest("[data-fmea-net] .graph-viewport") != null;
const inMatrix = () => document.activeElement?.closest("[data-fmea-net] [role=grid]") != null;

const viewCommand = (view: "functionNet" | "failureNet" | "matrix", shortcut: string, keywords: string[]) =>
  defineCommand({
    id: `fmea.view.${view}`,
    titleKey: `fmea:commands.view.${view}`,
    keywords,
    shortcut,
    group: EDIT,
    when: onScreen(inTreeOrNet),
    run: () => showNetView(view),
  });

/** The fmea commands a tree node's context menu offers (those available when it opens). */
export function treeMenuCommands(ctx: CommandContext): Command[] {
  const side = pane.value;
  return allCommands(ctx).filter(
    (c) =>
      c.id.startsWith("fmea.") &&
      c.id !== "fmea.contextMenu" &&
      c.group === EDIT &&
      (commandPane.get(c.id) ?? side) === side,
  );
}

export const fmeaNetCommands: Command[] = [
  viewCommand("functionNet", "n", ["function net", "graph", "contributes"]),
  viewCommand("failureNet", "c", ["failure net", "failure chain", "FE FM FC", "graph"]),
  viewCommand("matrix", "x", ["function matrix", "link", "grid"]),
  defineCommand({
    id: "fmea.view.close",
    titleKey: "fmea:commands.view.close",
    keywords: ["net", "matrix", "hide"],
    shortcut: "escape",
    group: EDIT,
    when: onScreen((ctx) => !ctx.overlayOpen && netView.value !== null && focusInNet()),
    run: () => closeNetView(),
  }),
  defineCommand({
    id: "fmea.net.reveal",
    titleKey: "fmea:commands.net.reveal",
    keywords: ["go to", "tree", "select"],
    shortcut: "enter",
    group: EDIT,
    when: onScreen(() => inGraph() && netSelected.value !== null),
    run: () => {
      if (netSelected.value) revealInTrees(netSelected.value);
    },
  }),
  defineCommand({
    id: "fmea.net.fit",
    titleKey: "fmea:commands.net.fit",
    keywords: ["zoom", "fit", "whole net"],
    shortcut: "0",
    group: EDIT,
    when: onScreen(() => focusInNet() && netView.value !== null && netView.value !== "matrix"),
    run: () => fitNet(),
  }),
  defineCommand({
    id: "fmea.matrix.toggle",
    titleKey: "fmea:commands.matrix.toggle",
    keywords: ["link", "unlink", "function net"],
    shortcut: "space, enter",
    group: EDIT,
    when: onScreen(() => inMatrix() && matrixCell.value !== null),
    run: () => {
      toggleMatrixCell();
    },
  }),
  defineCommand({
    id: "fmea.contextMenu",
    titleKey: "fmea:commands.contextMenu",
    keywords: ["context menu", "right click", "actions"],
    shortcut: "shift+f10, contextmenu",
    group: EDIT,
    paletteHidden: true,
    when: onScreen(
      (ctx) => !ctx.overlayOpen && focusInTree() && renaming.value === null && selectedId() !== null,
    ),
    run: () => {
      const which = pane.value;
      const id = selectedId(which);
      const row = id ? document.getElementById(`fmea-${which}-${id}`) : null;
      openContextMenuAt(row ?? document.querySelector(`[data-fmea-pane="${which}"]`));
    },
  }),
];
