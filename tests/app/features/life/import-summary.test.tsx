// The import summary (issue 15, point 12): errors apart from warnings, each with its first lines, the file
// line and the sheet row; the report knows the sheet row of every problem (blank lines skipped).
import { readFileSync } from "node:fs";
import i18next from "i18next";
import { renderToStaticMarkup } from "react-dom/server";
import { initReactI18next } from "react-i18next";
import { beforeAll, describe, expect, it } from "vitest";
import { type ImportReport, importRows } from "../../../../src/app/components/spreadsheet/import.ts";
import { ImportSummary, SHOWN_LINES } from "../../../../src/app/features/life/ImportSummary.tsx";
import { LIFE_TABLE } from "../../../../src/app/features/life/table.ts";

const load = (ns: string) => JSON.parse(readFileSync(`locales/en/${ns}.json`, "utf8"));

beforeAll(async () => {
  await i18next.use(initReactI18next).init({
    lng: "en",
    resources: { en: { life: load("life"), grid: load("grid"), messages: load("messages") } },
    interpolation: { escapeValue: false },
  });
});

const columnName = (key?: string) => (key ? i18next.t(`life:columns.${key}`) : "");
const text = (html: string) => html.replace(/<[^>]+>/g, "\n").replace(/\n+/g, "\n");

describe("import report", () => {
  it("gives each problem its file line and the row it takes in the sheet", () => {
    const { report } = importRows(LIFE_TABLE, [["end", "state"], [100, "F"], [], ["abc", "F"], [50, "X"]], {
      maxRows: 100,
    });
    expect(report.issues.map((i) => [i.line, i.row, i.column])).toEqual([
      [4, 2, "end"],
      [5, 3, "state"],
    ]);
    expect(report.warnings).toEqual([]);
    expect(report.warningCount).toBe(0);
  });
});

describe("import summary", () => {
  const base: ImportReport = {
    rowsRead: 60,
    rejected: 25,
    issues: Array.from({ length: 30 }, (_, i) => ({
      key: "grid:cell.empty",
      line: i + 2,
      row: i + 1,
      column: "end",
    })),
    issueCount: 30,
    warnings: [{ key: "grid:cell.empty", line: 40, row: 39, column: "state", severity: "warning" }],
    defaulted: [],
    warningCount: 1,
    reasons: [{ key: "grid:cell.empty", count: 30 }],
    ignoredHeaders: [],
    absentColumns: ["group"],
    truncated: null,
    fatal: null,
  };

  it("shows errors and warnings apart, each with its first lines and their rows", () => {
    const html = renderToStaticMarkup(<ImportSummary report={base} columnName={columnName} />);
    const errors = html.slice(
      html.indexOf('data-testid="import-errors"'),
      html.indexOf('data-testid="import-warnings"'),
    );
    const warnings = html.slice(html.indexOf('data-testid="import-warnings"'));
    expect(text(errors)).toContain("30 errors in 25 rows");
    expect(text(errors)).toContain("Line 2, End time: This cell is required and empty. (sheet row 1)");
    expect((errors.match(/<li data-line/g) ?? []).length).toBe(SHOWN_LINES);
    expect(text(errors)).toContain("…and 10 more problems.");
    expect(text(warnings)).toContain("2 warnings");
    expect(text(warnings)).toContain("Columns not in the file, left empty: group.");
    expect(text(warnings)).toContain("Line 40, State (F/S): This cell is required and empty. (sheet row 39)");
    expect(text(warnings)).not.toContain("End time");
  });

  it("shows no warnings section when there are none, and no errors section for a clean file", () => {
    const clean = {
      ...base,
      issues: [],
      issueCount: 0,
      rejected: 0,
      reasons: [],
      warnings: [],
      warningCount: 0,
      absentColumns: [],
    };
    expect(renderToStaticMarkup(<ImportSummary report={clean} columnName={columnName} />)).toBe("");
    const errorsOnly = { ...base, warnings: [], warningCount: 0, absentColumns: [] };
    const html = renderToStaticMarkup(<ImportSummary report={errorsOnly} columnName={columnName} />);
    expect(html).toContain('data-testid="import-errors"');
    expect(html).not.toContain('data-testid="import-warnings"');
  });
});
