// A tool's worksheet and settings in the stored form of /api/doe (src/shared/schemas/modules.ts: one kind per
// tool, strict settings, the sheet as named columns of numbers, texts and nulls), and back. A cell holding
// input that does not fit its column is stored as the text typed, and comes back as that text.
import type { StoredDoeBody } from "../../api/doe.ts";
import type { SheetData } from "../../components/spreadsheet/store.ts";
import { DEFAULT_SETTINGS, type DoeSettings, type DoeTool, TOOL_SCHEMAS } from "./tools.ts";

type Cell = number | string | null;

function settingsOf(tool: DoeTool, s: DoeSettings): Record<string, unknown> {
  switch (tool) {
    case "factorial":
      return {
        factors: s.factors,
        replicates: s.replicates,
        centrePoints: s.centrePoints,
        seed: s.seed,
        confidence: s.confidence,
      };
    case "hypothesis":
      return {
        test: s.test,
        mu: s.mu,
        sided: s.sided,
        confidence: s.confidence,
        sigma: s.sigma,
        ratio: s.ratio,
      };
    case "proportions":
    case "scatter":
      return { confidence: s.confidence };
    case "bvc":
      return { better: s.better, alpha: s.alpha };
    case "componentSearch":
    case "variableSearch":
      return { better: s.better, ratio: s.dRatio };
    case "trend":
      return { method: s.method, end: s.end, sided: s.sided };
    default:
      return {};
  }
}

/** JSON-safe results: typed arrays as arrays, non-finite numbers as null. */
export function plainResults(result: unknown): Record<string, unknown> {
  return JSON.parse(
    JSON.stringify(result, (_k, v) => (ArrayBuffer.isView(v) ? Array.from(v as Float64Array) : v)),
  ) as Record<string, unknown>;
}

export function toStoredBody(
  tool: DoeTool,
  settings: DoeSettings,
  sheet: SheetData,
  description: string,
  results: unknown,
): StoredDoeBody {
  const columns = TOOL_SCHEMAS[tool].columns.map((c) => {
    const values = sheet.values[c.key];
    const raw = sheet.raw?.[c.key];
    const out: Cell[] = [];
    for (let r = 0; r < sheet.rows; r++) {
      const typed = raw?.get(r);
      if (typed !== undefined) out.push(typed);
      else if (values instanceof Float64Array) out.push(Number.isFinite(values[r]) ? values[r] : null);
      else {
        const text = values?.[r] ?? "";
        out.push(text === "" ? null : text);
      }
    }
    while (out.length && out[out.length - 1] === null) out.pop();
    return { name: c.key, values: out };
  });
  return {
    kind: tool,
    description,
    settings: settingsOf(tool, settings),
    sheet: { columns: columns.filter((c) => c.values.length > 0) },
    results: results === null || results === undefined ? null : plainResults(results),
  } as StoredDoeBody;
}

export function fromStoredBody(body: StoredDoeBody): {
  tool: DoeTool;
  settings: DoeSettings;
  sheet: SheetData;
} {
  const tool = body.kind;
  const schema = TOOL_SCHEMAS[tool];
  const stored = new Map(body.sheet.columns.map((c) => [c.name, c.values]));
  const rows = Math.max(0, ...body.sheet.columns.map((c) => c.values.length));
  const values: SheetData["values"] = {};
  const raw: NonNullable<SheetData["raw"]> = {};
  for (const c of schema.columns) {
    const cells = stored.get(c.key) ?? [];
    if (c.kind === "text")
      values[c.key] = Array.from({ length: rows }, (_, r) =>
        cells[r] === null || cells[r] === undefined ? "" : String(cells[r]),
      );
    else {
      const col = new Float64Array(rows).fill(Number.NaN);
      cells.forEach((v, r) => {
        if (typeof v === "number") col[r] = v;
        else if (typeof v === "string") {
          const kept = raw[c.key] ?? new Map<number, string>();
          kept.set(r, v);
          raw[c.key] = kept;
        }
      });
      values[c.key] = col;
    }
  }
  const s = body.settings as Record<string, unknown>;
  const settings: DoeSettings = {
    ...DEFAULT_SETTINGS,
    ...(s as Partial<DoeSettings>),
    ...(tool === "componentSearch" || tool === "variableSearch"
      ? { dRatio: Number(s.ratio), ratio: null }
      : {}),
  };
  return { tool, settings, sheet: { rows, values, raw } };
}
