// Pure conversions of the degradation screen: the sheet to the kernel's measurements, the settings to its
// options (or the problem that stops a run), and the body /api/wb stores (kind "degradation") and back.
import type { DegradationData, DegradationOptions, DegradationResult } from "../../../kernels/degradation.ts";
import { decodeColumn, encodeColumn } from "../../../shared/columns.ts";
import { LIMITS, withinLimit } from "../../../shared/constants.ts";
import type { Problem } from "../../../shared/problem.ts";
import type { DegradationBody } from "../../../shared/schemas/degradation.ts";
import type { SheetData, SheetStore } from "../../components/spreadsheet/store.ts";
import { DEFAULT_SETTINGS, type DegradationSettings } from "./state.ts";

/** The measurements of the sheet's non-blank rows; `rows` maps each one back to its sheet row. */
export function measurementsOf(store: SheetStore): { data: DegradationData; rows: Int32Array } {
  const unit = store.columnValues(0) as string[];
  const time = store.columnValues(1) as Float64Array;
  const value = store.columnValues(2) as Float64Array;
  const keep: number[] = [];
  for (let r = 0; r < store.rows; r++)
    if (!(store.isEmpty(r, 0) && store.isEmpty(r, 1) && store.isEmpty(r, 2))) keep.push(r);
  const rows = Int32Array.from(keep);
  return {
    data: {
      unit: keep.map((r) => unit[r]),
      time: Float64Array.from(rows, (r) => time[r]),
      value: Float64Array.from(rows, (r) => value[r]),
    },
    rows,
  };
}

const number = (text: string) => (text.trim() === "" ? Number.NaN : Number(text));

/** The kernel's options, or the settings' problems (keys of messages.ts). */
export function optionsOf(s: DegradationSettings): { options: DegradationOptions } | { problems: Problem[] } {
  const problems: Problem[] = [];
  const threshold = number(s.threshold);
  if (!Number.isFinite(threshold))
    problems.push({ key: "degradation.thresholdInvalid", where: ["threshold"] });
  const limit = s.limit.trim() === "" ? undefined : number(s.limit);
  if (limit !== undefined && !(Number.isFinite(limit) && limit > 0))
    problems.push({ key: "degradation.limitInvalid", where: ["limit"] });
  if (!withinLimit(s.confidence, LIMITS.analysisConfidence))
    problems.push({ key: "ciAnalysisRange", where: ["confidence"] });
  if (problems.length) return { problems };
  return {
    options: {
      model: s.model,
      threshold,
      direction: s.direction,
      limit,
      life: {
        distribution: s.distribution,
        method: s.method,
        confidence: s.confidence,
        curvePoints: 101,
        positions: true,
      },
    },
  };
}

/** The stored form: unit ids listed once, the unit column as indexes into them. */
export function storedBody(
  data: DegradationData,
  s: DegradationSettings,
  result: DegradationResult | null,
): DegradationBody {
  const ids: string[] = [];
  const index = new Map<string, number>();
  const unit = new Int32Array(data.unit.length);
  data.unit.forEach((id, i) => {
    let k = index.get(id);
    if (k === undefined) {
      k = ids.length;
      index.set(id, k);
      ids.push(id);
    }
    unit[i] = k;
  });
  const limit = s.limit.trim() === "" ? null : Number(s.limit);
  return {
    kind: "degradation",
    description: "",
    settings: {
      model: s.model,
      threshold: Number(s.threshold),
      direction: s.direction,
      limit,
      distribution: s.distribution,
      estimationMethod: s.method,
      rankMethod: "exact",
      confidenceType: "fisher",
      confidenceLevel: s.confidence,
      sidedness: "two",
      timeUnit: "hours",
    },
    units: ids,
    data: {
      rows: data.time.length,
      form: "measurements",
      columns: { unit: encodeColumn(unit), time: encodeColumn(data.time), value: encodeColumn(data.value) },
    },
    // The per-unit fits and the life fit's numbers; the plots' arrays are computed again on opening.
    results: result
      ? {
          units: result.units,
          failures: result.failures,
          suspensions: result.suspensions,
          fit: {
            distribution: result.fit.distribution,
            method: result.fit.method,
            parameters: result.fit.parameters,
            logLikelihood: result.fit.logLikelihood,
            bounds: result.fit.bounds,
          },
        }
      : null,
  };
}

/** The sheet and settings of a stored body; null when its columns cannot be read. */
export function fromStoredBody(
  body: DegradationBody,
): { sheet: SheetData; settings: DegradationSettings } | null {
  const unit = decodeColumn(body.data.columns.unit as string | number[], "i32");
  const time = decodeColumn(body.data.columns.time as string | number[], "f64");
  const value = decodeColumn(body.data.columns.value as string | number[], "f64");
  if (!unit || !time || !value) return null;
  const st = body.settings;
  return {
    sheet: {
      rows: body.data.rows,
      values: {
        unit: Array.from(unit, (k) => body.units[k] ?? ""),
        time: Float64Array.from(time),
        value: Float64Array.from(value),
      },
    },
    settings: {
      ...DEFAULT_SETTINGS,
      model: st.model,
      threshold: String(st.threshold),
      direction: st.direction,
      limit: st.limit === null || st.limit === undefined ? "" : String(st.limit),
      distribution: st.distribution,
      method: st.estimationMethod,
      confidence: st.confidenceLevel as number,
    },
  };
}

/** The measurements of the first `count` of `ids`, each sorted by time (the paths chart's points). */
export function measurementsByUnit(
  data: DegradationData,
  ids: readonly string[],
): Array<{ time: Float64Array; value: Float64Array }> {
  const slot = new Map(ids.map((id, k) => [id, k]));
  const lists = ids.map(() => [] as number[]);
  data.unit.forEach((id, i) => {
    const k = slot.get(id.trim());
    if (k !== undefined) lists[k].push(i);
  });
  return lists.map((list) => {
    list.sort((a, b) => data.time[a] - data.time[b]);
    return {
      time: Float64Array.from(list, (i) => data.time[i]),
      value: Float64Array.from(list, (i) => data.value[i]),
    };
  });
}
