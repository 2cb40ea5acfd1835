// What the registry (commands/life-pages.ts) knows of the life-data pages other than the sheet: the analysis
// page, the plots, the distribution guide, the calculator and the multi-plot page each fill a slot while
// shown. No page code is imported here, so the commands stay in the shell's small bundle.
import { screenSlot } from "../../commands/screen-actions.ts";

export interface AnalysisPageActions {
  running: boolean;
  hasResults: boolean;
  stored: boolean;
  run(): void;
  cancel(): void;
  save(): void;
  exportResults(): void;
  backToSheet(): void;
  openGuide(): void;
  openCalculator(): void;
}

export interface PlotActions {
  kinds: readonly string[];
  kind: string;
  show(kind: string): void;
  /** Present while the likelihood-ratio contour can be computed and is not there yet. */
  computeContour?: () => void;
}

export interface GuideActions {
  /** The candidates in rank order (failed ones last); empty while the guide runs. */
  candidates: readonly string[];
  highlighted: string | null;
  highlight(distribution: string): void;
  criteria: readonly string[];
  criterion: string;
  setCriterion(criterion: string): void;
  useHighlighted(): void;
  exportXlsx(): void;
}

export interface CalculatorActions {
  calculate(): void;
  openAnalysis(): void;
}

export interface MultiPlotActions {
  /** Names of the user's saved multi-plots. */
  saved: readonly string[];
  newPlot(): void;
  open(name: string): void;
  remove(name: string): void;
}

/** The multi-plot dialog, on whichever page opened it. */
export interface MultiPlotDialogActions {
  /** Picked sets without stored results. */
  needFit: number;
  fitting: boolean;
  /** Fits each picked set without results with its saved settings and saves it. */
  fitPicked(): void;
  cancelFit(): void;
  /** Picks every set with results (refused, with the reason shown, past the multi-plot's limit). */
  selectAll(): void;
}

/** The life sheet's import dialog: reading a file (cancellable), then its report's two ways in. */
export interface ImportDialogActions {
  reading: boolean;
  /** Present when the report allows it (good rows exist; not waiting for a header's confirmation). */
  importGood?: () => void;
  /** Present when some rows were rejected and every row may still come in, bad cells marked. */
  importAll?: () => void;
  cancelReading(): void;
}

export const analysisPageSlot = screenSlot<AnalysisPageActions>();
export const plotSlot = screenSlot<PlotActions>();
export const guideSlot = screenSlot<GuideActions>();
export const calculatorSlot = screenSlot<CalculatorActions>();
export const multiPlotSlot = screenSlot<MultiPlotActions>();
export const multiPlotDialogSlot = screenSlot<MultiPlotDialogActions>();
export const importDialogSlot = screenSlot<ImportDialogActions>();
