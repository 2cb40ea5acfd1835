// The failure record sheet of a track as the spreadsheet worker reads it (xlsx, xls, csv, tsv): its columns
// with their header names in the four languages (also the failure sheet's schema, sheets.ts).

import type { TableSchema } from "../../components/spreadsheet/table.ts";

// Codes are positions here; sheets.ts reads them back the same way.
export const STATES = ["unresolved", "resolved"] as const;
export const MODES = ["A", "BC", "BD"] as const;

export const FAILURE_TABLE: TableSchema = {
  columns: [
    { key: "number", kind: "text", headers: ["number", "no.", "编号", "número", "番号"], maxLength: 50 },
    { key: "name", kind: "text", headers: ["name", "名称", "nombre", "名称"], maxLength: 150 },
    {
      key: "time",
      kind: "number",
      headers: ["time", "test time", "cumulative time", "试验时间", "tiempo", "試験時間"],
      required: true,
      min: 0,
      minExclusive: true,
      rangeKey: "messages:growth.timeInvalid",
    },
    {
      key: "occurrenceCount",
      kind: "integer",
      headers: ["count", "occurrence count", "occurrences", "发生次数", "ocurrencias", "発生回数"],
      // 0 is a grouped track's interval without failures; the track rules ask failure times for 1 or more.
      min: 0,
      missingMeans: "1",
    },
    { key: "prototype", kind: "integer", headers: ["prototype", "样机", "prototipo", "試作機"], min: 1 },
    {
      key: "mode",
      kind: "enum",
      headers: ["mode", "class", "分类", "modo", "分類"],
      options: MODES.map((label, code) => ({ code, label, aliases: [label.toLowerCase()] })),
      missingMeans: "A",
    },
    {
      key: "modeId",
      kind: "text",
      headers: ["mode id", "failure mode", "失效模式", "modo de fallo", "故障モード"],
      maxLength: 100,
    },
    {
      key: "effectiveness",
      kind: "number",
      headers: ["effectiveness", "fef", "有效性", "eficacia", "有効性"],
      min: 0,
    },
    { key: "severity", kind: "text", headers: ["severity", "严重度", "severidad", "重大度"], maxLength: 50 },
    {
      key: "state",
      kind: "enum",
      headers: ["state", "status", "状态", "estado", "状態"],
      options: STATES.map((label, code) => ({
        code,
        label,
        aliases: code ? ["closed", "已解决"] : ["open", "未解决"],
      })),
      missingMeans: "unresolved",
    },
    {
      key: "resolutionDate",
      kind: "text",
      headers: ["resolution date", "解决日期", "fecha de resolución", "解決日"],
      maxLength: 10,
    },
    {
      key: "reason",
      kind: "text",
      headers: ["reason", "failure reason", "失效原因", "causa", "故障原因"],
      maxLength: 2000,
    },
    {
      key: "solution",
      kind: "text",
      headers: ["solution", "measure", "解决措施", "solución", "対策"],
      maxLength: 2000,
    },
    {
      key: "component",
      kind: "text",
      headers: ["component", "failed component", "失效部件", "componente", "故障部品"],
      maxLength: 150,
    },
    {
      key: "occurredAt",
      kind: "text",
      headers: ["occurred", "occurrence date", "发生时间", "fecha", "発生日時"],
      maxLength: 40,
    },
    {
      key: "description",
      kind: "text",
      headers: ["description", "描述", "descripción", "説明"],
      maxLength: 2000,
    },
  ],
};
