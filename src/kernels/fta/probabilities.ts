// Basic event probabilities at a time: the failure model's distributions in wasm (the one evaluator,
// assembly/math/failure.ts), Open-PSA expressions in TypeScript. Both return p and q = 1 - p, q computed
// directly where the model allows (exp(-lambda t)) so rare complements stay precise.

import { evaluatorParameters } from "../../shared/failure-model.ts";
import { evaluateExpression } from "./expression.ts";
import type { FtaBasicEvent, FtaModel, MefExpression } from "./model.ts";

export interface FtaKernelExports {
  memory: WebAssembly.Memory;
  allocF64(n: number): number;
  allocI32(n: number): number;
  freeBuffer(ptr: number): void;
  ftaEventProbabilities(
    kinds: number,
    params: number,
    n: number,
    t: number,
    outP: number,
    outQ: number,
  ): void;
}

/** Evaluates the events' probabilities at each time; returns p and q arrays per time. */
export function eventProbabilitiesAt(
  k: FtaKernelExports,
  model: FtaModel,
  events: FtaBasicEvent[],
  times: ArrayLike<number>,
): Array<{ p: Float64Array; q: Float64Array }> {
  const n = events.length;
  const kindsPtr = k.allocI32(Math.max(n, 1));
  const paramsPtr = k.allocF64(Math.max(3 * n, 1));
  const pPtr = k.allocF64(Math.max(n, 1));
  const qPtr = k.allocF64(Math.max(n, 1));
  const parameters = new Map<string, MefExpression>(
    (model.parameters ?? []).map((p) => [p.code, p.expression]),
  );
  try {
    const kinds = new Int32Array(k.memory.buffer, kindsPtr, n);
    const params = new Float64Array(k.memory.buffer, paramsPtr, 3 * n);
    events.forEach((e, i) => {
      const d = e.distribution;
      if (d.type === "mef") {
        kinds[i] = -1;
        return;
      }
      const { code, params: abc } = evaluatorParameters(d);
      kinds[i] = code;
      params.set(abc, 3 * i);
    });
    const out: Array<{ p: Float64Array; q: Float64Array }> = [];
    for (let t = 0; t < times.length; t++) {
      const time = times[t];
      k.ftaEventProbabilities(kindsPtr, paramsPtr, n, time, pPtr, qPtr);
      const p = new Float64Array(k.memory.buffer, pPtr, n).slice();
      const q = new Float64Array(k.memory.buffer, qPtr, n).slice();
      events.forEach((e, i) => {
        if (e.distribution.type !== "mef") return;
        const value = evaluateExpression(e.distribution.expression, { missionTime: time, parameters });
        p[i] = value;
        q[i] = 1 - value;
      });
      out.push({ p, q });
    }
    return out;
  } finally {
    k.freeBuffer(kindsPtr);
    k.freeBuffer(paramsPtr);
    k.freeBuffer(pPtr);
    k.freeBuffer(qPtr);
  }
}
