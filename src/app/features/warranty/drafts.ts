import type { WarrantySettings } from "../../../shared/schemas/warranty.ts";
import { offerDraft, useSignalDraft } from "../../components/unsaved.ts";
import { i18n } from "../../i18n.ts";
import { DraftKeeper, draftKey } from "../../state/drafts.ts";
import type { SheetChart } from "./sheet.ts";
import { DEFAULT_SETTINGS, type WarrantyState } from "./state.ts";

export interface WarrantyDraft {
  name: string;
  settings: WarrantySettings;
  futureSales: number[];
  chart: SheetChart;
}

export const DRAFT_DELAY_MS = 1000;
const keeper = new DraftKeeper<WarrantyDraft>("warranty", DRAFT_DELAY_MS);

export function warrantyDraftKey(id: number | null | undefined): string {
  return draftKey("warranty", String(id ?? "new"));
}

export function warrantyDraftOf(state: WarrantyState): WarrantyDraft {
  return {
    name: state.name.value,
    settings: { ...state.settings.value },
    futureSales: [...state.futureSales.value],
    chart: state.chart(),
  };
}

/** Puts a draft on screen: the sheet as one undoable replacement; the chart shows as unsaved. */
export function applyWarrantyDraft(state: WarrantyState, draft: WarrantyDraft): void {
  state.name.value = draft.name;
  // A draft from an older build may lack a setting added since: the default fills it.
  state.load(draft.chart, { ...DEFAULT_SETTINGS, ...draft.settings }, draft.futureSales, "draft");
  state.dirty.value = true;
}

/** Offers the draft kept for the chart now open, unless it already has unsaved changes on screen. */
export async function offerWarrantyDraft(state: WarrantyState): Promise<void> {
  if (state.dirty.value) return;
  const draft = await offerDraft<WarrantyDraft>(warrantyDraftKey(state.stored.value?.id));
  if (draft && !state.dirty.value) applyWarrantyDraft(state, draft.data);
}

/** The screen's part: keep the draft of the chart in front, warn before leaving it unsaved. */
export function useWarrantyDraft(state: WarrantyState): void {
  useSignalDraft(
    keeper,
    state,
    () => {
      void state.revision.value;
      return {
        key: warrantyDraftKey(state.stored.value?.id),
        name: state.name.peek() || i18n.t("routes:nevada"),
        dirty: state.dirty.value,
      };
    },
    () => warrantyDraftOf(state),
    state.dirty.value,
  );
}
