// The cost page's local draft (state/drafts.ts, area "cost"): while the form differs from what the page
// opened with (its example, or the stored analysis of ?wbId=), the typed text and name are kept in this
// browser, offered back when the page is opened again after a reload or a closed tab, dropped once saved.
import { useMemo } from "react";
import { useFormDraft } from "../../components/unsaved.ts";
import { DraftKeeper, draftKey } from "../../state/drafts.ts";
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
  return useFormDraft(keeper, key, current, baseline, title, restore, isUnsaved);
}
