// Builds the `relbench` command line ahead of time, so a run starts Node and one bundle instead of compiling
// TypeScript on every start: esbuild bundles src/cli/entry.ts (and the block-diagram worker thread) into
// build/cli/, one chunk per lazily imported subcommand. build/cli/manifest.json lists every source the
// bundle was made from; bin/relbench.mjs compares their times with the build's before each run (staleReason)
// and rebuilds when one is newer, so the bundle is never stale. The wasm modules are not bundled: they are
// loaded from build/*.wasm as in the app, and the manifest also lists assembly/ so that stale kernels are
// rebuilt first. `node scripts/build-cli.mjs [--force]` (npm start and the vitest setup run it).
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const outDir = join(root, "build", "cli");
const manifestPath = join(outDir, "manifest.json");
const MANIFEST_VERSION = 1;
const KERNEL_AREAS_DIR = "assembly";

/** Files whose change must rebuild the bundle although esbuild does not list them as inputs. */
const EXTRA_INPUTS = ["scripts/build-cli.mjs", "package-lock.json", "package.json"];

/**
 * Worker-thread entries: a `new URL("<shim>", import.meta.url)` in the sources points at a shim that registers
 * tsx; in the bundle it points at the shim's TypeScript entry built beside the main bundle.
 */
const WORKERS = [
  {
    shim: "src/kernels/rbd/node-worker.mjs",
    entry: "src/kernels/rbd/node-worker.ts",
    out: "rbd-worker",
  },
];

const posix = (path) => path.split(sep).join("/");

function mtime(path) {
  return statSync(path, { throwIfNoEntry: false })?.mtimeMs ?? Number.NaN;
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
  const sources = walk(KERNEL_AREAS_DIR);
  const wasm = readdirSync(join(root, KERNEL_AREAS_DIR))
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
 * Why the built command line cannot run as it is: undefined when it can; otherwise
 * { kernels: true|false, reason } where kernels says the wasm modules must be rebuilt first.
 * Costs one stat per source file (about 200), well under a millisecond on a warm disk.
 */
export function staleReason() {
  const manifest = readManifest();
  const kernels = manifest?.kernels ?? kernelFiles();
  const wasmTimes = kernels.wasm.map((path) => mtime(join(root, path)));
  const missingWasm = kernels.wasm.find((_, i) => Number.isNaN(wasmTimes[i]));
  if (missingWasm) return { kernels: true, reason: `${missingWasm} is missing` };
  const oldestWasm = Math.min(...wasmTimes);
  for (const path of kernels.sources) {
    const time = mtime(join(root, path));
    if (!(time <= oldestWasm)) return { kernels: true, reason: `${path} is newer than the kernels` };
  }
  if (!manifest) return { kernels: false, reason: "the command line is not built yet" };
  for (const path of manifest.outputs)
    if (Number.isNaN(mtime(join(root, path)))) return { kernels: false, reason: `${path} is missing` };
  for (const path of manifest.inputs) {
    const time = mtime(join(root, path));
    // A deleted source fails the rebuild loudly if something still imports it.
    if (!(time <= manifest.builtAt)) return { kernels: false, reason: `${path} changed since the build` };
  }
  return undefined;
}

/**
 * Rewrites `import.meta.url` in a source module to that module's own URL, computed from the bundle's
 * location, so `new URL("../../build/math.wasm", import.meta.url)` and fixture paths resolve exactly as
 * they do from the sources. A worker shim URL is pointed at the built worker instead.
 */
function sourceUrlPlugin() {
  return {
    name: "source-import-meta-url",
    setup(build) {
      build.onLoad({ filter: /\.(ts|mts)$/ }, (args) => {
        let text = readFileSync(args.path, "utf8");
        if (!text.includes("import.meta.url")) return undefined;
        const fromBundle = posix(relative(outDir, args.path));
        for (const worker of WORKERS) {
          text = text.replace(
            /new URL\(\s*(["'])([^"'`]+)\1\s*,\s*import\.meta\.url\s*\)/g,
            (whole, _quote, target) =>
              resolve(dirname(args.path), target) === join(root, worker.shim)
                ? `new URL("./${worker.out}.mjs", __bundleUrl__)`
                : whole,
          );
        }
        text = text
          .replaceAll("import.meta.url", `new URL(${JSON.stringify(fromBundle)}, import.meta.url).href`)
          .replaceAll("__bundleUrl__", "import.meta.url");
        return { contents: text, loader: "ts" };
      });
    },
  };
}

function writeAtomically(path, contents) {
  mkdirSync(dirname(path), { recursive: true });
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, contents);
  renameSync(temporary, path);
}

/** Builds build/cli/ (skipped when fresh unless force). Returns the milliseconds it took, or 0 when skipped. */
export async function buildCli({ force = false, log = (text) => process.stderr.write(`${text}\n`) } = {}) {
  const stale = staleReason();
  if (stale?.kernels) {
    log(`relbench: building the WebAssembly kernels first (${stale.reason})`);
    const { spawnSync } = await import("node:child_process");
    const result = spawnSync(process.execPath, [join(root, "scripts", "build-kernels.mjs")], {
      cwd: root,
      stdio: ["ignore", 2, 2],
    });
    if (result.status !== 0) throw new Error("the kernel build failed (npm run build:kernels shows why)");
  }
  if (!force && !staleReason()) return 0;
  const started = performance.now();
  const builtAt = Date.now();
  const esbuild = await import("esbuild");
  const result = await esbuild.build({
    absWorkingDir: root,
    entryPoints: [
      { in: "src/cli/entry.ts", out: "relbench" },
      ...WORKERS.map((worker) => ({ in: worker.entry, out: worker.out })),
    ],
    outdir: outDir,
    // Chunks beside the entries: every output then resolves the rewritten URLs from the same folder.
    chunkNames: "chunk-[hash]",
    outExtension: { ".js": ".mjs" },
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "node",
    target: "node20",
    plugins: [sourceUrlPlugin()],
    metafile: true,
    write: false,
    logLevel: "silent",
    legalComments: "none",
  });
  const outputs = result.outputFiles.map((file) => posix(relative(root, file.path)));
  // Chunks first, entries and the manifest last: a concurrent run never imports a half-written set.
  const order = [...result.outputFiles].sort(
    (a, b) => Number(!a.path.includes("chunk-")) - Number(!b.path.includes("chunk-")),
  );
  for (const file of order) writeAtomically(file.path, file.contents);
  for (const name of existsSync(outDir) ? readdirSync(outDir) : []) {
    const path = posix(relative(root, join(outDir, name)));
    if (name.endsWith(".mjs") && !outputs.includes(path)) rmSync(join(outDir, name), { force: true });
  }
  const inputs = Object.keys(result.metafile.inputs).filter((path) => !path.includes("node_modules/"));
  writeAtomically(
    manifestPath,
    `${JSON.stringify(
      {
        version: MANIFEST_VERSION,
        builtAt,
        inputs: [...new Set([...inputs, ...EXTRA_INPUTS])].sort(),
        outputs,
        kernels: kernelFiles(),
      },
      null,
      1,
    )}\n`,
  );
  return performance.now() - started;
}

export const cliEntry = pathToFileURL(join(outDir, "relbench.mjs")).href;

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const ms = await buildCli({ force: process.argv.includes("--force") });
  if (ms) console.log(`cli: build/cli/relbench.mjs in ${Math.round(ms)} ms`);
}
