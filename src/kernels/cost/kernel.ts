// The cost wasm module (assembly/cost.ts), loaded once per thread.
import { instantiate } from "../../../build/cost.js";
import { defineKernel } from "../load.ts";

export const loadCostKernel = defineKernel(new URL("../../../build/cost.wasm", import.meta.url), instantiate);

export type CostKernel = Awaited<ReturnType<typeof loadCostKernel>>;
