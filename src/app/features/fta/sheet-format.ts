// A fault tree as one spreadsheet: a row per element (gates first, then basic and house events) with its
// code, type, name, remark, gate type, k, inputs (codes separated by commas), distribution, P1–P3, a house
// event's state and the fault tree it belongs to. The spreadsheet worker reads the cells against SHEET_SCHEMA
// (empty or too long codes, unknown choices, numbers); `modelFromSheet` then checks what spans rows
// (duplicate codes, unknown inputs) and spec 5's parameter ranges, each with its line in the file.

import {
  emptyModel,
  type FtaBasicEvent,
  type FtaDistribution,
  type FtaGate,
  type FtaGateType,
  type FtaModel,
} from "../../../kernels/fta/model.ts";
import { distributionProblems } from "../../../kernels/fta/validate.ts";
import { type FailureDistributionType, fromSpec, toSpec } from "../../../shared/failure-model.ts";
import type { ExportSheet } from "../../components/spreadsheet/client.ts";
import type { ImportResult } from "../../components/spreadsheet/import.ts";
import type { CellMessage, TableSchema } from "../../components/spreadsheet/table.ts";

const KINDS = ["gate", "basic", "undeveloped", "house"] as const;
const GATES: FtaGateType[] = ["and", "or", "atleast", "not", "xor", "nand", "nor", "null"];
/** The failure model's distributions by the sheet's option codes (new ones appended, so old sheets read). */
const DISTRIBUTIONS: readonly FailureDistributionType[] = [
  "fixed",
  "exponential",
  "weibull2p",
  "weibull3p",
  "lognormal",
  "normal",
  "gamma",
  "loglogistic",
  "gumbel",
];

export const SHEET_SCHEMA: TableSchema = {
  columns: [
    {
      key: "code",
      kind: "text",
      headers: ["code", "编码", "código", "コード"],
      required: true,
      maxLength: 100,
    },
    {
      key: "type",
      kind: "enum",
      headers: ["type", "类型", "tipo", "種類"],
      required: true,
      options: [
        {
          code: 0,
          label: "Gate",
          aliases: ["top", "middle", "intermediate", "intermediate event", "top event"],
        },
        { code: 1, label: "Basic", aliases: ["elementary", "basic event", "bottom", "repeated"] },
        { code: 2, label: "Undeveloped", aliases: ["unexpanded", "undeveloped event", "repeatedunexpanded"] },
        { code: 3, label: "House", aliases: ["house event"] },
      ],
    },
    { key: "name", kind: "text", headers: ["name", "名称", "nombre", "名前"], maxLength: 150 },
    { key: "remark", kind: "text", headers: ["remark", "备注", "observación", "備考"] },
    {
      key: "gate",
      kind: "enum",
      headers: ["gate", "门", "puerta", "ゲート"],
      options: [
        { code: 0, label: "AND" },
        { code: 1, label: "OR" },
        { code: 2, label: "VOTE", aliases: ["atleast", "voting", "k/n", "kn", "vote"] },
        { code: 3, label: "NOT" },
        { code: 4, label: "XOR" },
        { code: 5, label: "NAND" },
        { code: 6, label: "NOR" },
        { code: 7, label: "NULL", aliases: ["pass-through"] },
      ],
    },
    { key: "k", kind: "integer", headers: ["k", "requiredpath", "required path"] },
    { key: "inputs", kind: "text", headers: ["inputs", "输入", "entradas", "入力"] },
    {
      key: "distribution",
      kind: "enum",
      headers: ["distribution", "分布", "distribución", "分布"],
      options: [
        { code: 0, label: "Fixed Prob", aliases: ["fixed", "fixedprob", "fixed probability"] },
        { code: 1, label: "Exponential", aliases: ["exp"] },
        { code: 2, label: "Weibull-2P", aliases: ["weibull2p", "weibull2", "weibull"] },
        { code: 3, label: "Weibull-3P", aliases: ["weibull3p", "weibull3"] },
        { code: 4, label: "Lognormal", aliases: ["log-normal"] },
        { code: 5, label: "Normal" },
        { code: 6, label: "Gamma" },
        { code: 7, label: "Loglogistic", aliases: ["log-logistic"] },
        { code: 8, label: "Gumbel", aliases: ["sev", "smallest extreme value"] },
      ],
    },
    { key: "p1", kind: "number", headers: ["p1"] },
    { key: "p2", kind: "number", headers: ["p2"] },
    { key: "p3", kind: "number", headers: ["p3"] },
    {
      key: "state",
      kind: "enum",
      headers: ["state", "状态", "estado", "状態"],
      options: [
        { code: 1, label: "True", aliases: ["1", "yes", "t"] },
        { code: 0, label: "False", aliases: ["0", "no", "f"] },
      ],
    },
    { key: "tree", kind: "text", headers: ["tree", "树", "árbol", "ツリー"], maxLength: 100 },
  ],
};

export interface SheetIssue extends CellMessage {
  line: number;
}

/** Builds the model from the rows read, or lists every problem with its line. */
export function modelFromSheet(
  result: ImportResult,
  name: string,
  missionTime?: number,
): { model: FtaModel | null; issues: SheetIssue[] } {
  const issues: SheetIssue[] = result.report.issues.map((i) => ({
    key: i.key,
    params: i.params,
    line: i.line,
  }));
  if (result.report.fatal) return { model: null, issues: [{ ...result.report.fatal, line: 1 }] };
  const { data, lines } = result;
  const text = (key: string, r: number) =>
    String((data.values[key] as string[] | undefined)?.[r] ?? "").trim();
  const number = (key: string, r: number) =>
    (data.values[key] as Float64Array | undefined)?.[r] ?? Number.NaN;
  const model = emptyModel(name);
  if (missionTime !== undefined) model.missionTime = missionTime;
  const firstLine = new Map<string, number>();
  const gateLines = new Map<string, number>();
  for (let r = 0; r < data.rows; r++) {
    const line = lines[r];
    const code = text("code", r);
    const kindCode = number("type", r);
    if (!code || Number.isNaN(kindCode)) continue; // already reported by the cell checks
    const seen = firstLine.get(code);
    if (seen !== undefined) {
      issues.push({ key: "fta:file.sheet.duplicate", params: { code, first: seen }, line });
      continue;
    }
    firstLine.set(code, line);
    const common = {
      code,
      ...(text("name", r) ? { name: text("name", r) } : {}),
      ...(text("remark", r) ? { remark: text("remark", r) } : {}),
    };
    const kind = KINDS[kindCode];
    if (kind === "gate") {
      const g = number("gate", r);
      if (Number.isNaN(g)) {
        if (!data.raw?.gate?.has(r))
          issues.push({ key: "fta:file.sheet.gateNeedsType", params: { code }, line });
        continue;
      }
      const gate: FtaGate = {
        ...common,
        type: GATES[g],
        inputs: text("inputs", r)
          .split(/[\s,;]+/)
          .filter(Boolean),
      };
      if (gate.type === "atleast") gate.k = number("k", r);
      const tree = text("tree", r);
      if (tree) gate.tree = tree;
      model.gates.push(gate);
      gateLines.set(code, line);
    } else if (kind === "house") {
      const state = number("state", r);
      model.houseEvents.push({ ...common, state: Number.isNaN(state) ? true : state === 1 });
    } else {
      const d = number("distribution", r);
      if (Number.isNaN(d)) {
        // An unknown name was reported by the cell check already.
        if (!data.raw?.distribution?.has(r))
          issues.push({ key: "fta:file.sheet.noDistribution", params: { code }, line });
        continue;
      }
      const event: FtaBasicEvent = { ...common, distribution: distributionFrom(DISTRIBUTIONS[d], r, number) };
      if (kind === "undeveloped") event.undeveloped = true;
      for (const p of distributionProblems(event, model))
        issues.push({ key: `messages:${p.key}`, params: p.params, line });
      model.basicEvents.push(event);
    }
  }
  for (const g of model.gates)
    for (const input of g.inputs)
      if (!firstLine.has(input))
        issues.push({
          key: "fta:file.sheet.unknownInput",
          params: { input, code: g.code },
          line: gateLines.get(g.code) ?? 1,
        });
  issues.sort((a, b) => a.line - b.line);
  return { model: issues.length ? null : model, issues };
}

/** P1..P3 are the spec's FTA order (eta then beta for a Weibull): the failure model's mapping reads them. */
function distributionFrom(
  type: FailureDistributionType,
  r: number,
  number: (key: string, r: number) => number,
): FtaDistribution {
  const p = ["p1", "p2", "p3"].map((key) => {
    const v = number(key, r);
    return Number.isNaN(v) ? null : v;
  });
  return fromSpec("fta", type, p) as FtaDistribution;
}

const label = (key: string, code: number) =>
  SHEET_SCHEMA.columns.find((c) => c.key === key)?.options?.find((o) => o.code === code)?.label ?? "";

/** The model as one sheet that `modelFromSheet` reads back. Open-PSA expressions cannot be written here. */
export function sheetFromModel(model: FtaModel): ExportSheet {
  const rows: Record<string, Array<string | number | null>> = {};
  for (const c of SHEET_SCHEMA.columns) rows[c.key] = [];
  const push = (values: Record<string, string | number | null | undefined>) => {
    for (const c of SHEET_SCHEMA.columns) rows[c.key].push(values[c.key] ?? null);
  };
  for (const g of model.gates)
    push({
      code: g.code,
      type: label("type", 0),
      name: g.name,
      remark: g.remark,
      gate: label("gate", GATES.indexOf(g.type)),
      k: g.type === "atleast" ? (g.k ?? null) : null,
      inputs: g.inputs.join(", "),
      tree: g.tree,
    });
  for (const e of model.basicEvents) {
    const d = e.distribution;
    const values: Record<string, string | number | null | undefined> = {
      code: e.code,
      type: label("type", e.undeveloped ? 2 : 1),
      name: e.name,
      remark: e.remark,
    };
    if (d.type !== "mef") {
      const spec = toSpec("fta", d);
      values.distribution = label("distribution", DISTRIBUTIONS.indexOf(d.type));
      values.p1 = spec.p1;
      values.p2 = spec.p2;
      values.p3 = spec.p3;
    }
    push(values);
  }
  for (const h of model.houseEvents)
    push({
      code: h.code,
      type: label("type", 3),
      name: h.name,
      remark: h.remark,
      state: label("state", h.state ? 1 : 0),
    });
  return {
    name: model.name.slice(0, 31) || "Fault tree",
    columns: SHEET_SCHEMA.columns.map((c) => ({ header: capitalise(c.key), values: rows[c.key] })),
  };
}

const capitalise = (s: string) => (s.length <= 2 ? s.toUpperCase() : s[0].toUpperCase() + s.slice(1));
