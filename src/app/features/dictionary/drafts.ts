// The dictionary screen's local draft (state/drafts.ts): while the open dictionary's rows, name or description
// are unsaved they are kept in this browser, one draft per dictionary, and offered back when that dictionary is
// opened again after a reload or a closed tab. A save drops it; leaving the page unsaved asks first.
import { effect } from "@preact/signals-react";
import { useEffect } from "react";
import type { SheetData } from "../../components/spreadsheet/store.ts";
import { offerDraft, useLeaveWarning } from "../../components/unsaved.ts";
import { DraftKeeper, draftKey, registerKeeper } from "../../state/drafts.ts";
import { current, isDirty, type OpenDictionary, sheetRevision } from "./actions.ts";

export interface DictionaryDraft {
  name: string;
  description: string;
  sheet: SheetData;
}

const keeper = new DraftKeeper<DictionaryDraft>("dictionary", 1000);

export function dictionaryDraftKey(id: number): string {
  return draftKey("dictionary", id);
}

/** Offers the draft kept for `doc` (just opened, nothing changed yet); restored, it is one undoable change. */
export async function offerDictionaryDraft(doc: OpenDictionary): Promise<void> {
  const draft = await offerDraft<DictionaryDraft>(dictionaryDraftKey(doc.id));
  const now = current.value;
  if (!draft || now?.id !== doc.id || isDirty(now)) return;
  now.sheet.replace(draft.data.sheet, "draft");
  current.value = { ...now, name: draft.data.name, description: draft.data.description, savedRevision: -1 };
  sheetRevision.value++;
}

/** The screen's part: keep the open dictionary's draft while it is unsaved, warn before leaving it. */
export function useDictionaryDraft(): void {
  useEffect(() => {
    const unregister = registerKeeper(keeper);
    const stop = effect(() => {
      void sheetRevision.value;
      const doc = current.value;
      if (doc && isDirty(doc))
        keeper.keep(dictionaryDraftKey(doc.id), doc.name, () => ({
          name: doc.name,
          description: doc.description,
          sheet: doc.sheet.snapshot(),
        }));
      else void keeper.clear();
    });
    return () => {
      stop();
      unregister();
      void keeper.flush();
    };
  }, []);
  useLeaveWarning(isDirty(current.value));
}
