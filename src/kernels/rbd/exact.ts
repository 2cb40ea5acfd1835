// The exact method's typed face: loads a compiled diagram into the rbd kernel, builds its BDD and asks for
// reliability, the curve, importance and MTTF. Every step after `await` runs synchronously, so the
// instance's one loaded diagram cannot change under a call.

import { allocF64, copyInF64, copyInI32, withBuffers } from "../memory.ts";
import { type CompiledRbd, compileRbd } from "./compile.ts";
import { loadRbdKernel, type RbdKernel } from "./kernel.ts";
import type { RbdModel } from "./model.ts";

/** Largest BDD the exact method builds before giving up (about 50 MB of nodes). */
export const RBD_EXACT_NODE_LIMIT = 1 << 22;

export class RbdTooLargeError extends Error {
  override name = "RbdTooLargeError";
  constructor(limit: number, options?: ErrorOptions) {
    super(`The diagram needs more than ${limit} BDD nodes for the exact method; use simulation.`, options);
  }
}

/** Loads `program` and builds its BDD; returns the number of BDD nodes. */
export function loadExact(k: RbdKernel, program: CompiledRbd, nodeLimit = RBD_EXACT_NODE_LIMIT): number {
  const ints = copyInI32(k, program.ints);
  const floats = copyInF64(k, program.floats);
  const status = withBuffers([ints, floats], () =>
    k.rbdLoadProgram(ints.ptr, program.ints.length, floats.ptr, program.floats.length),
  );
  if (status !== 0) throw new Error("rbd kernel rejected the compiled diagram");
  let size: number;
  try {
    size = k.rbdBuildExact(nodeLimit);
  } catch (error) {
    // The BDD operations recurse once per variable level; a deep enough diagram exhausts the stack.
    if (error instanceof RangeError) throw new RbdTooLargeError(nodeLimit, { cause: error });
    throw error;
  }
  if (size < 0) throw new RbdTooLargeError(nodeLimit);
  return size;
}

export function exactCurveLoaded(
  k: RbdKernel,
  times: ArrayLike<number>,
): { reliability: Float64Array; unreliability: Float64Array } {
  const n = times.length;
  const input = copyInF64(k, times);
  const out = allocF64(k, 2 * n);
  return withBuffers([input, out], () => {
    k.rbdExactCurve(input.ptr, n, out.ptr);
    const v = out.view();
    return { reliability: v.slice(0, n), unreliability: v.slice(n, 2 * n) };
  });
}

export interface RbdComponentImportance {
  /** The component's original (regular or host) block. */
  blockId: string;
  /** Mirror blocks sharing this component. */
  mirrors: string[];
  /** Component reliability at the time. */
  reliability: number;
  /** dR_system / dR_component: how much the system gains per unit of this component's reliability. */
  birnbaum: number;
  /** Failure criticality: Birnbaum × Q_component / Q_system, the share of system failure probability the
   * component's failure is critical to. */
  criticality: number;
}

export function importanceLoaded(k: RbdKernel, program: CompiledRbd, time: number): RbdComponentImportance[] {
  const nc = program.componentCount;
  const out = allocF64(k, 3 * nc + 2);
  return withBuffers([out], () => {
    k.rbdImportance(time, out.ptr);
    const v = out.view();
    const systemQ = v[3 * nc + 1];
    return program.components.map((blockId, c) => {
      const birnbaum = v[c];
      const q = v[2 * nc + c];
      return {
        blockId,
        mirrors: program.mirrors[c],
        reliability: v[nc + c],
        birnbaum,
        criticality: systemQ > 0 ? (birnbaum * q) / systemQ : 0,
      };
    });
  });
}

export interface RbdExactResult {
  time: number;
  reliability: number;
  /** 1 - reliability, computed separately so small failure probabilities keep their digits. */
  unreliability: number;
  /** R(currentAge + time) / R(currentAge), when the model has a current age. */
  conditional?: { age: number; time: number; reliability: number };
  /** R(warrantyLife), when the model has a warranty life. */
  warranty?: { time: number; reliability: number };
  /** ∫ R(t) dt; null when a fixed-probability block makes it undefined; Infinity if the system never fails. */
  mttf: number | null;
  importance: RbdComponentImportance[];
  bddNodes: number;
}

export interface RbdExactOptions {
  /** Defaults to the model's mission time. */
  time?: number;
  nodeLimit?: number;
}

/** Exact reliability, conditional and warranty reliability, MTTF and importance of a valid model. */
export async function exactRbd(model: RbdModel, options: RbdExactOptions = {}): Promise<RbdExactResult> {
  const k = await loadRbdKernel();
  const program = compileRbd(model);
  const bddNodes = loadExact(k, program, options.nodeLimit);
  const time = options.time ?? model.missionTime;
  const age = model.currentAge ?? 0;
  const times = [time];
  if (age > 0) times.push(age, age + time);
  if (model.warrantyLife !== undefined) times.push(model.warrantyLife);
  const curve = exactCurveLoaded(k, times);
  const result: RbdExactResult = {
    time,
    reliability: curve.reliability[0],
    unreliability: curve.unreliability[0],
    mttf: program.hasFixed ? null : k.rbdExactMttf(),
    importance: importanceLoaded(k, program, time),
    bddNodes,
  };
  if (age > 0) result.conditional = { age, time, reliability: curve.reliability[2] / curve.reliability[1] };
  if (model.warrantyLife !== undefined)
    result.warranty = { time: model.warrantyLife, reliability: curve.reliability[times.length - 1] };
  return result;
}

/** The exact reliability curve R(t) (and Q(t)) of a valid model at the given times. */
export async function exactRbdCurve(
  model: RbdModel,
  times: ArrayLike<number>,
): Promise<{ time: Float64Array; reliability: Float64Array; unreliability: Float64Array }> {
  const k = await loadRbdKernel();
  loadExact(k, compileRbd(model));
  return { time: Float64Array.from(times), ...exactCurveLoaded(k, times) };
}

/** System reliability for given component reliabilities (indexed like `program.components`). */
export async function exactRbdGiven(
  program: CompiledRbd,
  componentReliability: ArrayLike<number>,
): Promise<number> {
  const k = await loadRbdKernel();
  loadExact(k, program);
  const r = copyInF64(k, componentReliability);
  const q = copyInF64(
    k,
    Array.from(componentReliability, (x) => 1 - x),
  );
  const out = allocF64(k, 2);
  return withBuffers([r, q, out], () => {
    k.rbdExactGiven(r.ptr, q.ptr, out.ptr);
    return out.view()[0];
  });
}
