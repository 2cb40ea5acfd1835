// The design-of-experiments tools as data: which question each answers (the start page's menu), its
// worksheet's columns, its settings, and how a worksheet becomes a kernel request (src/kernels/doe/run.ts).
// Pure: tested without a browser (tests/app/features/doe/tools.test.ts).
import type { DoeRequest, HypothesisTest, PowerRequest } from "../../../kernels/doe.ts";
import type { DoeTool } from "../../../shared/schemas/modules.ts";
import type { SheetData } from "../../components/spreadsheet/store.ts";
import type { TableColumn, TableSchema } from "../../components/spreadsheet/table.ts";

export type { DoeTool };

/** The start page's questions and the tools that answer them, in menu order. */
export const TOOL_GROUPS: { question: string; tools: DoeTool[] }[] = [
  { question: "redX", tools: ["componentSearch", "variableSearch", "multiVari", "pareto"] },
  { question: "better", tools: ["bvc", "tukey", "hypothesis", "proportions"] },
  { question: "factors", tools: ["factorial", "scatter"] },
  { question: "trend", tools: ["trend"] },
];
export const ALL_TOOLS: DoeTool[] = TOOL_GROUPS.flatMap((g) => g.tools);

export const HYPOTHESIS_TESTS: HypothesisTest[] = [
  "ttest",
  "welch",
  "paired",
  "ftest",
  "chisq-variance",
  "normality",
  "anova",
  "mann-whitney",
  "wilcoxon",
];

export interface DoeSettings {
  confidence: number;
  sided: "two" | "less" | "greater";
  mu: number;
  sigma: number | null;
  ratio: number | null;
  test: HypothesisTest;
  better: "higher" | "lower";
  alpha: number;
  /** Component and variable search: D / d-bar needed. */
  dRatio: number;
  method: "laplace" | "mil" | "mann-kendall";
  end: number | null;
  /** Factorial design: factors with their levels, replicates, seed. */
  factors: { name: string; levels: (number | string)[] }[];
  replicates: number;
  /** Factorial design: runs at the centre (two-level numeric factors only). */
  centrePoints: number;
  seed: number;
}

export const DEFAULT_SETTINGS: DoeSettings = {
  confidence: 95,
  sided: "two",
  mu: 0,
  sigma: null,
  ratio: null,
  test: "ttest",
  better: "higher",
  alpha: 0.05,
  dRatio: 5,
  method: "laplace",
  end: null,
  factors: [
    { name: "A", levels: [-1, 1] },
    { name: "B", levels: [-1, 1] },
    { name: "C", levels: [-1, 1] },
  ],
  replicates: 2,
  centrePoints: 0,
  seed: 1,
};

/** The power tool beside the hypothesis tests (PowerPanel.tsx): the fields as typed. */
export interface PowerForm {
  type: PowerRequest["type"];
  solve: "power" | "n";
  delta: string;
  sd: string;
  alpha: string;
  sided: PowerRequest["sided"];
  n: string;
  power: string;
}

export const DEFAULT_POWER_FORM: PowerForm = {
  type: "two.sample",
  solve: "n",
  delta: "1",
  sd: "1",
  alpha: "0.05",
  sided: "two",
  n: "10",
  power: "0.8",
};

/** A typed number; NaN while empty or not a number. */
export const parseNumber = (text: string) => (text.trim() === "" ? Number.NaN : Number(text));

/** The kernel request a form makes; null while a field is not a number. */
export function powerRequest(f: PowerForm): PowerRequest | null {
  const values = [f.delta, f.sd, f.alpha, f.solve === "n" ? f.power : f.n].map(parseNumber);
  if (values.some((v) => !Number.isFinite(v))) return null;
  const [delta, sd, alpha, given] = values;
  return {
    type: f.type,
    delta,
    sd,
    alpha,
    sided: f.sided,
    n: f.solve === "power" ? given : null,
    power: f.solve === "n" ? given : null,
  };
}

const num = (key: string, headers: string[] = [key]): TableColumn => ({ key, kind: "number", headers });
const txt = (key: string, headers: string[] = [key]): TableColumn => ({
  key,
  kind: "text",
  headers,
  maxLength: 150,
});
const int = (key: string, headers: string[] = [key]): TableColumn => ({
  key,
  kind: "integer",
  headers,
  min: 0,
});

export const SEARCH_STEPS = [
  { code: 0, label: "Stage 1", aliases: ["stage1", "stage 1", "1"] },
  { code: 1, label: "Swap", aliases: ["swap", "2"] },
  { code: 2, label: "Capping", aliases: ["capping", "cap", "3"] },
] as const;

const searchSchema: TableSchema = {
  columns: [
    { key: "step", kind: "enum", headers: ["step"], options: SEARCH_STEPS },
    txt("name", ["name", "component", "factor"]),
    num("bob", ["bob", "best"]),
    num("wow", ["wow", "worst"]),
  ],
};

/** Each tool's worksheet columns (keys are translated as doe:columns.<key>). */
export const TOOL_SCHEMAS: Record<DoeTool, TableSchema> = {
  factorial: {
    columns: [
      int("run", ["run", "run order"]),
      int("std", ["std", "standard order"]),
      txt("A"),
      txt("B"),
      txt("C"),
      txt("D"),
      num("y", ["y", "response"]),
    ],
  },
  hypothesis: { columns: [num("s1"), num("s2"), num("s3"), num("s4"), num("s5"), num("s6")] },
  proportions: { columns: [txt("group"), int("events"), int("trials")] },
  tukey: { columns: [num("x", ["x", "a"]), num("y", ["y", "b"])] },
  bvc: { columns: [num("b"), num("c")] },
  componentSearch: searchSchema,
  variableSearch: searchSchema,
  multiVari: { columns: [txt("time"), txt("piece"), num("value")] },
  scatter: { columns: [num("x"), num("y")] },
  pareto: { columns: [txt("category"), num("count")] },
  trend: { columns: [num("time", ["time", "event time"])] },
};

/** Reads a sheet: numbers per column (NaN empty), texts per column. */
export interface SheetView {
  rows: number;
  column(key: string): Float64Array | string[];
}

export function sheetView(schema: TableSchema, data: SheetData): SheetView {
  return {
    rows: data.rows,
    column: (key) => {
      if (!schema.columns.some((c) => c.key === key)) throw new Error(`no column ${key}`);
      return data.values[key] ?? new Float64Array(data.rows).fill(Number.NaN);
    },
  };
}

/** The numbers of a column, empty cells skipped. */
export function numbers(view: SheetView, key: string): number[] {
  return Array.from(view.column(key) as Float64Array).filter((v) => !Number.isNaN(v));
}

/** Rows where any of `keys` holds something. */
function filledRows(view: SheetView, keys: string[]): number[] {
  const cols = keys.map((k) => view.column(k));
  const out: number[] = [];
  for (let r = 0; r < view.rows; r++)
    if (
      cols.some((c) =>
        typeof c[r] === "number" ? !Number.isNaN(c[r] as number) : String(c[r] ?? "").trim() !== "",
      )
    )
      out.push(r);
  return out;
}

const cellText = (c: Float64Array | string[], r: number) =>
  typeof c[r] === "number" ? String(c[r]) : String(c[r] ?? "").trim();
/** A label cell: a number written as a number, text as trimmed text. */
const label = (c: Float64Array | string[], r: number): number | string => {
  const t = cellText(c, r);
  const x = Number(t);
  return t !== "" && Number.isFinite(x) ? x : t;
};

/** The kernel request a tool's worksheet and settings make. */
export function toolRequest(tool: DoeTool, view: SheetView, s: DoeSettings): DoeRequest {
  switch (tool) {
    case "factorial": {
      const used = ["A", "B", "C", "D"].filter((k) => filledRows(view, [k]).length > 0);
      const rows = filledRows(view, [...used, "y"]);
      const y = view.column("y") as Float64Array;
      return {
        tool,
        input: {
          factors: used.map((k, i) => ({
            name: s.factors[i]?.name || k,
            values: rows.map((r) => label(view.column(k), r)),
          })),
          response: rows.map((r) => y[r]),
          confidence: s.confidence,
        },
      };
    }
    case "hypothesis": {
      const samples = ["s1", "s2", "s3", "s4", "s5", "s6"]
        .map((k) => numbers(view, k))
        .filter((x) => x.length > 0);
      return {
        tool,
        test: s.test,
        samples,
        mu: s.mu,
        sided: s.sided,
        confidence: s.confidence,
        sigma: s.sigma,
        ratio: s.ratio,
      };
    }
    case "proportions": {
      const rows = filledRows(view, ["events", "trials"]);
      const x = view.column("events") as Float64Array;
      const n = view.column("trials") as Float64Array;
      return { tool, groups: rows.map((r) => ({ x: x[r], n: n[r] })), confidence: s.confidence };
    }
    case "tukey":
      return { tool, x: numbers(view, "x"), y: numbers(view, "y") };
    case "bvc":
      return { tool, b: numbers(view, "b"), c: numbers(view, "c"), better: s.better, alpha: s.alpha };
    case "componentSearch":
    case "variableSearch": {
      const step = view.column("step") as Float64Array;
      const name = view.column("name");
      const bob = view.column("bob") as Float64Array;
      const wow = view.column("wow") as Float64Array;
      const rows = filledRows(view, ["step", "name", "bob", "wow"]);
      const stage = rows.filter((r) => step[r] === 0 || Number.isNaN(step[r]));
      const swaps = rows.filter((r) => step[r] === 1);
      const capping = rows.find((r) => step[r] === 2);
      return {
        tool,
        input: {
          bob: stage.map((r) => bob[r]).filter((v) => !Number.isNaN(v)),
          wow: stage.map((r) => wow[r]).filter((v) => !Number.isNaN(v)),
          better: s.better,
          ratio: s.dRatio,
          swaps: swaps.map((r, i) => ({ name: cellText(name, r) || `#${i + 1}`, bob: bob[r], wow: wow[r] })),
          capping: capping === undefined ? undefined : { bob: bob[capping], wow: wow[capping] },
        },
      };
    }
    case "multiVari": {
      const rows = filledRows(view, ["time", "piece", "value"]);
      const value = view.column("value") as Float64Array;
      return {
        tool,
        time: rows.map((r) => label(view.column("time"), r)),
        piece: rows.map((r) => label(view.column("piece"), r)),
        value: rows.map((r) => value[r]),
      };
    }
    case "scatter": {
      const rows = filledRows(view, ["x", "y"]);
      const x = view.column("x") as Float64Array;
      const y = view.column("y") as Float64Array;
      return { tool, x: rows.map((r) => x[r]), y: rows.map((r) => y[r]), confidence: s.confidence };
    }
    case "pareto": {
      const rows = filledRows(view, ["category", "count"]);
      const count = view.column("count") as Float64Array;
      return {
        tool,
        categories: rows.map((r) => cellText(view.column("category"), r)),
        counts: rows.map((r) => count[r]),
      };
    }
    case "trend":
      return { tool, times: numbers(view, "time"), end: s.end, method: s.method, sided: s.sided };
  }
}

/** A factorial worksheet: every run in run order, the factors' levels filled in, the response left empty. */
export function designSheet(
  rows: { standardOrder: number; runOrder: number; levels: (number | string)[] }[],
): SheetData {
  const sorted = [...rows].sort((a, b) => a.runOrder - b.runOrder);
  const values: SheetData["values"] = {
    run: Float64Array.from(sorted, (r) => r.runOrder),
    std: Float64Array.from(sorted, (r) => r.standardOrder),
    y: new Float64Array(sorted.length).fill(Number.NaN),
  };
  ["A", "B", "C", "D"].forEach((k, i) => {
    values[k] = sorted.map((r) => (i < r.levels.length ? String(r.levels[i]) : ""));
  });
  return { rows: sorted.length, values };
}

/** Sample data for each tool, so a first visit shows a worked example (published ones where there are). */
export function exampleSheet(tool: DoeTool): SheetData {
  const col = (v: number[]) => Float64Array.from(v);
  switch (tool) {
    case "bvc":
      return {
        rows: 6,
        values: { b: col([7.1, 7.4, 7.9, NaN, NaN, NaN]), c: col([5.2, 5.9, 6.3, 5.5, 6.1, 6.6]) },
      };
    case "tukey":
      return { rows: 6, values: { x: col([4, 8, 9, 10, 11, 12]), y: col([1, 2, 3, 5, 6, 7]) } };
    case "componentSearch":
    case "variableSearch":
      return {
        rows: 7,
        values: {
          step: col([0, 0, 0, 1, 1, 1, 2]),
          name: ["", "", "", "Housing", "Rotor", "Seal", "Rotor + Seal"],
          bob: col([10, 11, 10.5, 10.2, 3, 7, 2.4]),
          wow: col([2, 3, 2.5, 2.9, 10, 3, 10.9]),
        },
      };
    case "hypothesis":
      // Two manufacturers' tyres on eight drivers: paired t = 3.000, unpaired pooled t = 1.897.
      return {
        rows: 8,
        values: { s1: col([32, 27, 26, 26, 25, 29, 31, 27]), s2: col([28, 22, 27, 24, 24, 25, 28, 27]) },
      };
    case "proportions":
      return {
        rows: 3,
        values: {
          group: ["Line 1", "Line 2", "Line 3"],
          events: col([12, 25, 8]),
          trials: col([200, 200, 200]),
        },
      };
    case "trend": {
      // Modarres, Kaminskiy & Krivtsov, ex. 5.11: interarrival times, as cumulative event times.
      const gaps = [
        104, 131, 1597, 59, 4, 503, 157, 6, 118, 173, 114, 62, 101, 216, 106, 140, 1, 102, 3, 393, 96, 232,
        89, 61, 37, 293, 7, 165, 87, 99,
      ];
      let t = 0;
      return { rows: gaps.length, values: { time: col(gaps.map((g) => (t += g))) } };
    }
    case "scatter":
      return {
        rows: 8,
        values: { x: col([1, 2, 3, 4, 5, 6, 7, 8]), y: col([2.3, 4.1, 5.8, 8.4, 9.9, 12.2, 13.8, 16.1]) },
      };
    case "pareto":
      return {
        rows: 5,
        values: { category: ["Scratch", "Dent", "Burr", "Stain", "Crack"], count: col([10, 60, 30, 5, 2]) },
      };
    case "multiVari": {
      const time: string[] = [];
      const piece: string[] = [];
      const value: number[] = [];
      const base = [10.0, 10.6, 11.4];
      base.forEach((b, ti) => {
        for (let p = 0; p < 3; p++)
          for (let k = 0; k < 3; k++) {
            time.push(`${8 + 2 * ti}:00`);
            piece.push(String(p + 1));
            value.push(Number((b + 0.1 * p + 0.05 * ((k * 7 + p * 3 + ti) % 4)).toFixed(2)));
          }
      });
      return { rows: value.length, values: { time, piece, value: col(value) } };
    }
    default:
      return { rows: 0, values: {} };
  }
}
