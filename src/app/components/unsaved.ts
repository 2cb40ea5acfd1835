// What every editor does about unsaved work (issue 15): the browser asks before a reload or a closed tab
// drops it, and a draft kept in this browser (state/drafts.ts) is offered back when the user returns.
import { effect } from "@preact/signals-react";
import { useEffect, useRef } from "react";
import { formatDateTime } from "../format.ts";
import { i18n } from "../i18n.ts";
import { type Draft, type DraftKeeper, readDraft, registerKeeper, removeDraft } from "../state/drafts.ts";
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

/**
 * An editor whose state lives in signals (a sheet with settings): keeps its draft while `watch` says it is
 * unsaved, under the key and name `watch` gives (read again whenever a signal it reads changes), writes what
 * is pending when the editor leaves the front, and warns before leaving it unsaved. `source` is the state
 * object `watch` and `draftOf` read (the effect starts again on another one).
 */
export function useSignalDraft<T>(
  keeper: DraftKeeper<T>,
  source: unknown,
  watch: () => { key: string; name: string; dirty: boolean },
  draftOf: () => T,
  dirty: boolean,
): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: watch and draftOf read `source`, which is a dependency
  useEffect(() => {
    const unregister = registerKeeper(keeper);
    const stop = effect(() => {
      const now = watch();
      if (now.dirty) keeper.keep(now.key, now.name, draftOf);
      else void keeper.clear();
    });
    return () => {
      stop();
      unregister();
      // Another editor comes to the front, or this one closes: what is pending is written now.
      void keeper.flush();
    };
  }, [keeper, source]);
  useLeaveWarning(dirty);
}

/**
 * A form editor compared with what it opened with (`baseline`, null while it is still opening): keeps the
 * draft while `unsaved`, offers a kept one once the editor has opened (after its stored document has loaded,
 * so that does not overwrite the restored text), warns before leaving. Returns whether it is unsaved.
 */
export function useFormDraft<T extends { name: string }>(
  keeper: DraftKeeper<T>,
  key: string,
  current: T,
  baseline: T | null,
  title: string,
  restore: (draft: T) => void,
  unsaved: (baseline: T | null, current: T) => boolean,
): boolean {
  const ready = baseline !== null;
  const dirty = unsaved(baseline, current);
  const dirtyNow = useRef(dirty);
  dirtyNow.current = dirty;
  const restoreNow = useRef(restore);
  restoreNow.current = restore;

  useEffect(() => {
    if (!ready || dirtyNow.current) return;
    let live = true;
    void offerDraft<T>(key).then((draft) => {
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
      // The editor is hidden or closed: what is pending is written now.
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
