import type { SheetData } from "../../components/spreadsheet/store.ts";
import { offerDraft, useSignalDraft } from "../../components/unsaved.ts";
import { DraftKeeper, draftKey } from "../../state/drafts.ts";
import { DEFAULT_SETTINGS, type DegradationSettings, degradationState as st } from "./state.ts";

export interface DegradationDraft {
  name: string;
  settings: DegradationSettings;
  sheet: SheetData;
}

export const DRAFT_DELAY_MS = 1000;
const keeper = new DraftKeeper<DegradationDraft>("degradation", DRAFT_DELAY_MS);

export const degradationDraftKey = (id: number | null | undefined) => draftKey("degradation", id);

export function degradationDraftOf(): DegradationDraft {
  return { name: st.name.value, settings: { ...st.settings.value }, sheet: st.store.snapshot() };
}

/** Puts a draft into the screen: the sheet as one undoable replacement; the analysis shows as unsaved. */
export function applyDegradationDraft(draft: DegradationDraft): void {
  st.name.value = draft.name;
  st.settings.value = { ...DEFAULT_SETTINGS, ...draft.settings };
  st.store.replace(draft.sheet, "draft");
  st.dirty.value = true;
  if (st.result.value) st.stale.value = true;
}

/** Offers the draft kept for the analysis now open, unless it already has unsaved changes on screen. */
export async function offerDegradationDraft(): Promise<void> {
  if (st.dirty.value) return;
  const draft = await offerDraft<DegradationDraft>(degradationDraftKey(st.stored.value?.id));
  if (draft && !st.dirty.value) applyDegradationDraft(draft.data);
}

/** The page's part: keep the draft of the analysis in front, warn before leaving it unsaved. */
export function useDegradationDraft(): void {
  useSignalDraft(
    keeper,
    st,
    () => {
      void st.revision.value;
      void st.settings.value;
      void st.name.value;
      return {
        key: degradationDraftKey(st.stored.value?.id),
        name: st.name.peek() || "degradation",
        dirty: st.dirty.value,
      };
    },
    degradationDraftOf,
    st.dirty.value,
  );
}
