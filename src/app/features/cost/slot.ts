// The cost page's actions for its commands (commands/cost.ts): filled while the page is shown.
import type { CostView } from "../../../kernels/cost.ts";
import { screenSlot } from "../../commands/screen-actions.ts";

export interface CostActions {
  save(): Promise<void>;
  showView(view: CostView): void;
  toggleBest(): void;
  pickWeibullSet(): void;
  /** Takes the optimum as the chosen interval of the view shown. */
  chooseOptimum(): void;
  hasOptimum: boolean;
}

export const costSlot = screenSlot<CostActions>();
