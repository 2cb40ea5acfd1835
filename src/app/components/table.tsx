// A compact, accessible table for the account and organisation lists (not the data sheet: large data goes
// to AG Grid in the analysis screens), with a pager and the loading/empty states.
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Icon } from "./Icon.tsx";

export interface Column<T> {
  key: string;
  header: ReactNode;
  render(row: T): ReactNode;
  width?: number | string;
  align?: "left" | "right" | "center";
}

export function DataTable<T>(props: {
  caption: string;
  columns: Column<T>[];
  rows: readonly T[] | undefined;
  rowKey(row: T): string | number;
  loading?: boolean;
  empty?: ReactNode;
  testId?: string;
}) {
  const { t } = useTranslation();
  const rows = props.rows ?? [];
  return (
    <div className="table-wrap">
      <table className="table" data-testid={props.testId} aria-busy={props.loading || undefined}>
        <caption className="visually-hidden">{props.caption}</caption>
        <thead>
          <tr>
            {props.columns.map((c) => (
              <th key={c.key} scope="col" style={{ width: c.width, textAlign: c.align }}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={props.rowKey(row)}>
              {props.columns.map((c) => (
                <td key={c.key} style={{ textAlign: c.align }}>
                  {c.render(row)}
                </td>
              ))}
            </tr>
          ))}
          {rows.length === 0 && (
            <tr>
              <td colSpan={props.columns.length} className="table-empty">
                {props.loading ? t("common:loading") : (props.empty ?? t("common:noData"))}
              </td>
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}

export function Pager(props: { page: number; pageSize: number; total: number; onPage(page: number): void }) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(props.total / props.pageSize));
  return (
    <nav className="pager" aria-label={t("common:pager.label")}>
      <span className="pager-total">{t("common:pager.total", { count: props.total })}</span>
      <button
        type="button"
        className="icon-button"
        disabled={props.page <= 1}
        onClick={() => props.onPage(props.page - 1)}
        aria-label={t("common:pager.previous")}
      >
        <Icon name="chevronLeft" />
      </button>
      <span aria-live="polite">{t("common:pager.page", { page: props.page, pages })}</span>
      <button
        type="button"
        className="icon-button"
        disabled={props.page >= pages}
        onClick={() => props.onPage(props.page + 1)}
        aria-label={t("common:pager.next")}
      >
        <Icon name="chevronRight" />
      </button>
    </nav>
  );
}
