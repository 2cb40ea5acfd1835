// The server reports the version of the kernels it ships (the same .wasm files the browser loads).
import { kernelVersion } from "../kernels/math.ts";

let cached: string | undefined;

export async function shippedKernelVersion(): Promise<string> {
  cached ??= await kernelVersion();
  return cached;
}
