import { kernelVersion } from "../kernels/math.ts";
import { APP_VERSION } from "../shared/version.ts";
import { defineCommand, jsonOption } from "./command.ts";

export const versionCommand = defineCommand({
  help: `Usage: relbench version [--json]

Prints the version of relbench and of its WebAssembly kernels.

Options:
  --json   print {"app": "...", "kernel": "...", "node": "..."}`,
  options: { ...jsonOption },
  async run({ values }, io) {
    const info = { app: APP_VERSION, kernel: await kernelVersion(), node: process.versions.node };
    io.out(
      values.json ? JSON.stringify(info) : `relbench ${info.app} (kernels ${info.kernel}, Node ${info.node})`,
    );
    return 0;
  },
});
