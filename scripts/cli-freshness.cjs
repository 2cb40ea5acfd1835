// Whether the built command line (build/cli/, made by scripts/build-cli.mjs) may run as it is. CommonJS, like
// bin/relbench.cjs which calls it before every run: no ES module loader is started on the fast path.
const { readdirSync, readFileSync, statSync } = require("node:fs");
const { join } = require("node:path");

const root = join(__dirname, "..");
const outDir = join(root, "build", "cli");
const manifestPath = join(outDir, "manifest.json");
const MANIFEST_VERSION = 3;
const KERNEL_SOURCES = "assembly";

const noThrow = { throwIfNoEntry: false };
const rootSlash = `${root}/`;

/** A file's time, NaN when it is missing. The path is joined by hand: path.join cost more than the stat. */
function mtime(path) {
  return statSync(rootSlash + path, noThrow)?.mtimeMs ?? Number.NaN;
}

function walk(dir, into = []) {
  for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) walk(path, into);
    else into.push(path);
  }
  return into;
}

/** The kernel sources and the wasm modules built from them (files only, as scripts/build-kernels.mjs compares). */
function kernelFiles() {
  const sources = walk(KERNEL_SOURCES);
  const wasm = readdirSync(join(root, KERNEL_SOURCES))
    .filter((name) => name.endsWith(".ts"))
    .map((name) => `build/${name.slice(0, -3)}.wasm`);
  return { sources, wasm };
}

function readManifest() {
  try {
    const manifest = JSON.parse(readFileSync(manifestPath, "utf8"));
    return manifest.version === MANIFEST_VERSION ? manifest : undefined;
  } catch {
    return undefined;
  }
}

/**
 * undefined when the build can run; otherwise { kernels, reason }: kernels is true when the wasm modules must
 * be rebuilt first. `command` (the subcommand a run names) narrows the check to the bundles that run loads: the
 * entry, the command's own bundle and the worker threads; without it, or for a name no bundle has, every
 * bundle is checked. One stat per file: the kernel sources and wasm modules, the bundles' outputs, and the
 * sources of the bundles checked (about 100 for `relbench fta`, 1 ms; every bundle's, 160).
 */
function staleReason(command) {
  const manifest = readManifest();
  const kernels = manifest?.kernels ?? kernelFiles();
  const wasmTimes = kernels.wasm.map(mtime);
  const missingWasm = kernels.wasm.find((_, i) => Number.isNaN(wasmTimes[i]));
  if (missingWasm) return { kernels: true, reason: `${missingWasm} is missing` };
  const oldestWasm = Math.min(...wasmTimes);
  for (const path of kernels.sources)
    if (!(mtime(path) <= oldestWasm)) return { kernels: true, reason: `${path} is newer than the kernels` };
  if (!manifest) return { kernels: false, reason: "the command line is not built yet" };
  const own = `command-${command}`;
  const checked =
    command && Object.hasOwn(manifest.bundles, own)
      ? ["relbench", own, ...manifest.workers]
      : Object.keys(manifest.bundles);
  for (const bundle of checked) {
    const path = `build/cli/${bundle}.cjs`;
    if (Number.isNaN(mtime(path))) return { kernels: false, reason: `${path} is missing` };
  }
  // A deleted source counts as changed: the rebuild then fails loudly if something still imports it.
  const changed = (path) => !(mtime(path) <= manifest.builtAt);
  for (const path of manifest.always)
    if (changed(path)) return { kernels: false, reason: `${path} changed since the build` };
  const seen = new Set();
  for (const bundle of checked)
    for (const path of manifest.bundles[bundle]) {
      if (seen.has(path)) continue;
      seen.add(path);
      if (changed(path)) return { kernels: false, reason: `${path} changed since the build` };
    }
  return undefined;
}

module.exports = {
  MANIFEST_VERSION,
  root,
  outDir,
  manifestPath,
  entry: join(outDir, "relbench.cjs"),
  kernelFiles,
  staleReason,
};
