// Vitest global setup: make sure build/*.wasm match assembly/ before any test loads them.
import { spawnSync } from "node:child_process";

export default function setup(): void {
  const result = spawnSync(process.execPath, ["scripts/build-kernels.mjs"], { stdio: "inherit" });
  if (result.status !== 0) throw new Error("AssemblyScript build failed");
}
