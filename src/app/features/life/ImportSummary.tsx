// What an import found, errors apart from warnings (issue 15): errors reject their row (it is left out when
// only the good rows are imported, marked in the sheet otherwise), warnings are reported and the row kept.
// Each lists its first lines with the file line and the row the sheet will show them on.
import { useTranslation } from "react-i18next";
import type { ImportIssue, ImportReport } from "../../components/spreadsheet/import.ts";
import { messageText } from "./text.ts";

/** Lines of each kind shown; the rest are counted. */
export const SHOWN_LINES = 20;

function Lines({
  issues,
  total,
  label,
  testId,
  columnName,
}: {
  issues: ImportIssue[];
  total: number;
  label: string;
  testId: string;
  columnName(key?: string): string;
}) {
  const { t } = useTranslation(["life", "grid", "messages"]);
  const shown = issues.slice(0, SHOWN_LINES);
  return (
    <ol className="import-issues" data-testid={testId} aria-label={label}>
      {shown.map((issue) => (
        <li key={`${issue.line}-${issue.column}-${issue.key}`} data-line={issue.line} data-row={issue.row}>
          {t(issue.row === undefined ? "life:import.line" : "life:import.lineRow", {
            line: issue.line,
            row: issue.row,
            column: columnName(issue.column),
            message: messageText(t, issue),
          })}
        </li>
      ))}
      {total > shown.length && <li>{t("life:import.more", { count: total - shown.length })}</li>}
    </ol>
  );
}

export function ImportSummary({
  report,
  columnName,
}: {
  report: ImportReport;
  /** A column key as the sheet titles it. */
  columnName(key?: string): string;
}) {
  const { t } = useTranslation(["life", "grid", "messages"]);
  const warnings = report.warnings ?? [];
  const warningCount = report.warningCount ?? warnings.length;
  const absent = report.absentColumns ?? [];
  return (
    <>
      {report.issueCount > 0 && (
        <section className="import-errors" data-testid="import-errors">
          <h3 className="import-heading">
            {t("life:import.errors", { count: report.issueCount, rows: report.rejected })}
          </h3>
          {report.reasons.length > 0 && (
            <ul className="import-reasons">
              {report.reasons.map((r) => (
                <li key={r.key}>
                  {t("life:import.reason", {
                    count: r.count,
                    reason: messageText(t, report.issues.find((i) => i.key === r.key) ?? { key: r.key }),
                  })}
                </li>
              ))}
            </ul>
          )}
          <Lines
            issues={report.issues}
            total={report.issueCount}
            label={t("life:import.lines")}
            testId="import-issues"
            columnName={columnName}
          />
        </section>
      )}
      {(warningCount > 0 || absent.length > 0) && (
        <section className="import-warnings" data-testid="import-warnings">
          <h3 className="import-heading">
            {t("life:import.warnings", { count: warningCount + absent.length })}
          </h3>
          {absent.length > 0 && (
            <p className="dialog-hint">{t("life:import.absent", { columns: absent.join(", ") })}</p>
          )}
          {warningCount > 0 && (
            <Lines
              issues={warnings}
              total={warningCount}
              label={t("life:import.warningLines")}
              testId="import-warning-lines"
              columnName={columnName}
            />
          )}
        </section>
      )}
    </>
  );
}
