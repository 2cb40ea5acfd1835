// /alta/life: the ALT data sheet (the shared DataSheet: the life-data columns plus stress columns named by the
// user), xlsx/CSV import with per-line messages and export, the settings, the joint fit in the kernel worker with
// progress and cancel, its results and plots, saved through /api/alta (?id= opens a stored set). Every
// button runs a command of commands/alt.ts.
import { useSignals } from "@preact/signals-react/runtime";
import { useEffect, useMemo, useRef } from "react";
import { useTranslation } from "react-i18next";
import { runCommand } from "../../commands/run.ts";
import { useScreenActions } from "../../commands/screen-actions.ts";
import { confirmDialog } from "../../components/confirm.tsx";
import { DataSheet, type DataSheetHandle } from "../../components/grid/DataSheet.tsx";
import { Kbd } from "../../components/Kbd.tsx";
import { message } from "../../components/message.ts";
import { ScreenHeader } from "../../components/screen.tsx";
import { readTableFile } from "../../components/spreadsheet/client.ts";
import { navigate } from "../../router/navigation.ts";
import type { ScreenProps } from "../../router/types.ts";
import { PATHS, pathWithQuery } from "../../routes.ts";
import { AltResults } from "./AltResults.tsx";
import { AltSettingsFields, focusLifeLine } from "./AltSettingsFields.tsx";
import { altSlot } from "./actions.ts";
import { exportAltData, exportAltResults } from "./files.ts";
import { fitCurrent, MAX_ROWS, openStored, saveCurrent, sheetHeaders } from "./service.ts";
import { altState, altTable, DEFAULT_SETTINGS, hasUnsavedWork } from "./state.ts";
import "./alt.css";

/** Narrow columns, so the stress columns show beside the life data. */
const SHEET_WIDTHS = {
  quantity: 70,
  start: 80,
  end: 80,
  state: 64,
  group: 56,
  stress1: 96,
  stress2: 96,
  stress3: 96,
  stress4: 96,
};

export default function AltDataPage({ view }: ScreenProps) {
  useSignals();
  const { t } = useTranslation(["alt", "life", "grid", "messages", "common"]);
  const st = altState;
  st.revision.value;
  const s = st.settings.value;
  const fit = st.fit.value;
  const sheet = useRef<DataSheetHandle>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const id = Number(view.query.get("id") ?? Number.NaN);
  const fresh = view.query.get("new") !== null;

  // biome-ignore lint/correctness/useExhaustiveDependencies: ?new (the list's New) starts an empty sheet
  useEffect(() => {
    if (fresh) void newSet();
  }, [fresh]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: opens when the address names another set
  useEffect(() => {
    if (!Number.isInteger(id) || id <= 0) return;
    if (st.stored.value?.id === id) {
      // Open already, not fitted (its fit failed or was cancelled): fit it now.
      if (st.fit.value === null && st.running.value === null) void fitCurrent(t, focus);
      return;
    }
    let cancelled = false;
    openStored(id, t)
      // The results are computed again from the stored data (a fit of the same rows and settings), also when
      // the user has gone to another screen meanwhile (the fit command is the sheet's only): they wait here.
      .then((ok) => {
        if (ok && !cancelled) void fitCurrent(t, focus);
      })
      // A set that cannot be read is reported by the API client; the page stays as it was.
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [id]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the titles follow the stress names and count
  const headers = useMemo(() => sheetHeaders(t), [t, s.stressNames, s.relationship, s.transforms]);
  const focus = (row: number, col: number) => sheet.current?.focusCell(row, col);

  const save = async () => {
    const saved = await saveCurrent(t, focus);
    if (saved?.created) navigate(pathWithQuery(PATHS.altaLife, { id: saved.id }), { replace: true });
  };

  // Every row comes in, bad cells kept as typed and marked in the sheet; one undo step; each line's problem said.
  const importFile = async (file: File) => {
    try {
      const { report, data } = await readTableFile(file, altTable(s.stressNames), { maxRows: MAX_ROWS });
      // The worker's columns are fresh: the store takes them (no copy of either table on the main thread).
      st.store.replace(data, "import", true);
      st.importLines.value = report.issues.map((i) =>
        t("alt:importLine", { line: i.line, message: t(i.key, { ...(i.params ?? {}) }) }),
      );
      const params = { name: file.name, rows: report.rowsRead, rejected: report.rejected };
      if (report.rejected > 0) message.warning(t("alt:importedWithProblems", params));
      else message.success(t("alt:imported", params));
    } catch (error) {
      message.warning(t("alt:importFailed", { name: file.name, message: (error as Error).message }));
    }
  };

  const newSet = async () => {
    const discard =
      !hasUnsavedWork() ||
      (await confirmDialog({
        title: t("alt:discard.title"),
        message: t("alt:discard.message", { name: st.name.value || t("alt:untitled") }),
        tone: "danger",
      }));
    if (!discard) return navigate(PATHS.altaLife, { replace: true });
    st.store.reset({ rows: 0, values: {} });
    st.settings.value = DEFAULT_SETTINGS;
    st.fit.value = null;
    st.stored.value = null;
    st.name.value = "";
    st.importLines.value = [];
    navigate(PATHS.altaLife, { replace: true });
  };

  const stored = st.stored.value;
  useScreenActions(altSlot, {
    session: stored ? { altaId: stored.id, analysisName: st.name.value } : {},
    running: st.running.value !== null,
    hasResults: fit !== null,
    fit: () => void fitCurrent(t, focus),
    cancel: () => st.running.value?.abort(),
    exportResults: (format) => void exportAltResults(format, t),
    chooseLifeLine: focusLifeLine,
    // A refused save is shown by the API client.
    save: () => void save().catch(() => undefined),
    importFile: () => fileInput.current?.click(),
    exportData: (format) =>
      st.store.rows > 0 ? void exportAltData(format, t) : message.warning(t("messages:addDataPoint")),
    // The palette hands focus back as it closes: the cell takes it two frames later.
    focusSheet: () =>
      requestAnimationFrame(() => requestAnimationFrame(() => sheet.current?.focusCell(0, 2))),
    newSet: () => void newSet(),
  });

  const progress = st.progress.value;

  return (
    <div className="screen alt-data" data-testid="alt-data">
      <ScreenHeader
        view={view}
        actions={
          <>
            <button type="button" className="button" onClick={() => runCommand("alt.new")}>
              {t("alt:actions.new")}
            </button>
            <button type="button" className="button" onClick={() => runCommand("alt.import")}>
              {t("alt:actions.import")}
            </button>
            {st.running.value ? (
              <button type="button" className="button" onClick={() => runCommand("alt.cancel")}>
                {t("alt:actions.cancel")}
              </button>
            ) : (
              <button type="button" className="button button-primary" onClick={() => runCommand("alt.fit")}>
                {t("alt:actions.fit")} <Kbd shortcut="mod+enter" />
              </button>
            )}
            <button type="button" className="button" onClick={() => runCommand("alt.analysis")}>
              {t("alt:actions.analysis")}
            </button>
            <button type="button" className="button" onClick={() => runCommand("alt.save")}>
              {t("alt:actions.save")} <Kbd shortcut="mod+s" />
            </button>
          </>
        }
      />
      <input
        ref={fileInput}
        type="file"
        hidden
        accept=".xlsx,.xls,.csv,.txt"
        data-testid="alt-file"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = "";
          if (file) void importFile(file);
        }}
      />
      <div className="alt-layout">
        <div className="alt-input">
          <AltSettingsFields />
          {st.importLines.value.length > 0 && (
            <ul className="alt-import-lines" data-testid="alt-import-lines">
              {st.importLines.value.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          )}
          <div className="alt-sheet" data-testid="alt-sheet">
            <DataSheet
              store={st.store}
              headers={headers}
              messageText={(msg) => String(t(msg.key, { ...(msg.params ?? {}) }))}
              ariaLabel={t("alt:sheet")}
              maxRows={MAX_ROWS}
              widths={SHEET_WIDTHS}
              handleRef={sheet}
            />
          </div>
        </div>
        <div className="alt-output" aria-live="polite">
          {progress !== null && (
            <p className="muted" data-testid="alt-progress">
              {t("alt:running", { percent: Math.round(progress * 100) })}
            </p>
          )}
          {fit ? (
            <>
              {st.stale.value && <p className="notice-panel">{t("alt:stale")}</p>}
              <AltResults fit={fit} settings={s} />
            </>
          ) : (
            progress === null && <p className="muted">{t("alt:noResults")}</p>
          )}
        </div>
      </div>
    </div>
  );
}
