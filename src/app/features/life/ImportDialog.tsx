// Import of an xlsx or csv file into the sheet: parsed in the spreadsheet worker with a progress bar and a
// cancel button; then the user sees how many rows were read and rejected, why (line by line), and chooses to
// import only the good rows, import every row with the bad cells marked in the sheet, or fix the file.
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { runCommand } from "../../commands/run.ts";
import { useScreenActions } from "../../commands/screen-actions.ts";
import { Dialog, DialogCancel } from "../../components/Dialog.tsx";
import { readTableFile, type Stage } from "../../components/spreadsheet/client.ts";
import { type ImportResult, pickRows } from "../../components/spreadsheet/import.ts";
import type { SheetData } from "../../components/spreadsheet/store.ts";
import { ImportSummary } from "./ImportSummary.tsx";
import { importDialogSlot } from "./page-actions.ts";
import { LIFE_TABLE } from "./table.ts";
import { messageText } from "./text.ts";

export interface ImportOutcome {
  data: SheetData;
  fileName: string;
  rows: number;
  /** Milliseconds from choosing the file to the report. */
  readMs: number;
}

export function ImportDialog({
  maxRows,
  trial,
  onImport,
  onClose,
  focusRef,
}: {
  maxRows: number;
  trial: boolean;
  /** Where focus goes when the dialog closes (the sheet after an import). */
  focusRef?: { current: Element | null };
  onImport(outcome: ImportOutcome): void;
  onClose(): void;
}) {
  const { t } = useTranslation(["life", "grid", "messages"]);
  const [progress, setProgress] = useState<{ stage: Stage; done: number; total: number } | null>(null);
  const [result, setResult] = useState<(ImportResult & { fileName: string; readMs: number }) | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  // A header the import did not understand beside columns that take a value for every row (no state column:
  // all F) may be that column under another name: the user confirms the values before importing.
  const [confirmed, setConfirmed] = useState(false);
  const abort = useRef<AbortController | null>(null);
  const input = useRef<HTMLInputElement>(null);

  const read = async (file: File) => {
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    setResult(null);
    setFailed(null);
    setConfirmed(false);
    const started = performance.now();
    setProgress({ stage: "reading", done: 0, total: file.size });
    try {
      const r = await readTableFile(
        file,
        LIFE_TABLE,
        { maxRows, issueLimit: 500 },
        {
          signal: controller.signal,
          // Progress travels on its own channel and may arrive after the answer: ignore it then.
          onProgress: (stage, done, total) => {
            if (abort.current === controller) setProgress({ stage, done, total });
          },
        },
      );
      abort.current = null;
      setResult({ ...r, fileName: file.name, readMs: Math.round(performance.now() - started) });
    } catch {
      if (!controller.signal.aborted) setFailed(t("grid:import.unreadable"));
    } finally {
      if (abort.current === controller) abort.current = null;
      setProgress(null);
    }
  };

  const cancel = () => {
    abort.current?.abort();
    setProgress(null);
  };

  const report = result?.report;
  const mustConfirm = !!report && report.ignoredHeaders.length > 0 && report.defaulted.length > 0;
  const blocked = mustConfirm && !confirmed;
  const finish = (goodOnly: boolean) => {
    if (!result) return;
    const data = goodOnly ? pickRows(result.data, result.goodRows) : result.data;
    onImport({ data, fileName: result.fileName, rows: data.rows, readMs: result.readMs });
  };
  const open = report && !report.fatal && !blocked;
  useScreenActions(importDialogSlot, {
    reading: progress !== null,
    importGood: open && result.goodRows.length > 0 ? () => finish(true) : undefined,
    importAll: open && report.rejected > 0 ? () => finish(false) : undefined,
    cancelReading: cancel,
  });
  const columnName = (key?: string) => (key ? t(`life:columns.${key}`) : "");

  return (
    <Dialog
      open
      onOpenChange={(o) => {
        if (!o) {
          cancel();
          onClose();
        }
      }}
      title={t("life:import.title")}
      width={640}
      focusRef={focusRef}
      testId="life-import"
      footer={
        report && !report.fatal ? (
          <>
            <DialogCancel label={t("life:import.fixFile")} />
            {report.rejected > 0 && (
              <button
                type="button"
                className="button"
                disabled={blocked}
                onClick={() => runCommand("lifeImport.all")}
                data-testid="import-all"
              >
                {t("life:import.importAll", { count: report.rowsRead - (report.truncated?.dropped ?? 0) })}
              </button>
            )}
            <button
              type="button"
              className="button button-primary"
              disabled={result.goodRows.length === 0 || blocked}
              onClick={() => runCommand("lifeImport.good")}
              data-testid="import-good"
            >
              {t("life:import.importGood", { count: result.goodRows.length })}
            </button>
          </>
        ) : undefined
      }
    >
      <p className="dialog-hint">{t("life:import.hint")}</p>
      <input
        ref={input}
        type="file"
        accept=".xlsx,.xls,.csv,.tsv,.txt"
        data-autofocus
        data-testid="import-file"
        aria-label={t("life:import.choose")}
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) void read(file);
        }}
      />
      {progress && (
        <div className="progress-block" role="status" data-testid="import-progress">
          <span>
            {t(`grid:stage.${progress.stage}`)}
            {progress.total > 1 && ` ${Math.floor((100 * progress.done) / progress.total)} %`}
          </span>
          {/* A stage whose size is not known yet (a CSV parse, a workbook SheetJS reads) shows an indeterminate bar. */}
          <progress
            max={progress.total > 1 ? progress.total : undefined}
            value={progress.total > 1 ? progress.done : undefined}
          />
          <button
            type="button"
            className="button"
            onClick={() => runCommand("lifeImport.cancel")}
            data-testid="import-cancel"
          >
            {t("grid:cancel")}
          </button>
        </div>
      )}
      {failed && (
        <p className="field-error" role="alert">
          {failed}
        </p>
      )}
      {report?.fatal && (
        <p className="field-error" role="alert" data-testid="import-fatal">
          {messageText(t, report.fatal)}
        </p>
      )}
      {report && !report.fatal && (
        <div className="import-report" data-testid="import-report">
          <p>
            {t("life:import.summary", {
              read: report.rowsRead,
              rejected: report.rejected,
              good: result?.goodRows.length ?? 0,
              file: result?.fileName ?? "",
            })}
          </p>
          {report.truncated && (
            <p className="life-warning" role="alert" data-testid="import-truncated">
              {trial
                ? t("life:import.trialLimit", {
                    limit: report.truncated.limit,
                    dropped: report.truncated.dropped,
                  })
                : t("life:import.rowLimit", {
                    limit: report.truncated.limit,
                    dropped: report.truncated.dropped,
                  })}
            </p>
          )}
          {report.ignoredHeaders.length > 0 && (
            <p className="dialog-hint">
              {t("life:import.ignored", { columns: report.ignoredHeaders.join(", ") })}
            </p>
          )}
          {mustConfirm && (
            <div className="life-warning" role="alert" data-testid="import-defaults">
              <ul>
                {report.defaulted.map((d) => (
                  <li key={d.column}>
                    {t("life:import.defaulted", {
                      column: columnName(d.column),
                      count: d.rows,
                      value: d.value,
                    })}
                  </li>
                ))}
              </ul>
              <label>
                <input
                  type="checkbox"
                  checked={confirmed}
                  onChange={(e) => setConfirmed(e.target.checked)}
                  data-testid="import-confirm-defaults"
                />{" "}
                {t("life:import.confirmDefaults")}
              </label>
            </div>
          )}
          <ImportSummary report={report} columnName={columnName} />
        </div>
      )}
    </Dialog>
  );
}
