// Builds the `relbench` command line ahead of time, so a run starts Node and a small bundle instead of
// compiling TypeScript on every start. esbuild bundles src/cli/entry.ts (the command table and argument
// parsing) and, separately, each subcommand module named in src/cli/commands.ts and the block-diagram worker
// thread, as CommonJS into build/cli/: a run loads the entry and the one subcommand it needs, and CommonJS
// spares Node's ES module loader (about 8 ms of a 55 ms start). build/cli/manifest.json lists the sources of
// each bundle; bin/relbench.cjs checks those of the bundles a run loads (scripts/cli-freshness.cjs) before it
// starts and rebuilds when one is newer, so what runs is never stale. The wasm modules are not bundled: they
// load from build/*.wasm as in the app, and stale or missing kernels are rebuilt first.
// `node scripts/build-cli.mjs [--force]` (npm start, npm test and the vitest setup run it).
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import freshness from "./cli-freshness.cjs";

const { MANIFEST_VERSION, root, outDir, manifestPath, kernelFiles, staleReason } = freshness;
const COMMANDS = "src/cli/commands.ts";

/** Files whose change must rebuild the bundle although esbuild does not list them as inputs. */
const EXTRA_INPUTS = [
  "scripts/build-cli.mjs",
  "scripts/cli-freshness.cjs",
  "package-lock.json",
  "package.json",
];

/**
 * Worker-thread entries: a `new URL("<shim>", import.meta.url)` in the sources points at a shim that
 * registers tsx; in the bundle it points at the shim's TypeScript entry, built beside the others.
 */
const WORKERS = [
  { shim: "src/kernels/rbd/node-worker.mjs", entry: "src/kernels/rbd/node-worker.ts", out: "rbd-worker" },
];

/** Dependencies loaded from node_modules when used: large, and needed by one path of one subcommand. */
const EXTERNAL = ["@e965/xlsx"];

const posix = (path) => path.split(sep).join("/");

/** The subcommand modules: the `import("./<name>.ts")` calls of the command table. */
function commandModules() {
  return [...readFileSync(join(root, COMMANDS), "utf8").matchAll(/import\("\.\/([\w-]+)\.ts"\)/g)].map(
    (m) => m[1],
  );
}

/**
 * The command table's lazy imports load each subcommand's own bundle; `import.meta.url`, which CommonJS
 * lacks, becomes the source module's own URL computed from the bundle's location, so
 * `new URL("../../build/math.wasm", import.meta.url)` and fixture paths resolve exactly as from the sources.
 * A worker shim's URL is pointed at the built worker instead.
 */
function sourcePathsPlugin() {
  return {
    name: "relbench-source-paths",
    setup(build) {
      build.onResolve({ filter: /^\.\/[\w-]+\.ts$/ }, (args) =>
        args.kind === "dynamic-import" && args.importer === join(root, COMMANDS)
          ? { path: `./command-${args.path.slice(2, -3)}.cjs`, external: true }
          : undefined,
      );
      build.onLoad({ filter: /\.(ts|mts)$/ }, (args) => {
        let text = readFileSync(args.path, "utf8");
        if (!text.includes("import.meta.url")) return undefined;
        text = text.replace(
          /new URL\(\s*(["'])([^"'`]+)\1\s*,\s*import\.meta\.url\s*\)/g,
          (whole, _quote, target) => {
            const worker = WORKERS.find((w) => resolve(dirname(args.path), target) === join(root, w.shim));
            return worker ? `new URL("./${worker.out}.cjs", __bundleUrl)` : whole;
          },
        );
        const fromBundle = posix(relative(outDir, args.path));
        text = text.replaceAll("import.meta.url", `new URL(${JSON.stringify(fromBundle)}, __bundleUrl).href`);
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
      ...commandModules().map((name) => ({ in: `src/cli/${name}.ts`, out: `command-${name}` })),
      ...WORKERS.map((worker) => ({ in: worker.entry, out: worker.out })),
    ],
    // Every output in one folder, so the rewritten URLs resolve alike from each.
    outdir: outDir,
    outExtension: { ".js": ".cjs" },
    bundle: true,
    format: "cjs",
    platform: "node",
    target: "node20",
    // import() becomes require(): a lazily loaded bundle or dependency never starts the ES module loader.
    supported: { "dynamic-import": false },
    external: EXTERNAL,
    banner: { js: 'var __bundleUrl = require("node:url").pathToFileURL(__filename).href;' },
    plugins: [sourcePathsPlugin()],
    metafile: true,
    write: false,
    logLevel: "silent",
    legalComments: "none",
  });
  const outputs = result.outputFiles.map((file) => posix(relative(root, file.path)));
  // Each file replaced whole, the entry last: a concurrent run never loads half a file.
  const order = [...result.outputFiles].sort(
    (a, b) => Number(a.path.endsWith("relbench.cjs")) - Number(b.path.endsWith("relbench.cjs")),
  );
  for (const file of order) writeAtomically(file.path, file.contents);
  // Compiled code cached by bin/relbench.cjs for the old bundles is of no further use.
  rmSync(join(outDir, "cache"), { recursive: true, force: true });
  for (const name of existsSync(outDir) ? readdirSync(outDir) : []) {
    const path = posix(relative(root, join(outDir, name)));
    if (/\.c?m?js$/.test(name) && !outputs.includes(path)) rmSync(join(outDir, name), { force: true });
  }
  // Each bundle's own sources, so a run checks those of the bundles it loads (scripts/cli-freshness.cjs).
  const bundles = {};
  for (const [path, output] of Object.entries(result.metafile.outputs)) {
    if (!path.endsWith(".cjs")) continue;
    const name = path.slice(path.lastIndexOf("/") + 1, -".cjs".length);
    bundles[name] = Object.keys(output.inputs)
      .filter((input) => !input.includes("node_modules/"))
      .sort();
  }
  writeAtomically(
    manifestPath,
    `${JSON.stringify(
      {
        version: MANIFEST_VERSION,
        builtAt,
        always: EXTRA_INPUTS,
        bundles,
        workers: WORKERS.map((worker) => worker.out),
        kernels: kernelFiles(),
      },
      null,
      1,
    )}\n`,
  );
  return performance.now() - started;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const ms = await buildCli({ force: process.argv.includes("--force") });
  if (ms) console.log(`cli: build/cli/relbench.cjs in ${Math.round(ms)} ms`);
}
