// The test-design pages' local drafts (state/drafts.ts): while a page's form differs from what it opened
// with (the page's examples, or the stored plan of ?id=), its typed text and plan name are kept in this
// browser, one draft per page and per stored plan, offered back when the page is opened again after a
// reload or a closed tab, and dropped once the plan is saved. The form is a few strings, so it is copied
// whole (structured clone) at most once a second.
import { useMemo } from "react";
import type { PlannerPage } from "../../../shared/testdesign.ts";
import { useFormDraft } from "../../components/unsaved.ts";
import { DraftKeeper, draftKey } from "../../state/drafts.ts";
import type { TestForm } from "./form.ts";

export interface TestDesignDraft {
  name: string;
  form: TestForm;
}

/** One draft per page and stored plan: `user:testdesign:paramBino:12`, `...:paramBino:new`. */
export function testDesignDraftKey(page: PlannerPage, id: number | string | null | undefined): string {
  return draftKey("testdesign", `${page}:${id ?? "new"}`);
}

// Blank text and a missing field mean the same (a field typed into and cleared again is not a change), and
// the order fields were first typed in does not matter.
function canonical(x: unknown): unknown {
  if (x === null || typeof x !== "object") return x;
  return Object.fromEntries(
    Object.entries(x)
      .filter(([, v]) => v !== undefined && v !== "")
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, v]) => [k, canonical(v)]),
  );
}

/** Whether `current` holds anything the page did not open with (`baseline` null: still opening). */
export function isUnsaved(baseline: TestDesignDraft | null, current: TestDesignDraft): boolean {
  if (baseline === null) return false;
  return JSON.stringify(canonical(baseline)) !== JSON.stringify(canonical(current));
}

/**
 * The page's part: keep the draft while the form is unsaved, offer a kept one once the page has opened
 * (after its stored plan has loaded, so the plan does not overwrite the restored text), warn before
 * leaving. Returns whether the page is unsaved.
 */
export function useTestDesignDraft(
  key: string,
  current: TestDesignDraft,
  baseline: TestDesignDraft | null,
  title: string,
  restore: (draft: TestDesignDraft) => void,
): boolean {
  // Each page has its own keeper: visited pages stay mounted, each with its own unsaved form.
  const keeper = useMemo(() => new DraftKeeper<TestDesignDraft>("testdesign"), []);
  return useFormDraft(keeper, key, current, baseline, title, restore, isUnsaved);
}
