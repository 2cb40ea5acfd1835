// The eFTA editor's implementation of the commands (bridge.ts): the screen registers it while mounted. No
// React here, so the command wiring is tested without rendering the screen.
import i18n from "i18next";
import { message } from "../../components/message.ts";
import { canRedo, canUndo } from "../../state/history.ts";
import * as actions from "./actions.ts";
import { analyze, cancelAnalysis, showResults } from "./analysis.ts";
import type { FtaEditorApi } from "./bridge.ts";
import * as files from "./files.ts";
import { cutSetGrid } from "./results-grid.ts";
import {
  analysis,
  canvas,
  clipboard,
  currentResult,
  history,
  model,
  resultsOpen,
  selected,
  view,
} from "./store.ts";

/** Fields of the attribute panel apply when they lose focus: do that before saving or analysing. */
function applyPendingField(): void {
  const active = document.activeElement as HTMLElement | null;
  if (active?.closest(".fta-attributes, .fta-strip")) active.blur();
}

const t = (key: string, params?: Record<string, unknown>) => i18n.t(key, params) as string;

export const editorApi: FtaEditorApi = {
  status: () => {
    const id = selected.value;
    const node = id ? view.value.nodes.get(id) : undefined;
    return {
      kind: node?.kind ?? null,
      isRoot: node ? node.parent === null : false,
      isTransferRoot: node?.transferRoot === true,
      treeEmpty: model.value.gates.length === 0,
      canUndo: canUndo(history.value),
      canRedo: canRedo(history.value),
      clipboard: clipboard.value?.mode ?? null,
      analysing: analysis.value.status === "running",
      hasResult: currentResult.value !== null,
    };
  },
  navigate: actions.navigate,
  addGate: actions.addGateAction,
  addEvent: actions.addEventAction,
  setGateType: actions.setGateType,
  cycleGateType: actions.cycleGateType,
  toEvent: actions.toEvent,
  toGate: actions.toGate,
  toTransfer: actions.toTransfer,
  fromTransfer: actions.fromTransfer,
  copy: actions.copy,
  cut: actions.cut,
  paste: actions.paste,
  pasteReference: actions.pasteReference,
  remove: actions.remove,
  undo: actions.undo,
  redo: actions.redo,
  moveInput: actions.moveInput,
  editAttributes: actions.editAttributes,
  focusTree: () => canvas.handle?.focus(),
  zoomIn: () => canvas.handle?.zoomIn(),
  zoomOut: () => canvas.handle?.zoomOut(),
  zoomReset: () => canvas.handle?.zoomTo(1),
  fit: () => canvas.handle?.fit(),
  analyze: () => {
    applyPendingField();
    void analyze();
  },
  cancelAnalysis,
  showResults,
  toggleResults: () => {
    resultsOpen.value = !resultsOpen.value;
  },
  exportCutSets: () => {
    if (!currentResult.value) {
      message.warning(t("fta:messages.analyzeFirst"));
      return;
    }
    showResults("cutSets");
    // The grid mounts with the tab; give it a frame.
    requestAnimationFrame(() => {
      void cutSetGrid.current?.exportXlsx(`${files.documentName()} cut sets`, t("fta:analysis.sheetCutSets"));
    });
  },
  newTree: files.newTree,
  open: () => {
    files.openDialog.value = true;
  },
  save: async () => {
    applyPendingField();
    await files.save();
  },
  saveAs: () => {
    applyPendingField();
    files.saveDialog.value = { mode: "saveAs" };
  },
  importFile: files.chooseFile,
  exportMef: () => void files.exportMef(),
  exportXlsx: () => void files.exportXlsx(),
  exportJson: files.exportJson,
};
