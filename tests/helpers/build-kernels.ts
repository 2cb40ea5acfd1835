// Vitest global setup: make sure build/*.wasm match assembly/ before any test loads them, and that the built
// command line (build/cli/) is current, so test files running in parallel never rebuild it at once.
import { spawnSync } from "node:child_process";

export default function setup(): void {
  const result = spawnSync(process.execPath, ["scripts/build-kernels.mjs"], { stdio: "inherit" });
  if (result.status !== 0) throw new Error("AssemblyScript build failed");
  const cli = spawnSync(process.execPath, ["scripts/build-cli.mjs"], { stdio: "inherit" });
  if (cli.status !== 0) throw new Error("the command line's build failed");
}
