// The rbd wasm module (assembly/rbd.ts), loaded once per thread.
import { instantiate } from "../../../build/rbd.js";
import { defineKernel } from "../load.ts";

export const loadRbdKernel = defineKernel(new URL("../../../build/rbd.wasm", import.meta.url), instantiate);

export type RbdKernel = Awaited<ReturnType<typeof loadRbdKernel>>;
