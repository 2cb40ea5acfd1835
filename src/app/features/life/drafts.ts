// The life-data sheet's local draft (state/drafts.ts): while a set has unsaved changes its sheet, name,
// description and settings are kept in this browser, and offered back when the set is opened again (or a
// new sheet started) after a reload or a closed tab. The sheet goes in as its typed columns (structured
// clone, no JSON), copied at most once per DRAFT_DELAY_MS and only when the main thread is idle, and written
// by the drafts worker, so typing into 400,000 rows does not wait on it.
import { effect } from "@preact/signals-react";
import { useEffect } from "react";
import type { SheetData } from "../../components/spreadsheet/store.ts";
import { offerDraft, useLeaveWarning } from "../../components/unsaved.ts";
import { columnBuffers } from "../../state/draft-store.ts";
import { DraftKeeper, draftKey, registerKeeper } from "../../state/drafts.ts";
import { type LifeSet, type LifeSettings, settingsFrom } from "./model.ts";

export interface LifeDraft {
  name: string;
  description: string;
  settings: LifeSettings;
  sheet: SheetData;
}

export const DRAFT_DELAY_MS = 2000;

// The snapshot's columns are fresh copies: they are moved to the drafts worker, which writes them.
const keeper = new DraftKeeper<LifeDraft>("life", DRAFT_DELAY_MS, Date.now, (draft) =>
  columnBuffers(draft.sheet.values),
);

/** What a draft keeps of a set. */
export function lifeDraftOf(set: LifeSet): LifeDraft {
  return {
    name: set.name.value,
    description: set.description.value,
    settings: { ...set.settings.value },
    sheet: set.store.snapshot(),
  };
}

/** Puts a draft into the set: the sheet as one undoable replacement, so the set shows as unsaved. */
export function applyLifeDraft(set: LifeSet, draft: LifeDraft): void {
  set.name.value = draft.name;
  set.description.value = draft.description;
  set.settings.value = settingsFrom(draft.settings);
  set.store.replace(draft.sheet, "draft");
  set.metaDirty.value = true;
}

/** The life-data page's part: keep the draft of the set in front, offer a kept one, warn before leaving. */
export function useLifeDraft(set: LifeSet): void {
  useEffect(() => {
    let live = true;
    if (!set.dirty)
      void offerDraft<LifeDraft>(draftKey("life", set.id)).then((draft) => {
        if (draft && live && !set.dirty) applyLifeDraft(set, draft.data);
      });
    const unregister = registerKeeper(keeper);
    const stop = effect(() => {
      // Read what makes a set unsaved, so the effect runs again on each change.
      void set.sheetRevision.value;
      void set.name.value;
      void set.description.value;
      void set.settings.value;
      if (set.dirty) keeper.keep(draftKey("life", set.id), set.name.peek(), () => lifeDraftOf(set));
      else void keeper.clear();
    });
    return () => {
      live = false;
      stop();
      unregister();
      // Another set comes to the front: what is pending for this one is written now.
      void keeper.flush();
    };
  }, [set]);
  useLeaveWarning(set.dirty);
}
