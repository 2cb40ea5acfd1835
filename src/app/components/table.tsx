// A compact, accessible table for the account and organisation lists (not the data sheet: large data goes
// to AG Grid in the analysis screens), with a pager and the loading/empty states. A table with row actions
// tracks its focused row (click, Tab into it, or arrow keys) for the row commands of commands/rows.ts; the
// row's own buttons run those commands.
import { type KeyboardEvent, type ReactNode, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  focusedRow,
  focusRow,
  pagerSlot,
  type RowAction,
  type RowKind,
  releaseRows,
} from "../commands/rows.ts";
import { runCommand } from "../commands/run.ts";
import { useScreenActions } from "../commands/screen-actions.ts";
import { Icon } from "./Icon.tsx";

export interface Column<T> {
  key: string;
  header: ReactNode;
  render(row: T): ReactNode;
  width?: number | string;
  align?: "left" | "right" | "center";
}

type RowActions<T> = { kind: RowKind; actions(row: T): Partial<Record<RowAction, () => unknown>> };

/**
 * Makes a list's rows targets of the row commands of `rowActions.kind` (commands/rows.ts): `focus(row)`, called
 * when a row takes focus or a pointer, reports it; the commands then read that row's actions as they are at
 * the moment they run. Used by DataTable and by lists drawn otherwise (life-data sets, a project's parts).
 */
export function useRowTarget<T>(
  rowActions: RowActions<T> | undefined,
  rows: readonly T[],
  rowKey: (row: T) => string | number,
): { focusedKey: string | number | null; focus(row: T): void } {
  const latest = useRef({ rowActions, rows, rowKey });
  latest.current = { rowActions, rows, rowKey };
  const [focusedKey, setFocusedKey] = useState<string | number | null>(null);
  const kind = rowActions?.kind;
  useEffect(() => {
    if (kind) return () => releaseRows(kind);
  }, [kind]);
  const focus = (row: T) => {
    if (!kind) return;
    const key = rowKey(row);
    setFocusedKey(key);
    if (focusedRow.value?.kind === kind && focusedRow.value.key === key) return;
    focusRow({
      kind,
      key,
      actions: () => {
        const p = latest.current;
        const current = p.rows.find((r) => p.rowKey(r) === key);
        return current && p.rowActions ? p.rowActions.actions(current) : {};
      },
    });
  };
  return { focusedKey, focus };
}

export function DataTable<T>(props: {
  caption: string;
  columns: Column<T>[];
  rows: readonly T[] | undefined;
  rowKey(row: T): string | number;
  loading?: boolean;
  empty?: ReactNode;
  testId?: string;
  /** The row commands' kind and what each row can do (only the actions its user may take). */
  rowActions?: RowActions<T>;
}) {
  const { t } = useTranslation();
  const rows = props.rows ?? [];
  const kind = props.rowActions?.kind;
  const { focusedKey, focus } = useRowTarget(props.rowActions, rows, props.rowKey);

  // Up and down move between rows; the row itself takes focus, Tab goes on into its buttons.
  const onRowKey = (e: KeyboardEvent<HTMLTableRowElement>) => {
    if (e.key !== "ArrowDown" && e.key !== "ArrowUp") return;
    const next = (
      e.key === "ArrowDown" ? e.currentTarget.nextElementSibling : e.currentTarget.previousElementSibling
    ) as HTMLElement | null;
    if (next?.dataset.rowKey !== undefined) {
      e.preventDefault();
      next.focus();
    }
  };
  const tabStop = kind ? (focusedKey ?? (rows.length ? props.rowKey(rows[0]) : null)) : null;
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
            <tr
              key={props.rowKey(row)}
              {...(kind
                ? {
                    "data-row-key": String(props.rowKey(row)),
                    tabIndex: props.rowKey(row) === tabStop ? 0 : -1,
                    "aria-selected": props.rowKey(row) === focusedKey,
                    onFocus: () => focus(row),
                    onPointerDown: () => focus(row),
                    onKeyDown: onRowKey,
                  }
                : {})}
            >
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
  useScreenActions(pagerSlot, { page: props.page, pages, go: props.onPage });
  return (
    <nav className="pager" aria-label={t("common:pager.label")}>
      <span className="pager-total">{t("common:pager.total", { count: props.total })}</span>
      <button
        type="button"
        className="icon-button"
        disabled={props.page <= 1}
        onClick={() => runCommand("list.previousPage")}
        aria-label={t("common:pager.previous")}
      >
        <Icon name="chevronLeft" />
      </button>
      <span aria-live="polite">{t("common:pager.page", { page: props.page, pages })}</span>
      <button
        type="button"
        className="icon-button"
        disabled={props.page >= pages}
        onClick={() => runCommand("list.nextPage")}
        aria-label={t("common:pager.next")}
      >
        <Icon name="chevronRight" />
      </button>
    </nav>
  );
}
