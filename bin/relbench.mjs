#!/usr/bin/env node
// The `relbench` command line. It runs the JavaScript built ahead of time in build/cli/ (scripts/build-cli.mjs)
// and first rebuilds it, with one line on stderr, when a source is newer than the build or the kernels are
// missing or stale: the build is never stale, and a fresh clone needs no separate step.
import module from "node:module";
import { buildCli, cliEntry, staleReason } from "../scripts/build-cli.mjs";

// Node 22.1 and later keep V8's compiled code of the bundle between runs; Node 20 has no such cache.
module.enableCompileCache?.();

const stale = staleReason();
if (stale) {
  if (!stale.kernels) process.stderr.write(`relbench: rebuilding the command line (${stale.reason})\n`);
  try {
    await buildCli({ log: (text) => process.stderr.write(`${text}\n`) });
  } catch (error) {
    const first = error?.errors?.[0];
    const where = first?.location ? `${first.location.file}:${first.location.line}: ` : "";
    process.stderr.write(
      `relbench: cannot build the command line: ${where}${first?.text ?? String(error?.message ?? error).split("\n")[0]} (npm run build:cli shows it all)\n`,
    );
    process.exit(1);
  }
}
await import(cliEntry);
