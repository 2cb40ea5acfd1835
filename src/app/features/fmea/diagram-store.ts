// The diagrams' state on top of the structure screen's store (store.ts): the same document, the same
// selection (a structure element is the left pane's selection, an interface the right pane's, so every
// node action runs as it does in the tree), the same operation queue, undo and polling. Added here: the
// element marked as an interface's start, the step marked as a rework loop's target, the diagram shown
// (for export) and the fault tree dialog's state.
import { signal } from "@preact/signals-react";
import i18n from "i18next";
import {
  addFlowStep,
  addInterface,
  type InterfaceType,
  isProcessStep,
  type PfdSymbol,
  setFlowAttrs,
} from "../../../shared/fmea/diagrams.ts";
import {
  DEFAULT_OCCURRENCE_PROBABILITIES,
  faultTreeOfEffect,
  type OccurrenceTable,
  occurrenceTableProblem,
} from "../../../shared/fmea/fault-tree.ts";
import { ownerStructure } from "../../../shared/fmea/tree.ts";
import { ftaStore } from "../../api/fta.ts";
import { ApiError } from "../../api/http.ts";
import type { GraphViewportHandle } from "../../components/graph/GraphViewport.tsx";
import type { GraphLayout, NodeBox } from "../../components/graph/types.ts";
import { message } from "../../components/message.ts";
import { downloadBlob, safeFileName } from "../../components/spreadsheet/client.ts";
import { navigate } from "../../router/navigation.ts";
import { PATHS } from "../../routes.ts";
import { toStoredBody } from "../fta/storage.ts";
import { diagramSvg, pngOfSvg } from "./diagram-draw.ts";
import { commit, doc, newId, pane, renaming, selected, selectNode, warn } from "./store.ts";

/** The structure element an interface starts from (spec: pick two elements, then the type). */
export const interfaceMark = signal<string | null>(null);
/** The earlier step a rework loop goes back to. */
export const reworkMark = signal<string | null>(null);

/** The diagram's viewport on screen (zoom and fit commands). */
export const diagramViewport: { current: GraphViewportHandle | null } = { current: null };

/** The process item the flow chart shows (its steps are added to it). */
export const flowItem = signal<string | null>(null);

/** What the diagram on screen draws, for the export. */
export const shownDiagram = signal<{
  layout: GraphLayout;
  title: string;
  draw: (box: NodeBox) => string;
  arrows: boolean;
} | null>(null);

/** The selected diagram item: an interface (right pane) or a structure element (left pane). */
export function diagramSelection(): string | null {
  const right = selected.value.right;
  if (pane.value === "right" && right && doc.value.nodes.get(right)?.kind === "api") return right;
  return selected.value.left;
}

export function selectInDiagram(id: string): void {
  const node = doc.value.nodes.get(id);
  if (!node) return;
  if (node.kind === "api") selectNode("right", id, node.parentId ?? undefined);
  else selectNode("left", id);
}

export function markInterfaceStart(): void {
  const id = selected.value.left;
  if (id) interfaceMark.value = id;
}

export function connect(type: InterfaceType): void {
  const from = interfaceMark.value;
  const to = selected.value.left;
  if (!from || !to) return;
  const result = addInterface(doc.value, { newId }, from, to, type);
  if (!result.ok) {
    warn(result.problem);
    return;
  }
  if (commit(result.ops)) {
    interfaceMark.value = null;
    if (result.select) {
      selectInDiagram(result.select);
      renaming.value = result.select;
    }
  }
}

export function setFlow(set: { symbol?: PfdSymbol; branch?: boolean; reworkTo?: string | null }): void {
  const id = selected.value.left;
  if (!id) return;
  const result = setFlowAttrs(doc.value, id, set);
  if (!result.ok) {
    warn(result.problem);
    return;
  }
  commit(result.ops);
}

export function toggleBranch(): void {
  const node = doc.value.nodes.get(selected.value.left ?? "");
  if (!node) return;
  const now = node.attrs.PFDicon?.branch === true || node.attrs.PFDicon?.branch === "true";
  setFlow({ branch: !now });
}

export function markReworkTarget(): void {
  const id = selected.value.left;
  if (id && isProcessStep(doc.value.nodes.get(id))) reworkMark.value = id;
}

export function reworkToMark(): void {
  if (!reworkMark.value) return;
  setFlow({ reworkTo: reworkMark.value });
  reworkMark.value = null;
}

/** Adds a step (or an inspection) at the end of the flow of process item `itemId`, its name typed next. */
export function addStep(itemId: string, inspection: boolean): void {
  const result = addFlowStep(doc.value, { newId }, itemId, inspection);
  if (!result.ok) {
    warn(result.problem);
    return;
  }
  if (commit(result.ops) && result.select) {
    selectInDiagram(result.select);
    renaming.value = result.select;
  }
}

/** The process item a flow chart shows for a selected node: the item above a step, or the item itself. */
export function processItemOf(id: string | null): string | null {
  if (!id) return null;
  const node = ownerStructure(doc.value, id);
  if (!node) return null;
  if (node.elementType === "procItem") return node.id;
  const parent = node.parentId ? doc.value.nodes.get(node.parentId) : undefined;
  if (parent?.elementType === "procItem") return parent.id;
  return parent ? processItemOf(parent.id) : null;
}

export async function exportDiagram(kind: "svg" | "png"): Promise<void> {
  const shown = shownDiagram.value;
  if (!shown || shown.layout.nodes.size === 0) return;
  const svg = diagramSvg(shown.layout, shown.title, shown.draw, shown.arrows);
  const file = safeFileName(shown.title, kind);
  if (kind === "svg") downloadBlob(new Blob([svg], { type: "image/svg+xml;charset=utf-8" }), file);
  else downloadBlob(await pngOfSvg(svg, Math.ceil(shown.layout.width), Math.ceil(shown.layout.height)), file);
  message.success(i18n.t("fmeadiagram:diagram.exported", { file }));
}

// ---------------------------------------------------------------------------------------------------
// The fault tree of a failure effect

const TABLE_KEY = "relbench.fmea.occurrenceProbabilities";

function storedTable(): OccurrenceTable {
  try {
    const raw = JSON.parse(localStorage.getItem(TABLE_KEY) ?? "null");
    if (Array.isArray(raw) && occurrenceTableProblem(raw) === null) return raw as number[];
  } catch {
    // A damaged entry falls back to the default table.
  }
  return DEFAULT_OCCURRENCE_PROBABILITIES;
}

/** The occurrence rating to probability table (kept in this browser). */
export const occurrenceTable = signal<OccurrenceTable>(
  typeof localStorage === "undefined" ? DEFAULT_OCCURRENCE_PROBABILITIES : storedTable(),
);
/** The failure effect whose fault tree dialog is open. */
export const faultTreeOf = signal<string | null>(null);

export function saveOccurrenceTable(table: OccurrenceTable): void {
  occurrenceTable.value = table;
  localStorage.setItem(TABLE_KEY, JSON.stringify(table));
}

/** Builds the effect's fault tree, stores it as a new eFTA document and opens it in eFTA. */
export async function openFaultTree(effectId: string, table: OccurrenceTable): Promise<boolean> {
  const built = faultTreeOfEffect(doc.value, effectId, table);
  if (!built.ok) {
    warn(built.problem);
    return false;
  }
  const { model, unrated } = built.tree;
  const name = i18n.t("fmeadiagram:faultTree.documentName", { name: model.name });
  try {
    const meta = (await ftaStore.create({ name, body: toStoredBody({ ...model, name }) })).data;
    saveOccurrenceTable(table);
    faultTreeOf.value = null;
    if (unrated.length > 0)
      message.warning(i18n.t("fmeadiagram:faultTree.unrated", { count: unrated.length }));
    message.success(i18n.t("fmeadiagram:faultTree.created", { name }));
    navigate(`${PATHS.ftaEditor}?id=${meta.id}`);
    return true;
  } catch (error) {
    if (!(error instanceof ApiError && error.reported)) message.warning(String((error as Error).message));
    return false;
  }
}
