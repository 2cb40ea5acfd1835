// What the growth screens hand to their commands (src/app/commands/growth.ts): the list's and the editor's
// actions, read from slots filled while a screen is shown. No React and no kernels here, so the shell's
// command bundle stays small.
import type { GrowthItemStatus, GrowthKind } from "../../../shared/growth.ts";
import { screenSlot } from "../../commands/screen-actions.ts";

export interface GrowthListActions {
  kind: GrowthKind;
  newItem(): void;
}

export interface GrowthEditorActions {
  kind: GrowthKind;
  status: GrowthItemStatus;
  stored: boolean;
  editable: boolean;
  /** The signed-in user may approve or reject (project manager or administrator). */
  approver: boolean;
  author: boolean;
  canUndo: boolean;
  canRedo: boolean;
  busy: boolean;
  save(): unknown;
  submitRelease(): unknown;
  submitAbandon(): unknown;
  approve(): unknown;
  reject(): unknown;
  addPhase(): unknown;
  addFailure(): unknown;
  importFailures(): unknown;
  fit(): unknown;
  /** A stored draft: make a growth plan from it. */
  toPlan(): unknown;
  cancel(): unknown;
  undo(): unknown;
  redo(): unknown;
}

export const growthListSlot = screenSlot<GrowthListActions>();
export const growthEditorSlot = screenSlot<GrowthEditorActions>();
