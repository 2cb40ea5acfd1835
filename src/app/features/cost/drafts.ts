// The cost page's local draft (state/drafts.ts, area "cost"): while the form differs from what the page
// opened with (its example, or the stored analysis of ?wbId=), the typed text and name are kept in this
// browser, offered back when the page is opened again after a reload or a closed tab, dropped once saved.
import { useEffect, useMemo, useRef } from "react";
import { offerDraft, useLeaveWarning } from "../../components/unsaved.ts";
import { DraftKeeper, draftKey, registerKeeper } from "../../state/drafts.ts";
import type { CostForm } from "./form.ts";

export interface CostDraft {
  name: string;
  form: CostForm;
}

/** One draft per stored analysis: `user:cost:12`, `user:cost:new`. */
export function costDraftKey(id: number | string | null | undefined): string {
  return draftKey("cost", id ?? "new");
}

export function isUnsaved(baseline: CostDraft | null, current: CostDraft): boolean {
  return baseline !== null && JSON.stringify(baseline) !== JSON.stringify(current);
}

/** Keep the draft while unsaved, offer a kept one once the page has opened, warn before leaving. */
export function useCostDraft(
  key: string,
  current: CostDraft,
  baseline: CostDraft | null,
  title: string,
  restore: (draft: CostDraft) => void,
): boolean {
  const keeper = useMemo(() => new DraftKeeper<CostDraft>("cost"), []);
  const ready = baseline !== null;
  const dirty = isUnsaved(baseline, current);
  const dirtyNow = useRef(dirty);
  dirtyNow.current = dirty;
  const restoreNow = useRef(restore);
  restoreNow.current = restore;

  useEffect(() => {
    if (!ready || dirtyNow.current) return;
    let live = true;
    void offerDraft<CostDraft>(key).then((draft) => {
      if (draft && live && !dirtyNow.current) restoreNow.current(draft.data);
    });
    return () => {
      live = false;
    };
  }, [key, ready]);

  useEffect(() => {
    const unregister = registerKeeper(keeper);
    return () => {
      unregister();
      void keeper.flush();
    };
  }, [keeper]);

  useEffect(() => {
    if (!ready) return;
    if (dirty) keeper.keep(key, current.name.trim() || title, () => current);
    else void keeper.clear();
  }, [keeper, key, ready, dirty, current, title]);

  useLeaveWarning(dirty);
  return dirty;
}
