// What the registry (commands/drawing.ts) knows of the drawing tool and the life-data list: each page fills its
// slot while shown. No page code is imported here, so the commands stay in the shell's small bundle.
import type { PaperDistribution } from "../../../kernels/life.ts";
import { LIFE_PAPER_DISTRIBUTIONS } from "../../../shared/constants.ts";
import { screenSlot } from "../../commands/screen-actions.ts";

/** The papers offered: every distribution with a straight-line paper. */
export const DRAWING_DISTRIBUTIONS: readonly PaperDistribution[] = LIFE_PAPER_DISTRIBUTIONS;

export interface DrawingActions {
  running: boolean;
  distribution: string;
  method: string;
  /** A stored Weibull set is picked in the page's list of sets. */
  canLoad: boolean;
  hasLine: boolean;
  fit(): void;
  setDistribution(distribution: string): void;
  setMethod(method: "rrx" | "rry"): void;
  loadPicked(): void;
  clear(): void;
  focusSheet(): void;
}

export const drawingSlot = screenSlot<DrawingActions>();

export interface LifeListActions {
  sortKey: string;
  descending: boolean;
  sortBy(key: string): void;
  refresh(): void;
}

export const lifeListSlot = screenSlot<LifeListActions>();
