// The math core's typed face: special functions, distributions, RNG, sorting (assembly/math/).
import { instantiate } from "../../build/math.js";
import { defineKernel } from "./load.ts";
import { allocI32, copyInF64, withBuffers } from "./memory.ts";

export const loadMathKernel = defineKernel(new URL("../../build/math.wasm", import.meta.url), instantiate);

export async function kernelVersion(): Promise<string> {
  return (await loadMathKernel()).kernelVersion();
}

/** Sorts keys ascending (NaN last); `index[i]` is the position in `keys` of the i-th smallest key. */
export async function sortWithIndex(
  keys: Float64Array,
): Promise<{ sorted: Float64Array; index: Int32Array }> {
  const k = await loadMathKernel();
  const keysIn = copyInF64(k, keys);
  const index = allocI32(k, keys.length);
  return withBuffers([keysIn, index], () => {
    k.sortF64WithIndex(keysIn.ptr, index.ptr, keys.length);
    return { sorted: keysIn.view().slice(), index: index.view().slice() };
  });
}
