// What every editor does about unsaved work (issue 15): the browser asks before a reload or a closed tab
// drops it, and a draft kept in this browser (state/drafts.ts) is offered back when the user returns.
import { useEffect } from "react";
import { formatDateTime } from "../format.ts";
import { i18n } from "../i18n.ts";
import { type Draft, readDraft, removeDraft } from "../state/drafts.ts";
import { confirmDialog } from "./confirm.tsx";
import { message } from "./message.ts";

/** While `unsaved`, leaving the page (reload, closing the tab, typing another address) asks first. */
export function useLeaveWarning(unsaved: boolean): void {
  useEffect(() => {
    if (!unsaved) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [unsaved]);
}

/**
 * The draft kept under `key`, when there is one and the user wants it back (the question is asked once).
 * The caller puts the data into its editor, which then shows it as unsaved.
 */
export async function offerDraft<T>(key: string): Promise<Draft<T> | null> {
  const draft = await readDraft<T>(key);
  if (!draft) return null;
  const restore = await confirmDialog({
    title: i18n.t("common:draft.title"),
    message: i18n.t("common:draft.message", { name: draft.name, time: formatDateTime(draft.savedAt) }),
    confirmLabel: i18n.t("common:draft.restore"),
    cancelLabel: i18n.t("common:draft.discard"),
    // Enter keeps the work; throwing it away takes a deliberate move to the other button.
    focus: "confirm",
  });
  // Either way this draft has been dealt with: restored work is unsaved on screen again, and its editor's
  // keeper writes it afresh (a save before then must not leave this copy behind to be offered again).
  await removeDraft(key);
  if (!restore) return null;
  message.success(i18n.t("common:draft.restored", { name: draft.name }));
  return draft;
}
