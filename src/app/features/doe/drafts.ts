import type { SheetData } from "../../components/spreadsheet/store.ts";
import { offerDraft, useSignalDraft } from "../../components/unsaved.ts";
import { i18n } from "../../i18n.ts";
import { DraftKeeper, draftKey } from "../../state/drafts.ts";
import type { ToolState } from "./state.ts";
import { DEFAULT_SETTINGS, type DoeSettings, type DoeTool } from "./tools.ts";

export interface DoeDraft {
  name: string;
  settings: DoeSettings;
  sheet: SheetData;
}

export const DRAFT_DELAY_MS = 1000;

// One keeper per tool: each tool's worksheet stays in memory while another is in front, unsaved or not.
const keepers = new Map<DoeTool, DraftKeeper<DoeDraft>>();
function keeperOf(tool: DoeTool): DraftKeeper<DoeDraft> {
  let k = keepers.get(tool);
  if (!k) {
    k = new DraftKeeper<DoeDraft>("doe", DRAFT_DELAY_MS);
    keepers.set(tool, k);
  }
  return k;
}

/** The draft key of a tool's worksheet: stored ones by id, an unsaved one as the tool's "new". */
export function doeDraftKey(tool: DoeTool, id: number | null | undefined): string {
  return draftKey("doe", `${tool}:${id ?? "new"}`);
}

export function doeDraftOf(state: ToolState): DoeDraft {
  return {
    name: state.name.value,
    settings: { ...state.settings.value, factors: state.settings.value.factors.map((f) => ({ ...f })) },
    sheet: state.store.snapshot(),
  };
}

/** Puts a draft into the tool: the sheet as one undoable replacement; the worksheet shows as unsaved. */
export function applyDoeDraft(state: ToolState, draft: DoeDraft): void {
  state.name.value = draft.name;
  // A draft from an older build may lack a setting added since: the default fills it.
  state.settings.value = { ...DEFAULT_SETTINGS, ...draft.settings };
  state.store.replace(draft.sheet, "draft");
  state.dirty.value = true;
  if (state.outcome.value) state.stale.value = true;
}

/** Offers the draft kept for the worksheet now open, unless it already has unsaved changes on screen. */
export async function offerDoeDraft(state: ToolState): Promise<void> {
  if (state.dirty.value) return;
  const draft = await offerDraft<DoeDraft>(doeDraftKey(state.tool, state.stored.value?.id));
  if (draft && !state.dirty.value) applyDoeDraft(state, draft.data);
}

/** The tool page's part: keep the draft of the worksheet in front, warn before leaving it unsaved. */
export function useDoeDraft(state: ToolState): void {
  useSignalDraft(
    keeperOf(state.tool),
    state,
    () => {
      // Read what makes a worksheet unsaved, so the effect runs again on each change.
      void state.revision.value;
      void state.settings.value;
      void state.name.value;
      return {
        key: doeDraftKey(state.tool, state.stored.value?.id),
        // The question names the worksheet as its page does: its name, else the tool's.
        name: state.name.peek() || i18n.t(`commands:doe.tools.${state.tool}`),
        dirty: state.dirty.value,
      };
    },
    () => doeDraftOf(state),
    state.dirty.value,
  );
}
