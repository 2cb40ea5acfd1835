#!/usr/bin/env node
// The `relbench` command line (package.json "bin"). It runs the JavaScript built ahead of time in build/cli/
// (scripts/build-cli.mjs) once no source is newer than that build (scripts/cli-freshness.cjs); when one is, or
// the kernels are missing or stale, it rebuilds them first with one line on stderr, so the build is never
// stale and a fresh clone needs no separate step. CommonJS, so Node starts it without its ES module loader.
"use strict";

// Node 22.1 and later keep V8's compiled code of the bundles between runs; Node 20 has no such cache.
require("node:module").enableCompileCache?.();
const { entry, staleReason } = require("../scripts/cli-freshness.cjs");

const stale = staleReason();
if (!stale) require(entry);
else {
  if (!stale.kernels) process.stderr.write(`relbench: rebuilding the command line (${stale.reason})\n`);
  import("../scripts/build-cli.mjs")
    .then(({ buildCli }) => buildCli())
    .then(
      () => require(entry),
      (error) => {
        const first = error?.errors?.[0];
        const where = first?.location ? `${first.location.file}:${first.location.line}: ` : "";
        const what = first?.text ?? String(error?.message ?? error).split("\n")[0];
        process.stderr.write(
          `relbench: cannot build the command line: ${where}${what} (npm run build:cli shows it all)\n`,
        );
        process.exit(1);
      },
    );
}
