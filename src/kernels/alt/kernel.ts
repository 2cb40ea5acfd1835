// The alt wasm module (assembly/alt.ts), loaded once per thread.
import { instantiate } from "../../../build/alt.js";
import { defineKernel } from "../load.ts";

export const loadAltKernel = defineKernel(new URL("../../../build/alt.wasm", import.meta.url), instantiate);
