// The measurements grouped by unit and handed to the wasm path fits (assembly/degradation/paths.ts).
import { loadDegradationKernel } from "./kernel.ts";
import { DEGRADATION_MODELS, type DegradationData, type DegradationModel } from "./model.ts";

/** Units in order of first appearance; each unit's measurements sorted by time (ties keep their order). */
export interface GroupedData {
  ids: string[];
  /** offsets[u] .. offsets[u+1] - 1 index `time` and `value` of unit u. */
  offsets: Int32Array;
  time: Float64Array;
  value: Float64Array;
}

export function groupByUnit(data: DegradationData): GroupedData {
  const n = data.time.length;
  const index = new Map<string, number>();
  const unitOf = new Int32Array(n);
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const id = data.unit[i].trim();
    let u = index.get(id);
    if (u === undefined) {
      u = ids.length;
      index.set(id, u);
      ids.push(id);
    }
    unitOf[i] = u;
  }
  const order = new Int32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  // Sorted by (unit, time, row): one comparison sort over the row indices.
  order.sort((a, b) => unitOf[a] - unitOf[b] || data.time[a] - data.time[b] || a - b);
  const offsets = new Int32Array(ids.length + 1);
  for (let i = 0; i < n; i++) offsets[unitOf[i] + 1]++;
  for (let u = 0; u < ids.length; u++) offsets[u + 1] += offsets[u];
  const time = new Float64Array(n);
  const value = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    time[i] = data.time[order[i]];
    value[i] = data.value[order[i]];
  }
  return { ids, offsets, time, value };
}

export const PATH_STRIDE = 8;
export const PATH_STATUS = { ok: 0, past: 1, singular: 2, notConverged: 3 } as const;

/** Fits every unit's path in wasm; STRIDE numbers per unit (see assembly/degradation/paths.ts). */
export async function fitPaths(
  grouped: GroupedData,
  model: DegradationModel,
  threshold: number,
  up: boolean,
): Promise<Float64Array> {
  const k = await loadDegradationKernel();
  const units = grouped.ids.length;
  const n = grouped.time.length;
  const offsets = k.allocI32(units + 1);
  const time = k.allocF64(n);
  const value = k.allocF64(n);
  const out = k.allocF64(units * PATH_STRIDE);
  try {
    new Int32Array(k.memory.buffer, offsets, units + 1).set(grouped.offsets);
    new Float64Array(k.memory.buffer, time, n).set(grouped.time);
    new Float64Array(k.memory.buffer, value, n).set(grouped.value);
    k.degradationFitPaths(DEGRADATION_MODELS.indexOf(model), units, offsets, time, value, threshold, up, out);
    return new Float64Array(k.memory.buffer, out, units * PATH_STRIDE).slice();
  } finally {
    k.freeBuffer(out);
    k.freeBuffer(value);
    k.freeBuffer(time);
    k.freeBuffer(offsets);
  }
}
