// Whether the built command line (build/cli/, made by scripts/build-cli.mjs) may run as it is. CommonJS, like
// bin/relbench.cjs which calls it before every run: no ES module loader is started on the fast path.
const { readdirSync, readFileSync, statSync } = require("node:fs");
const { join } = require("node:path");

const root = join(__dirname, "..");
const outDir = join(root, "build", "cli");
const manifestPath = join(outDir, "manifest.json");
const MANIFEST_VERSION = 2;
const KERNEL_SOURCES = "assembly";

function mtime(path) {
  return statSync(join(root, path), { throwIfNoEntry: false })?.mtimeMs ?? Number.NaN;
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
 * be rebuilt first. One stat per source file listed in the manifest (about 200): well under a millisecond.
 */
function staleReason() {
  const manifest = readManifest();
  const kernels = manifest?.kernels ?? kernelFiles();
  const wasmTimes = kernels.wasm.map(mtime);
  const missingWasm = kernels.wasm.find((_, i) => Number.isNaN(wasmTimes[i]));
  if (missingWasm) return { kernels: true, reason: `${missingWasm} is missing` };
  const oldestWasm = Math.min(...wasmTimes);
  for (const path of kernels.sources)
    if (!(mtime(path) <= oldestWasm)) return { kernels: true, reason: `${path} is newer than the kernels` };
  if (!manifest) return { kernels: false, reason: "the command line is not built yet" };
  for (const path of manifest.outputs)
    if (Number.isNaN(mtime(path))) return { kernels: false, reason: `${path} is missing` };
  // A deleted source counts as changed: the rebuild then fails loudly if something still imports it.
  for (const path of manifest.inputs)
    if (!(mtime(path) <= manifest.builtAt))
      return { kernels: false, reason: `${path} changed since the build` };
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
