// The degradation wasm module (assembly/degradation.ts), loaded once per thread.
import { instantiate } from "../../../build/degradation.js";
import { defineKernel } from "../load.ts";

export const loadDegradationKernel = defineKernel(
  new URL("../../../build/degradation.wasm", import.meta.url),
  instantiate,
);
