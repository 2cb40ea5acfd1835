// The FMEA diagrams' commands: the boundary diagram (/topology: spec 3's toolbar showStru, hideStru,
// struSwitch, del, up, down, attr and its context menu: add structure, add root, paste, show, hide,
// delete, delete root, move up, move down, upgrade, downgrade, switch, attributes; plus interfaces), the
// process flow chart (/flowProcess: steps, symbols, branches, rework loops), the export of either as SVG
// or PNG, and the fault tree of a failure effect (from the structure tree screens). Bare keys act only
// while focus is on the diagram (or nowhere); the palette reaches every command. The node actions are
// spec 5's, run through the structure screen's store (features/fmea/store.ts), so the diagram and the
// tree refuse and allow the same edits.
import i18n from "i18next";
import { type NodeAction, nodeActions } from "../../shared/fmea/actions.ts";
import { INTERFACE_TYPES, isProcessStep, PFD_SYMBOLS } from "../../shared/fmea/diagrams.ts";
import { isFailureEffect } from "../../shared/fmea/fault-tree.ts";
import { confirmDialog } from "../components/confirm.tsx";
import { message } from "../components/message.ts";
import { ensureRiskEvents } from "../features/dictionary/index-store.ts";
import { diagramMenu, focusDiagram } from "../features/fmea/DiagramParts.tsx";
import {
  addStep,
  connect,
  diagramSelection,
  diagramViewport,
  exportDiagram,
  faultTreeOf,
  flowItem,
  interfaceMark,
  markInterfaceStart,
  markReworkTarget,
  processItemOf,
  reworkMark,
  reworkToMark,
  selectInDiagram,
  setFlow,
  shownDiagram,
  toggleBranch,
} from "../features/fmea/diagram-store.ts";
import { showRiskEvents } from "../features/fmea/RiskEventsDialog.tsx";
import {
  doc,
  openAttributes,
  openFmea,
  pane,
  perform,
  redo,
  renaming,
  selected,
  steps,
  undo,
} from "../features/fmea/store.ts";
import { navigate } from "../router/navigation.ts";
import { PATHS } from "../routes.ts";
import { canRedo, canUndo } from "../state/history.ts";
import { isTypingTarget } from "./keys.ts";
import { type Command, type CommandContext, type CommandWhen, defineCommand } from "./registry.ts";

if (i18n.isInitialized) void i18n.loadNamespaces("fmeadiagram");
else i18n.on("initialized", () => void i18n.loadNamespaces("fmeadiagram"));

const EDIT = "fmeadiagram:groups.diagram";
const TOPOLOGY = [PATHS.topology];
const FLOW = [PATHS.flowProcess];
const DIAGRAMS = [PATHS.topology, PATHS.flowProcess];
const TREES = [PATHS.fmeaTree, PATHS.processFmeaTree];

/** Keyboard focus is on a diagram screen (its drawing or its toolbar) or nowhere, not in a field. */
function focusOnDiagram(): boolean {
  if (typeof document === "undefined") return true;
  const active = document.activeElement;
  if (!active || active === document.body) return true;
  if (isTypingTarget(active)) return false;
  return active.closest(".fmea-diagram-screen") !== null;
}

const diagramKeys = (ctx: CommandContext) => (ctx.overlayOpen || focusOnDiagram()) && renaming.value === null;

function on(routes: readonly string[], test?: () => boolean): CommandWhen {
  return { routes, test: (ctx) => diagramKeys(ctx) && (test ? test() : true) };
}

const node = (id: string | null) => (id ? doc.value.nodes.get(id) : undefined);
const element = () => node(selected.value.left);
/** The selected diagram item offers `action` (spec 5's list for its type and level). */
const offers = (action: NodeAction, id = diagramSelection()) =>
  id !== null && nodeActions(doc.value, id).includes(action);
const selectionIsElement = () => node(diagramSelection())?.kind === "stru";

function act(action: NodeAction, id: string | null): void {
  const target = node(id);
  if (!target) return;
  selectInDiagram(target.id);
  perform(action, {}, target.kind === "api" ? "right" : "left");
  // The diagram selects what the action selected in the tree (a new element, a moved one).
  const now = pane.value === "right" ? selected.value.right : selected.value.left;
  if (now) selectInDiagram(now);
}

async function deleteItem(id: string | null): Promise<void> {
  const target = node(id);
  if (!target) return;
  const ok = await confirmDialog({
    title: i18n.t("common:delete"),
    message: i18n.t("fmea:tree.confirmDelete", { name: target.name || i18n.t(`fmea:kinds.${target.kind}`) }),
    tone: "danger",
  });
  if (!ok) {
    message.info(i18n.t("messages:deleteCancelled"));
    return;
  }
  act(target.parentId === null ? "deleteRoot" : "delete", target.id);
  focusDiagram();
}

function walk(order: readonly string[], direction: 1 | -1): void {
  if (order.length === 0) return;
  const i = order.indexOf(diagramSelection() ?? "");
  const next = i < 0 ? order[0] : order[Math.min(order.length - 1, Math.max(0, i + direction))];
  selectInDiagram(next);
}

/** The boundary diagram's reading order: elements as in the tree, then interfaces. */
function topologyOrder(): string[] {
  const layout = shownDiagram.value?.layout;
  return layout ? [...layout.nodes.keys()] : [];
}

/** The flow chart's steps in order (rework labels are not selectable). */
function flowOrder(): string[] {
  const layout = shownDiagram.value?.layout;
  return layout ? [...layout.nodes.values()].filter((b) => b.kind === "step").map((b) => b.id) : [];
}

function topologyAction(
  key: string,
  action: NodeAction,
  shortcut?: string,
  test: () => boolean = () => offers(action),
): Command {
  return defineCommand({
    id: `fmea.topology.${key}`,
    titleKey: `fmeadiagram:commands.topology.${key}`,
    keywords: ["boundary diagram", "topology", "structure"],
    ...(shortcut ? { shortcut } : {}),
    group: EDIT,
    when: on(TOPOLOGY, test),
    run: () => act(action, diagramSelection()),
  });
}

const selectCommand = (routes: readonly string[], scope: string, dir: "up" | "down", key: string) =>
  defineCommand({
    id: `fmea.${scope}.select.${dir}`,
    titleKey: `fmea:commands.select.${dir}`,
    shortcut: key,
    group: EDIT,
    paletteHidden: true,
    when: on(routes),
    run: () => walk(scope === "topology" ? topologyOrder() : flowOrder(), dir === "up" ? -1 : 1),
  });

const hidden = () => element()?.hidden === true;

export const fmeaDiagramCommands: Command[] = [
  // --- the boundary diagram ---------------------------------------------------------------------
  selectCommand(TOPOLOGY, "topology", "up", "arrowup,arrowleft"),
  selectCommand(TOPOLOGY, "topology", "down", "arrowdown,arrowright"),
  topologyAction("addStructure", "addStructure", "s", () => selectionIsElement() && offers("addStructure")),
  defineCommand({
    id: "fmea.topology.addRoot",
    titleKey: "fmeadiagram:commands.topology.addRoot",
    keywords: ["boundary diagram", "system"],
    shortcut: "r",
    group: EDIT,
    when: on(TOPOLOGY),
    run: () => {
      perform("addRoot", {}, "left");
      if (selected.value.left) selectInDiagram(selected.value.left);
    },
  }),
  topologyAction("copy", "copy", "mod+c", () => selectionIsElement()),
  topologyAction("paste", "paste", "mod+v", () => selectionIsElement() && offers("paste")),
  topologyAction("show", "showHide", "shift+h", () => selectionIsElement() && hidden() && offers("showHide")),
  topologyAction("hide", "showHide", "h", () => selectionIsElement() && !hidden() && offers("showHide")),
  defineCommand({
    id: "fmea.topology.delete",
    titleKey: "fmeadiagram:commands.topology.delete",
    keywords: ["remove", "del"],
    shortcut: "delete",
    group: EDIT,
    when: on(TOPOLOGY, () => offers("delete")),
    run: () => deleteItem(diagramSelection()),
  }),
  defineCommand({
    id: "fmea.topology.deleteRoot",
    titleKey: "fmeadiagram:commands.topology.deleteRoot",
    keywords: ["remove", "del"],
    shortcut: "delete",
    group: EDIT,
    when: on(TOPOLOGY, () => offers("deleteRoot")),
    run: () => deleteItem(diagramSelection()),
  }),
  topologyAction("moveUp", "moveUp", "alt+arrowup"),
  topologyAction("moveDown", "moveDown", "alt+arrowdown"),
  topologyAction("upgrade", "upgrade", "alt+arrowleft", () => selectionIsElement() && offers("upgrade")),
  topologyAction(
    "downgrade",
    "downgrade",
    "alt+arrowright",
    () => selectionIsElement() && offers("downgrade"),
  ),
  topologyAction("switch", "switchStructure", "t", () => selectionIsElement() && offers("switchStructure")),
  defineCommand({
    id: "fmea.topology.attributes",
    titleKey: "fmeadiagram:commands.topology.attributes",
    keywords: ["attr", "properties"],
    shortcut: "alt+enter",
    group: EDIT,
    when: on(TOPOLOGY, () => diagramSelection() !== null),
    run: () => openAttributes(),
  }),
  defineCommand({
    id: "fmea.topology.rename",
    titleKey: "fmea:commands.rename",
    keywords: ["name"],
    shortcut: "enter",
    group: EDIT,
    when: on(TOPOLOGY, () => diagramSelection() !== null),
    run: () => {
      renaming.value = diagramSelection();
    },
  }),
  defineCommand({
    id: "fmea.topology.markInterface",
    titleKey: "fmeadiagram:commands.topology.markInterface",
    keywords: ["interface", "connect", "link"],
    shortcut: "c",
    group: EDIT,
    when: on(TOPOLOGY, selectionIsElement),
    run: () => markInterfaceStart(),
  }),
  ...INTERFACE_TYPES.map((type, i) =>
    defineCommand({
      id: `fmea.topology.connect.${type}`,
      titleKey: `fmeadiagram:commands.topology.connect.${type}`,
      keywords: ["interface", "connect", "link", type],
      shortcut: String(i + 1),
      group: EDIT,
      when: on(
        TOPOLOGY,
        () =>
          interfaceMark.value !== null && selectionIsElement() && interfaceMark.value !== diagramSelection(),
      ),
      run: () => connect(type),
    }),
  ),
  defineCommand({
    id: "fmea.topology.undo",
    titleKey: "fmea:commands.undo",
    keywords: ["revert"],
    shortcut: "mod+z",
    group: EDIT,
    when: on(DIAGRAMS, () => canUndo(steps.value)),
    run: () => undo(),
  }),
  defineCommand({
    id: "fmea.topology.redo",
    titleKey: "fmea:commands.redo",
    keywords: ["again"],
    shortcut: "mod+shift+z",
    group: EDIT,
    when: on(DIAGRAMS, () => canRedo(steps.value)),
    run: () => redo(),
  }),
  defineCommand({
    id: "fmea.diagram.menu",
    titleKey: "fmeadiagram:commands.diagramMenu",
    keywords: ["context menu", "right click"],
    shortcut: "shift+f10",
    group: EDIT,
    paletteHidden: true,
    when: on(DIAGRAMS),
    run: () => {
      const id = diagramSelection();
      const el = id
        ? document.querySelector<SVGGraphicsElement>("[data-fmea-diagram] .graph-node-selected")
        : null;
      const box = (el ?? document.querySelector("[data-fmea-diagram]"))?.getBoundingClientRect();
      diagramMenu.open?.(box ? box.left + 12 : 0, box ? box.top + 12 : 0);
    },
  }),
  defineCommand({
    id: "fmea.diagram.clearMark",
    titleKey: "fmeadiagram:commands.clearMark",
    keywords: ["cancel", "interface", "rework"],
    shortcut: "escape",
    group: EDIT,
    when: on(DIAGRAMS, () => interfaceMark.value !== null || reworkMark.value !== null),
    run: () => {
      interfaceMark.value = null;
      reworkMark.value = null;
    },
  }),
  defineCommand({
    id: "fmea.diagram.zoomIn",
    titleKey: "fmeadiagram:commands.zoomIn",
    keywords: ["magnify", "bigger"],
    shortcut: "+, =",
    group: EDIT,
    when: on(DIAGRAMS),
    run: () => diagramViewport.current?.zoomIn(),
  }),
  defineCommand({
    id: "fmea.diagram.zoomOut",
    titleKey: "fmeadiagram:commands.zoomOut",
    keywords: ["smaller"],
    shortcut: "-",
    group: EDIT,
    when: on(DIAGRAMS),
    run: () => diagramViewport.current?.zoomOut(),
  }),
  defineCommand({
    id: "fmea.diagram.fit",
    titleKey: "fmeadiagram:commands.fit",
    keywords: ["fit to screen", "whole diagram", "reset zoom"],
    shortcut: "0",
    group: EDIT,
    when: on(DIAGRAMS),
    run: () => diagramViewport.current?.fit(),
  }),
  defineCommand({
    id: "fmea.diagram.exportSvg",
    titleKey: "fmeadiagram:commands.exportSvg",
    keywords: ["export", "image", "svg", "boundary diagram", "flow chart"],
    group: EDIT,
    when: { routes: DIAGRAMS, test: () => (shownDiagram.value?.layout.nodes.size ?? 0) > 0 },
    run: () => exportDiagram("svg"),
  }),
  defineCommand({
    id: "fmea.diagram.exportPng",
    titleKey: "fmeadiagram:commands.exportPng",
    keywords: ["export", "image", "png", "boundary diagram", "flow chart"],
    group: EDIT,
    when: { routes: DIAGRAMS, test: () => (shownDiagram.value?.layout.nodes.size ?? 0) > 0 },
    run: () => exportDiagram("png"),
  }),

  // --- the process flow chart -------------------------------------------------------------------
  selectCommand(FLOW, "flow", "up", "arrowup,arrowleft"),
  selectCommand(FLOW, "flow", "down", "arrowdown,arrowright"),
  defineCommand({
    id: "fmea.flow.addStep",
    titleKey: "fmeadiagram:commands.flow.addStep",
    keywords: ["process step", "operation"],
    shortcut: "p",
    group: EDIT,
    when: on(FLOW, () => flowItem.value !== null),
    run: () => addStep(flowItem.value as string, false),
  }),
  defineCommand({
    id: "fmea.flow.addInspection",
    titleKey: "fmeadiagram:commands.flow.addInspection",
    keywords: ["inspection", "check", "station"],
    shortcut: "i",
    group: EDIT,
    when: on(FLOW, () => flowItem.value !== null),
    run: () => addStep(flowItem.value as string, true),
  }),
  defineCommand({
    id: "fmea.flow.addCharacteristic",
    titleKey: "fmeadiagram:commands.flow.addCharacteristic",
    keywords: ["product characteristic"],
    shortcut: "k",
    group: EDIT,
    when: on(FLOW, () => isProcessStep(element())),
    run: () => {
      const step = selected.value.left;
      perform("addProductCharacteristic", {}, "left");
      // The new characteristic is named in the name field; the step stays selected in the chart.
      if (step) selected.value = { left: step, right: selected.value.right };
    },
  }),
  ...PFD_SYMBOLS.map((symbol, i) =>
    defineCommand({
      id: `fmea.flow.symbol.${symbol}`,
      titleKey: `fmeadiagram:commands.flow.symbol.${symbol}`,
      keywords: ["PFD", "symbol", "icon", symbol],
      shortcut: String(i + 1),
      group: EDIT,
      when: on(FLOW, () => isProcessStep(element())),
      run: () => setFlow({ symbol }),
    }),
  ),
  defineCommand({
    id: "fmea.flow.branch",
    titleKey: "fmeadiagram:commands.flow.branch",
    keywords: ["parallel", "alternative"],
    shortcut: "b",
    group: EDIT,
    when: on(FLOW, () => isProcessStep(element())),
    run: () => toggleBranch(),
  }),
  defineCommand({
    id: "fmea.flow.markRework",
    titleKey: "fmeadiagram:commands.flow.markRework",
    keywords: ["rework", "loop", "target"],
    shortcut: "m",
    group: EDIT,
    when: on(FLOW, () => isProcessStep(element())),
    run: () => markReworkTarget(),
  }),
  defineCommand({
    id: "fmea.flow.rework",
    titleKey: "fmeadiagram:commands.flow.rework",
    keywords: ["rework", "loop"],
    shortcut: "w",
    group: EDIT,
    when: on(FLOW, () => isProcessStep(element()) && reworkMark.value !== null),
    run: () => reworkToMark(),
  }),
  defineCommand({
    id: "fmea.flow.clearRework",
    titleKey: "fmeadiagram:commands.flow.clearRework",
    keywords: ["rework", "loop", "remove"],
    shortcut: "shift+w",
    group: EDIT,
    when: on(
      FLOW,
      () =>
        typeof element()?.attrs.PFDicon?.reworkTo === "string" && element()?.attrs.PFDicon?.reworkTo !== "",
    ),
    run: () => setFlow({ reworkTo: null }),
  }),
  defineCommand({
    id: "fmea.flow.moveUp",
    titleKey: "fmeadiagram:commands.flow.moveUp",
    shortcut: "alt+arrowup",
    group: EDIT,
    when: on(FLOW, () => isProcessStep(element()) && offers("moveUp", selected.value.left)),
    run: () => act("moveUp", selected.value.left),
  }),
  defineCommand({
    id: "fmea.flow.moveDown",
    titleKey: "fmeadiagram:commands.flow.moveDown",
    shortcut: "alt+arrowdown",
    group: EDIT,
    when: on(FLOW, () => isProcessStep(element()) && offers("moveDown", selected.value.left)),
    run: () => act("moveDown", selected.value.left),
  }),
  defineCommand({
    id: "fmea.flow.delete",
    titleKey: "fmeadiagram:commands.flow.delete",
    keywords: ["remove"],
    shortcut: "delete",
    group: EDIT,
    when: on(FLOW, () => isProcessStep(element())),
    run: () => deleteItem(selected.value.left),
  }),
  defineCommand({
    id: "fmea.flow.attributes",
    titleKey: "fmeadiagram:commands.flow.attributes",
    keywords: ["attr", "PFDicon", "properties"],
    shortcut: "alt+enter",
    group: EDIT,
    when: on(FLOW, () => isProcessStep(element())),
    run: () => openAttributes(),
  }),
  defineCommand({
    id: "fmea.flow.rename",
    titleKey: "fmea:commands.rename",
    keywords: ["name"],
    shortcut: "enter",
    group: EDIT,
    when: on(FLOW, () => isProcessStep(element())),
    run: () => {
      renaming.value = selected.value.left;
    },
  }),

  defineCommand({
    id: "fmea.openFlow",
    titleKey: "fmeadiagram:commands.openFlow",
    keywords: ["process flow chart", "PFD", "flow process"],
    group: "fmea:groups.edit",
    when: {
      routes: [PATHS.processFmeaTree],
      test: () => processItemOf(selected.value.left) !== null && openFmea.value !== null,
    },
    run: () =>
      navigate(
        `${PATHS.flowProcess}?fmeaId=${openFmea.value?.id}&structureId=${processItemOf(selected.value.left)}`,
      ),
  }),

  // --- the fault tree of a failure effect ---------------------------------------------------------
  defineCommand({
    id: "fmea.faultTree",
    titleKey: "fmeadiagram:commands.faultTree",
    keywords: ["FTA", "eFTA", "fault tree", "failure net", "effect"],
    shortcut: "alt+t",
    group: "fmea:groups.edit",
    when: {
      routes: TREES,
      test: () => {
        const id = selected.value.right;
        return pane.value === "right" && id !== null && isFailureEffect(doc.value, id);
      },
    },
    run: () => {
      faultTreeOf.value = selected.value.right;
    },
  }),

  // --- risk events against the FMEA's failures --------------------------------------------------------
  defineCommand({
    id: "fmea.riskEvents",
    titleKey: "fmea:commands.riskEvents",
    keywords: ["risk event", "lessons learned", "field return", "complaint", "dictionary"],
    group: "fmea:groups.edit",
    when: { routes: TREES, test: () => openFmea.value !== null },
    run: () => {
      ensureRiskEvents();
      showRiskEvents.value = true;
    },
  }),
];
