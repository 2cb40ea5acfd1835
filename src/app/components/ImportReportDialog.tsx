// The report of a sheet import that checks every line (the device and failure dictionaries, ePDT's parts and
// dictionary): the file's summary, a note when the file passed the row limit, and each problem by file line
// and column, in the screen's own words (its i18n namespace's `import.*` texts).
import { useTranslation } from "react-i18next";
import { Dialog } from "./Dialog.tsx";

/** One line of an import report: the file line, the column and the message in the user's language. */
export interface ReportLine {
  line: number;
  column?: string;
  text: string;
  severity: "error" | "warning";
}

export interface ImportReportView {
  file: string;
  rowsRead: number;
  rejected: number;
  lines: ReportLine[];
  /** How many problems there were in all (lines lists the first ones). */
  total: number;
  truncated: { limit: number; dropped: number } | null;
  /** The one message when the file could not be read at all. */
  fatal: string | null;
}

export function ImportReportDialog(props: {
  report: ImportReportView | null;
  onClose(): void;
  title: string;
  /** The namespace whose `import.summary`, `.truncated`, `.line`, `.column` and `.message` texts are used. */
  ns: string;
  /** Test ids of the dialog and of its first line. */
  testId: string;
  summaryTestId: string;
}) {
  const { report, ns } = props;
  const { t } = useTranslation([ns]);
  return (
    <Dialog
      open={report !== null}
      onOpenChange={(open) => {
        if (!open) props.onClose();
      }}
      title={props.title}
      width={720}
      testId={props.testId}
    >
      {report && (
        <div className="import-report">
          <p data-testid={props.summaryTestId}>
            {report.fatal ??
              t(`${ns}:import.summary`, {
                file: report.file,
                rows: report.rowsRead,
                rejected: report.rejected,
                problems: report.total,
              })}
          </p>
          {report.truncated && <p className="warning">{t(`${ns}:import.truncated`, report.truncated)}</p>}
          {report.lines.length > 0 && (
            <table className="import-report-lines">
              <thead>
                <tr>
                  <th>{t(`${ns}:import.line`)}</th>
                  <th>{t(`${ns}:import.column`)}</th>
                  <th>{t(`${ns}:import.message`)}</th>
                </tr>
              </thead>
              <tbody>
                {report.lines.map((l) => (
                  <tr key={`${l.line}:${l.column ?? ""}:${l.text}`} className={l.severity}>
                    <td className="num">{l.line}</td>
                    <td>{l.column ?? ""}</td>
                    <td>{l.text}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
      )}
    </Dialog>
  );
}
