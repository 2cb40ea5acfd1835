// A read-only table of results on AG Grid community: sortable columns, keyboard navigation, numbers right-
// aligned and formatted, and export of what is shown (in the shown order) to xlsx through the spreadsheet
// worker. For a few hundred rows or a few hundred thousand alike (client-side row model; build rows once).
import { useSignals } from "@preact/signals-react/runtime";
import type {
  ColDef,
  GridApi,
  RowClickedEvent,
  RowDoubleClickedEvent,
  ValueFormatterParams,
} from "ag-grid-community";
import { AgGridReact } from "ag-grid-react";
import { type Ref, useImperativeHandle, useMemo, useRef } from "react";
import { useTranslation } from "react-i18next";
import { size } from "../../state/app.ts";
import { settings } from "../../state/settings.ts";
import { downloadBlob, MIME, safeFileName, writeTable } from "../spreadsheet/client.ts";
import { useGridLocale } from "./locale.ts";
import { ensureGridModules } from "./setup.ts";
import { gridTheme } from "./theme.ts";
import "./grid.css";

export interface ResultColumn<T> {
  key: string;
  header: string;
  value(row: T): number | string | null;
  /** Text shown for a value (numbers default to 6 significant digits); exports keep the full value. */
  format?(value: number | string | null, row: T): string;
  width?: number;
  /** Takes the remaining width. */
  flex?: number;
  align?: "left" | "right";
  sortable?: boolean;
  pinned?: "left" | "right";
  /** CSS class of the cells, e.g. to colour a rank. */
  cellClass?: string | ((row: T) => string | undefined);
}

export interface ResultGridHandle {
  /** Writes the rows in the order shown to `<fileName>.xlsx`. */
  exportXlsx(fileName: string, sheetName?: string): Promise<void>;
  focus(): void;
  api(): GridApi | null;
}

export interface ResultGridProps<T> {
  rows: T[];
  columns: ResultColumn<T>[];
  getRowId(row: T): string;
  ariaLabel: string;
  /** Height in px or CSS; default fits up to 12 rows. */
  height?: number | string;
  /** Enter or double-click on a row. */
  onActivate?(row: T): void;
  onRowClicked?(row: T): void;
  handleRef?: Ref<ResultGridHandle>;
  testId?: string;
}

export function formatNumber(value: number | string | null): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "string") return value;
  if (Number.isNaN(value)) return "—";
  if (!Number.isFinite(value)) return value > 0 ? "∞" : "−∞";
  if (value !== 0 && (Math.abs(value) >= 1e7 || Math.abs(value) < 1e-4)) return value.toExponential(4);
  return Number(value.toPrecision(6)).toString();
}

export function ResultGrid<T>(props: ResultGridProps<T>) {
  useSignals();
  ensureGridModules();
  const { i18n } = useTranslation();
  const apiRef = useRef<GridApi<T> | null>(null);
  const propsRef = useRef(props);
  propsRef.current = props;

  const columnDefs = useMemo<ColDef<T>[]>(
    () =>
      props.columns.map((c) => ({
        colId: c.key,
        headerName: c.header,
        width: c.width,
        flex: c.flex,
        pinned: c.pinned,
        sortable: c.sortable ?? true,
        valueGetter: (p) => (p.data ? c.value(p.data) : null),
        valueFormatter: (p: ValueFormatterParams<T>) =>
          c.format ? c.format(p.value, p.data as T) : formatNumber(p.value),
        cellClass: (p) => {
          const own =
            typeof c.cellClass === "function" ? (p.data ? c.cellClass(p.data) : undefined) : c.cellClass;
          return [c.align === "right" ? "grid-number" : "", own ?? ""].join(" ").trim();
        },
        headerClass: c.align === "right" ? "grid-number-header" : undefined,
      })),
    [props.columns],
  );

  useImperativeHandle(
    props.handleRef,
    () => ({
      api: () => apiRef.current as GridApi | null,
      focus: () => {
        const api = apiRef.current;
        const first = propsRef.current.columns[0]?.key;
        if (api && first) {
          api.ensureIndexVisible(0);
          api.setFocusedCell(0, first);
        }
      },
      exportXlsx: async (fileName, sheetName) => {
        const api = apiRef.current;
        const { columns } = propsRef.current;
        const ordered: T[] = [];
        if (api)
          api.forEachNodeAfterFilterAndSort((node) => node.data !== undefined && ordered.push(node.data));
        else ordered.push(...propsRef.current.rows);
        const buffer = await writeTable(
          [
            {
              name: sheetName ?? fileName,
              columns: columns.map((c) => ({ header: c.header, values: ordered.map((row) => c.value(row)) })),
            },
          ],
          "xlsx",
        );
        downloadBlob(buffer, safeFileName(fileName, "xlsx"), MIME.xlsx);
      },
    }),
    [],
  );

  const localeText = useGridLocale();
  const height = props.height ?? Math.min(12, Math.max(props.rows.length, 3)) * 26 + 32;
  return (
    <section
      className="result-grid"
      style={{ height }}
      data-testid={props.testId}
      aria-label={props.ariaLabel}
    >
      <AgGridReact<T>
        key={i18n.language}
        theme={gridTheme(size.value, settings.value.theme)}
        localeText={localeText}
        rowData={props.rows}
        columnDefs={columnDefs}
        getRowId={(p) => props.getRowId(p.data)}
        defaultColDef={{ resizable: true, suppressMovable: true }}
        onGridReady={(e) => {
          apiRef.current = e.api;
        }}
        onRowClicked={(e: RowClickedEvent<T>) => e.data && propsRef.current.onRowClicked?.(e.data)}
        onRowDoubleClicked={(e: RowDoubleClickedEvent<T>) => e.data && propsRef.current.onActivate?.(e.data)}
        onCellKeyDown={(e) => {
          const key = (e.event as KeyboardEvent | null)?.key;
          if (key === "Enter" && e.data) propsRef.current.onActivate?.(e.data);
        }}
        suppressMovableColumns
      />
    </section>
  );
}
