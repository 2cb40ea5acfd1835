#!/usr/bin/env node
// The `relbench` command line (started by bin/relbench, package.json "bin"). It runs the JavaScript built
// ahead of time in build/cli/ (scripts/build-cli.mjs) once no source of the bundles this run loads is newer
// than that build (scripts/cli-freshness.cjs); when one is, or the kernels are missing or stale, it rebuilds
// them first with one line on stderr, so what runs is never stale and a fresh clone needs no separate step.
// CommonJS, so Node starts it without its ES module loader.
"use strict";

// bin/relbench (the package's "bin") starts Node without NODE_EXTRA_CA_CERTS, which Node 20 loads at start;
// the processes this one starts get it back.
if (process.env.RELBENCH_EXTRA_CA_CERTS !== undefined) {
  process.env.NODE_EXTRA_CA_CERTS = process.env.RELBENCH_EXTRA_CA_CERTS;
  delete process.env.RELBENCH_EXTRA_CA_CERTS;
}

const Module = require("node:module");
const { entry, outDir, staleReason } = require("../scripts/cli-freshness.cjs");

if (Module.enableCompileCache) Module.enableCompileCache();
else keepCompiledCode();

const stale = staleReason(process.argv[2]);
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

/**
 * Node 22.1 and later cache V8's compiled code themselves (above). Node 20 does not, so the bundles in
 * build/cli/ are compiled here with V8's code cache: the first run of a bundle writes the code of every
 * function it ran to build/cli/cache/, later runs start from it (about 8% less CPU for `relbench fta` on a
 * small tree). The file name carries the bundle's time and size, so a rebuilt bundle never meets old code;
 * V8 itself refuses a cache from another V8 version or flags, and then it is written anew.
 */
function keepCompiledCode() {
  const fs = require("node:fs");
  const path = require("node:path");
  const vm = require("node:vm");
  const cacheDir = path.join(outDir, "cache");
  const loadJs = Module._extensions[".js"];
  const toWrite = [];
  // require.extensions is deprecated in documentation only; it is the one hook into Node 20's CommonJS loader.
  Module._extensions[".js"] = (module, filename) => {
    if (path.dirname(filename) !== outDir) return loadJs(module, filename);
    const source = fs.readFileSync(filename, "utf8");
    const { mtimeMs, size } = fs.statSync(filename);
    const cachePath = path.join(cacheDir, `${path.basename(filename)}-${mtimeMs}-${size}.v8`);
    let cachedData;
    try {
      cachedData = fs.readFileSync(cachePath);
    } catch {}
    const script = new vm.Script(Module.wrap(source), { filename, cachedData });
    // Written again when smaller than the bundle itself: a run that executed little of it (`fta --help`,
    // as the tests' first run is) wrote it, and code the cache lacks is compiled on every run (fta: a 53 KB
    // cache after --help, 140 KB after an analysis: 5 to 6 ms of CPU per run between them).
    if (!cachedData || script.cachedDataRejected || cachedData.length < source.length)
      toWrite.push([script, cachePath]);
    script
      .runInThisContext({ displayErrors: true })
      .call(module.exports, module.exports, Module.createRequire(filename), module, filename, outDir);
  };
  process.on("exit", () => {
    for (const [script, cachePath] of toWrite) {
      try {
        fs.mkdirSync(cacheDir, { recursive: true });
        const temporary = `${cachePath}.${process.pid}.tmp`;
        fs.writeFileSync(temporary, script.createCachedData());
        fs.renameSync(temporary, cachePath);
      } catch {
        // A read-only checkout runs without the cache.
      }
    }
  });
}
