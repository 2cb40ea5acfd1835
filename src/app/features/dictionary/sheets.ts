// The dictionaries as sheets: each kind's columns as the shared TableSchema (the DataSheet edits them, the
// spreadsheet worker imports them with its per-line cell messages), the rows to and from the stored entries
// (src/shared/schemas/dictionary.ts), and the checks that span rows or need the failure model, each answered
// with its line: a code used twice, a device's distribution parameters, a risk event's date. The device columns
// are also ePDT's dictionary sheet (features/prediction re-exports them), so there is one device dictionary.
import { distributionProblems, FAILURE_DISTRIBUTIONS, fromSpec } from "../../../shared/failure-model.ts";
import type { Problem } from "../../../shared/problem.ts";
import {
  type DeviceEntry,
  DICTIONARY_CODE_MAX,
  DICTIONARY_NAME_MAX,
  DICTIONARY_TEXT_MAX,
  type DictionaryKind,
  duplicateCodes,
  FAILURE_LEVELS,
  type FailureEntry,
  RISK_SOURCES,
  RISK_STATUSES,
  type RiskEvent,
} from "../../../shared/schemas/dictionary.ts";
import type { SheetData } from "../../components/spreadsheet/store.ts";
import type { TableColumn, TableSchema } from "../../components/spreadsheet/table.ts";

const enumOf = (values: readonly string[], aliases: Record<string, string[]> = {}) =>
  values.map((label, code) => ({ code, label, aliases: [label.toLowerCase(), ...(aliases[label] ?? [])] }));

const CODE: TableColumn = {
  key: "code",
  kind: "text",
  headers: ["code", "编码", "código", "コード"],
  required: true,
  maxLength: DICTIONARY_CODE_MAX,
};
const NAME: TableColumn = {
  key: "name",
  kind: "text",
  headers: ["name", "名称", "nombre", "名前"],
  required: true,
  maxLength: DICTIONARY_NAME_MAX,
};
const DESCRIPTION: TableColumn = {
  key: "description",
  kind: "text",
  headers: ["description", "描述", "descripción", "説明"],
  maxLength: DICTIONARY_TEXT_MAX,
};

/** The failure model's distributions as the device dictionary's choices. */
export const DICTIONARY_DISTRIBUTIONS = FAILURE_DISTRIBUTIONS;

/** Devices: code, name, a failure model distribution with P1-P3 in eRBD's order (ePDT's dictionary sheet too). */
export const DEVICE_SCHEMA: TableSchema = {
  columns: [
    CODE,
    NAME,
    {
      key: "distribution",
      kind: "enum",
      headers: ["distribution", "分布", "distribución", "分布"],
      options: enumOf(DICTIONARY_DISTRIBUTIONS, {
        fixed: ["fixed prob", "fixedprob"],
        exponential: ["exp"],
        weibull2p: ["weibull-2p", "weibull"],
        weibull3p: ["weibull-3p"],
        lognormal: ["log-normal"],
      }),
    },
    { key: "p1", kind: "number", headers: ["p1"] },
    { key: "p2", kind: "number", headers: ["p2"] },
    { key: "p3", kind: "number", headers: ["p3"] },
  ],
};

/** Failure effects, modes and causes. */
export const FAILURE_SCHEMA: TableSchema = {
  columns: [
    CODE,
    NAME,
    {
      key: "level",
      kind: "enum",
      headers: ["level", "type", "层级", "类型", "nivel", "レベル"],
      options: enumOf(FAILURE_LEVELS, {
        effect: ["fe", "failure effect", "失效影响", "影响", "efecto", "影響"],
        mode: ["fm", "failure mode", "失效模式", "模式", "modo", "モード"],
        cause: ["fc", "failure cause", "失效原因", "原因", "causa"],
      }),
    },
    {
      key: "category",
      kind: "text",
      headers: ["category", "类别", "categoría", "カテゴリ"],
      maxLength: 100,
    },
    DESCRIPTION,
  ],
};

/** Risk events. The date is text here, checked as YYYY-MM-DD with the other row checks. */
export const RISK_SCHEMA: TableSchema = {
  columns: [
    CODE,
    NAME,
    {
      key: "source",
      kind: "enum",
      headers: ["source", "来源", "origen", "発生源"],
      options: enumOf(RISK_SOURCES, {
        field: ["现场", "campo", "市場"],
        customer: ["客户", "cliente", "顧客"],
        test: ["试验", "prueba", "試験"],
        production: ["生产", "producción", "生産"],
        supplier: ["供应商", "proveedor", "サプライヤー"],
        audit: ["审核", "auditoría", "監査"],
      }),
    },
    {
      key: "occurred",
      kind: "text",
      headers: ["occurred", "date", "日期", "发生日期", "fecha", "発生日"],
      maxLength: 10,
    },
    {
      key: "severity",
      kind: "integer",
      headers: ["severity", "s", "严重度", "severidad", "重大度"],
      min: 1,
      max: 10,
      rangeKey: "messages:dictionary.severityRange",
    },
    {
      key: "status",
      kind: "enum",
      headers: ["status", "状态", "estado", "状態"],
      missingMeans: "open",
      options: enumOf(RISK_STATUSES, {
        open: ["打开", "未关闭", "abierto", "未対応"],
        monitoring: ["监控", "seguimiento", "監視"],
        closed: ["关闭", "已关闭", "cerrado", "完了"],
      }),
    },
    {
      key: "failure",
      kind: "text",
      headers: ["failure", "失效", "fallo", "故障"],
      maxLength: DICTIONARY_NAME_MAX,
    },
    DESCRIPTION,
  ],
};

export const DICTIONARY_SCHEMAS: Record<DictionaryKind, TableSchema> = {
  device: DEVICE_SCHEMA,
  failure: FAILURE_SCHEMA,
  risk: RISK_SCHEMA,
};

export type DictionaryEntryOf<K extends DictionaryKind> = K extends "device"
  ? DeviceEntry
  : K extends "failure"
    ? FailureEntry
    : RiskEvent;
export type AnyEntry = DeviceEntry | FailureEntry | RiskEvent;

/** Stored entries as sheet columns: text as is, choices by their position, numbers (NaN = empty). */
export function entriesToSheet(kind: DictionaryKind, entries: readonly AnyEntry[]): SheetData {
  const rows = entries.length;
  const values: SheetData["values"] = {};
  for (const c of DICTIONARY_SCHEMAS[kind].columns) {
    const read = (e: AnyEntry) => (e as unknown as Record<string, unknown>)[c.key];
    if (c.kind === "text") values[c.key] = entries.map((e) => String(read(e) ?? ""));
    else {
      const column = new Float64Array(rows).fill(Number.NaN);
      entries.forEach((e, r) => {
        const v = read(e);
        if (c.kind === "enum") {
          const option = c.options?.find((o) => o.label === v);
          if (option) column[r] = option.code;
        } else if (typeof v === "number") column[r] = v;
      });
      values[c.key] = column;
    }
  }
  return { rows, values };
}

/**
 * The sheet's rows as entries, skipping empty rows: text trimmed (an empty optional text left out), a choice
 * as its stored word (left out when empty), a number or null. Bad cells, kept raw in the sheet, read as empty;
 * the save refuses while one is kept (`firstSheetIssue`).
 */
export function sheetToEntries(kind: DictionaryKind, data: SheetData): AnyEntry[] {
  const columns = DICTIONARY_SCHEMAS[kind].columns;
  const out: AnyEntry[] = [];
  for (let r = 0; r < data.rows; r++) {
    const entry: Record<string, unknown> = {};
    let used = false;
    for (const c of columns) {
      const v = data.values[c.key]?.[r];
      if (c.kind === "text") {
        const s = String(v ?? "").trim();
        if (s) used = true;
        if (s || c.required) entry[c.key] = s;
      } else if (c.kind === "enum") {
        const label = typeof v === "number" ? c.options?.find((o) => o.code === v)?.label : undefined;
        if (label) {
          entry[c.key] = label;
          if (c.missingMeans !== label) used = true;
        }
      } else {
        const n = typeof v === "number" && Number.isFinite(v) ? v : null;
        if (n !== null) used = true;
        entry[c.key] = n;
      }
    }
    if (used) out.push(entry as unknown as AnyEntry);
  }
  return out;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
/** YYYY-MM-DD naming a real day (as zod's iso.date, which the server applies). */
export function isIsoDate(text: string): boolean {
  if (!ISO_DATE.test(text)) return false;
  const d = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === text;
}

/**
 * The rules a cell alone cannot say, per row of the sheet: a code used before (naming the first line), a device
 * distribution's parameters outside the failure model's ranges, a risk event's date. `lineOf(row)` is the file's
 * line on import, the sheet's row + 1 otherwise. Problems carry [row, column key] in `where`.
 */
export function rowProblems(
  kind: DictionaryKind,
  data: SheetData,
  lineOf: (row: number) => number = (r) => r + 1,
): Problem[] {
  const out: Problem[] = [];
  const codes = (data.values.code as string[] | undefined) ?? [];
  for (const d of duplicateCodes(codes.slice(0, data.rows), lineOf))
    out.push({
      key: "dictionary.duplicateCode",
      params: { code: d.code, first: d.first, line: lineOf(d.index) },
      where: [String(d.index), "code"],
    });
  if (kind === "device") {
    const dist = data.values.distribution as Float64Array;
    const ps = ["p1", "p2", "p3"].map((k) => data.values[k] as Float64Array);
    for (let r = 0; r < data.rows; r++) {
      const label = DICTIONARY_DISTRIBUTIONS[dist[r]];
      if (!label) continue;
      const d = fromSpec(
        "rbd",
        label,
        ps.map((a) => (Number.isFinite(a[r]) ? a[r] : null)),
      );
      for (const p of distributionProblems(d))
        out.push({ ...p, where: [String(r), String(p.where?.at(-1) ?? "p1")] });
    }
  }
  if (kind === "risk") {
    const dates = data.values.occurred as string[];
    for (let r = 0; r < data.rows; r++) {
      const text = (dates[r] ?? "").trim();
      if (text && !isIsoDate(text))
        out.push({ key: "fmea.dateInvalid", params: { value: text }, where: [String(r), "occurred"] });
    }
  }
  return out.sort((a, b) => Number(a.where?.[0]) - Number(b.where?.[0]));
}
