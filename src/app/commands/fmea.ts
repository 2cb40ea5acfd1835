// The FMEA screens' commands: the lists' create (/dfmea, /pfmea) and every node action of the structure
// tree screen (/fmeaTree, /pFmeaTree; spec 5's actions by node type), undo and redo, and the arrow keys
// that walk the trees. Bare keys act only while focus is in a tree (not in a field or button), so they
// never fire from the sidebar; the palette reaches every command. The work is in features/fmea/store.ts.
import i18n from "i18next";
import type { ActionArgs, NodeAction } from "../../shared/fmea/actions.ts";
import { nodeActions } from "../../shared/fmea/actions.ts";
import { CHILD_KINDS, type NodeKind, type OptionalElement } from "../../shared/fmea/model.ts";
import { confirmDialog } from "../components/confirm.tsx";
import { message } from "../components/message.ts";
import { focusInNet } from "../features/fmea/net-view.ts";
import { SELECTION_SLOTS, type SelectionSlot } from "../features/fmea/selection.ts";
import {
  arrow,
  checkedPane,
  clearSelection,
  doc,
  editable,
  holdsSelection,
  LINKABLE,
  linkMark,
  linkToMark,
  markLink,
  openAttributes,
  pane,
  perform,
  redo,
  renaming,
  selectedId,
  steps,
  switchPane,
  undo,
} from "../features/fmea/store.ts";
import type { Pane } from "../features/fmea/view.ts";
import { PATHS } from "../routes.ts";
import { canRedo, canUndo } from "../state/history.ts";
import { isTypingTarget } from "./keys.ts";
import { type Command, type CommandContext, type CommandWhen, defineCommand } from "./registry.ts";
import { currentActions, screenSlot } from "./screen-actions.ts";

if (i18n.isInitialized) void i18n.loadNamespaces("fmea");
else i18n.on("initialized", () => void i18n.loadNamespaces("fmea"));

export const fmeaListSlot = screenSlot<{ create(): Promise<void> }>();

const EDIT = "fmea:groups.edit";
const TREE_ROUTES = [PATHS.fmeaTree, PATHS.processFmeaTree];

/** Keyboard focus is in one of the two trees (or nowhere), not in a field or on a button. */
function focusInTree(): boolean {
  if (typeof document === "undefined") return true;
  const active = document.activeElement;
  if (!active || active === document.body) return true;
  if (isTypingTarget(active)) return false;
  return active.closest("[data-fmea-keys]") !== null;
}

const treeKeys = (ctx: CommandContext) => (ctx.overlayOpen || focusInTree()) && renaming.value === null;

/** Undo and redo also from the net and matrix panel, whose cell toggles are edits too. */
const undoKeys = (ctx: CommandContext) => treeKeys(ctx) || (focusInNet() && renaming.value === null);

function tree(test?: () => boolean): CommandWhen {
  return { routes: TREE_ROUTES, test: (ctx) => treeKeys(ctx) && (test ? test() : true) };
}

/** Actions no DFMEA element can take (process items, steps, work elements and their characteristics): left
 * out of a DFMEA's palette and menus rather than refused when run. */
const PROCESS_ONLY: ReadonlySet<NodeAction> = new Set([
  "addProcessItem",
  "addProcessStep",
  "addOptionalElement",
  "addProcessCharacteristic",
]);

/** What a reader of the FMEA (not its compiler, a listed counselor or an admin) may still do on a node. */
const READING: ReadonlySet<NodeAction> = new Set(["copy", "attributes"]);

/** The action is offered by the selected node of `which` pane (spec 5's list for its type and level), and only
 * to those who may edit the FMEA's nodes unless it only reads. */
function offered(action: NodeAction, which: Pane | "front" = "front"): boolean {
  if (!editable.value && !READING.has(action)) return false;
  const id = selectedId(which === "front" ? undefined : which);
  if (action === "addRoot") return true;
  if (doc.value.variant === "design" && PROCESS_ONLY.has(action)) return false;
  return id !== null && nodeActions(doc.value, id).includes(action);
}

/** The tree a node command acts on when it names one (the context menu offers it on that tree's nodes only). */
export const commandPane = new Map<string, Pane>();

/** A command that adds a child of one kind is offered only where that kind may go (a failure under a function,
 * a measure under a failure: `CHILD_KINDS`). */
function holds(kind: NodeKind | undefined, which: Pane | "front"): boolean {
  if (!kind) return true;
  const parent = doc.value.nodes.get(selectedId(which === "front" ? undefined : which) ?? "");
  return parent !== undefined && CHILD_KINDS[parent.kind].includes(kind);
}

function nodeCommand(
  id: string,
  action: NodeAction,
  options: {
    shortcut?: string;
    which?: Pane;
    args?: ActionArgs;
    keywords?: string[];
    titleKey?: string;
  } = {},
): Command {
  if (options.which) commandPane.set(id, options.which);
  return defineCommand({
    id,
    titleKey: options.titleKey ?? `fmea:commands.${action}`,
    keywords: options.keywords ?? ["fmea", "node"],
    ...(options.shortcut ? { shortcut: options.shortcut } : {}),
    group: EDIT,
    when: tree(
      () => offered(action, options.which ?? "front") && holds(options.args?.kind, options.which ?? "front"),
    ),
    run: () => {
      perform(action, options.args ?? {}, options.which);
    },
  });
}

const arrowCommand = (direction: "up" | "down" | "left" | "right", key: string) =>
  defineCommand({
    id: `fmea.select.${direction}`,
    titleKey: `fmea:commands.select.${direction}`,
    shortcut: key,
    group: EDIT,
    paletteHidden: true,
    when: tree(),
    run: () => arrow(direction),
  });

async function deleteSelected(): Promise<void> {
  const which = checkedPane();
  const id = selectedId();
  const node = id ? doc.value.nodes.get(id) : undefined;
  if (!node) return;
  const ok = await confirmDialog({
    title: i18n.t("common:delete"),
    message: i18n.t("fmea:tree.confirmDelete", { name: node.name || i18n.t(`fmea:kinds.${node.kind}`) }),
    tone: "danger",
  });
  if (!ok) {
    message.info(i18n.t("messages:deleteCancelled"));
    return;
  }
  perform(node.parentId === null ? "deleteRoot" : "delete");
  document.querySelector<HTMLElement>(`[data-fmea-pane="${which}"]`)?.focus();
}

/** Spec 4: each slot of the selection is cleared on its own (selection.ts); from the palette. */
const clearCommand = (slot: SelectionSlot) =>
  defineCommand({
    id: `fmea.clear.${slot}`,
    titleKey: `fmea:commands.clear.${slot}`,
    keywords: ["selection", "deselect", "clear", slot === "clipboard" ? "copy cut" : "checked"],
    group: EDIT,
    when: { routes: TREE_ROUTES, test: () => holdsSelection(slot) },
    run: () => clearSelection(slot),
  });

const WORK_ELEMENTS: OptionalElement[] = ["man", "machine", "material", "method", "environments"];

export const fmeaCommands: Command[] = [
  defineCommand({
    id: "fmea.new",
    titleKey: "fmea:commands.new",
    keywords: ["create", "dfmea", "pfmea"],
    shortcut: "alt+n",
    group: EDIT,
    when: { routes: [PATHS.dfmea, PATHS.pfmea], test: () => currentActions(fmeaListSlot) !== null },
    run: () => currentActions(fmeaListSlot)?.create(),
  }),
  arrowCommand("up", "arrowup"),
  arrowCommand("down", "arrowdown"),
  arrowCommand("left", "arrowleft"),
  arrowCommand("right", "arrowright"),
  defineCommand({
    id: "fmea.switchPane",
    titleKey: "fmea:commands.switchPane",
    keywords: ["structure", "function", "failure", "pane"],
    group: EDIT,
    when: { routes: TREE_ROUTES },
    run: () => {
      switchPane();
      document.querySelector<HTMLElement>(`[data-fmea-pane="${pane.value}"]`)?.focus();
    },
  }),
  defineCommand({
    id: "fmea.rename",
    titleKey: "fmea:commands.rename",
    keywords: ["name", "edit"],
    shortcut: "enter",
    group: EDIT,
    when: tree(() => editable.value && selectedId() !== null),
    run: () => {
      renaming.value = selectedId();
    },
  }),
  // Insert adds the usual child: a structure element's next level on the left, a failure under a
  // function or a measure under a failure on the right.
  defineCommand({
    id: "fmea.addUsualChild",
    titleKey: "fmea:commands.addUsualChild",
    keywords: ["insert", "child", "new"],
    shortcut: "insert",
    group: EDIT,
    when: tree(() => offered(checkedPane() === "left" ? "addStructure" : "addChild")),
    run: () => {
      perform(checkedPane() === "left" ? "addStructure" : "addChild");
    },
  }),
  nodeCommand("fmea.addStructure", "addStructure", { shortcut: "s", which: "left" }),
  nodeCommand("fmea.addProcessItem", "addProcessItem", { shortcut: "i", which: "left" }),
  nodeCommand("fmea.addProcessStep", "addProcessStep", { shortcut: "p", which: "left" }),
  ...WORK_ELEMENTS.map((elementType) =>
    nodeCommand(`fmea.addWorkElement.${elementType}`, "addOptionalElement", {
      which: "left",
      args: { elementType },
      titleKey: `fmea:commands.addWorkElement.${elementType}`,
      keywords: ["4M", "5M", "work element", "optional element"],
      ...(elementType === "man" ? { shortcut: "w" } : {}),
    }),
  ),
  nodeCommand("fmea.addFunction", "addFunction", { shortcut: "f", which: "left" }),
  nodeCommand("fmea.addProductCharacteristic", "addProductCharacteristic", { shortcut: "k", which: "left" }),
  nodeCommand("fmea.addProcessCharacteristic", "addProcessCharacteristic", { which: "left" }),
  nodeCommand("fmea.addInterface", "addInterface", { which: "left" }),
  nodeCommand("fmea.addRoot", "addRoot", { shortcut: "r", which: "left" }),
  nodeCommand("fmea.addFailure", "addChild", {
    shortcut: "e",
    which: "right",
    args: { kind: "fail" },
    titleKey: "fmea:commands.addFailure",
    keywords: ["failure", "mode", "effect", "cause"],
  }),
  nodeCommand("fmea.addPrevention", "addChild", {
    which: "right",
    args: { kind: "preMeas" },
    titleKey: "fmea:commands.addPrevention",
    keywords: ["measure", "control", "PC"],
  }),
  nodeCommand("fmea.addDetection", "addChild", {
    which: "right",
    args: { kind: "findMeas" },
    titleKey: "fmea:commands.addDetection",
    keywords: ["measure", "control", "DC"],
  }),
  ...SELECTION_SLOTS.map(clearCommand),
  nodeCommand("fmea.copy", "copy", { shortcut: "mod+c" }),
  nodeCommand("fmea.cut", "cut", { shortcut: "mod+x" }),
  nodeCommand("fmea.paste", "paste", { shortcut: "mod+v" }),
  defineCommand({
    id: "fmea.delete",
    titleKey: "fmea:commands.delete",
    keywords: ["remove", "delete root"],
    shortcut: "delete",
    group: EDIT,
    when: tree(() => offered("delete") || offered("deleteRoot")),
    run: () => deleteSelected(),
  }),
  nodeCommand("fmea.showHide", "showHide", { shortcut: "h", which: "left" }),
  nodeCommand("fmea.upgrade", "upgrade", { shortcut: "alt+arrowleft", which: "left" }),
  nodeCommand("fmea.downgrade", "downgrade", { shortcut: "alt+arrowright", which: "left" }),
  nodeCommand("fmea.switchStructure", "switchStructure", { shortcut: "t", which: "left" }),
  nodeCommand("fmea.merge", "merge", { shortcut: "m", which: "left" }),
  nodeCommand("fmea.moveUp", "moveUp", { shortcut: "alt+arrowup" }),
  nodeCommand("fmea.moveDown", "moveDown", { shortcut: "alt+arrowdown" }),
  defineCommand({
    id: "fmea.attributes",
    titleKey: "fmea:commands.attributes",
    keywords: ["properties", "tabs", "specification", "test", "responsible", "assessments"],
    shortcut: "alt+enter",
    group: EDIT,
    when: tree(() => selectedId() !== null),
    run: () => openAttributes(),
  }),
  defineCommand({
    id: "fmea.markLink",
    titleKey: "fmea:commands.markLink",
    keywords: ["function net", "failure net", "chain", "link"],
    shortcut: "l",
    group: EDIT,
    when: tree(
      () =>
        editable.value &&
        checkedPane() === "right" &&
        LINKABLE.has(doc.value.nodes.get(selectedId("right") ?? "")?.kind ?? ""),
    ),
    run: () => markLink(),
  }),
  defineCommand({
    id: "fmea.linkToMark",
    titleKey: "fmea:commands.linkToMark",
    keywords: ["function net", "failure net", "chain", "link"],
    shortcut: "shift+l",
    group: EDIT,
    when: tree(
      () =>
        editable.value &&
        checkedPane() === "right" &&
        linkMark.value !== null &&
        selectedId("right") !== null,
    ),
    run: () => linkToMark(),
  }),
  defineCommand({
    id: "fmea.undo",
    titleKey: "fmea:commands.undo",
    keywords: ["revert"],
    shortcut: "mod+z",
    group: EDIT,
    when: { routes: TREE_ROUTES, test: (ctx) => undoKeys(ctx) && canUndo(steps.value) },
    run: () => undo(),
  }),
  defineCommand({
    id: "fmea.redo",
    titleKey: "fmea:commands.redo",
    keywords: ["again"],
    shortcut: "mod+shift+z",
    group: EDIT,
    when: { routes: TREE_ROUTES, test: (ctx) => undoKeys(ctx) && canRedo(steps.value) },
    run: () => redo(),
  }),
];
