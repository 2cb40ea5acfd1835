// Compiles every assembly/<area>.ts entry into build/<area>.wasm with raw bindings (build/<area>.js, .d.ts).
// Skips an entry whose output is newer than every file under assembly/, so `npm start` and `npm test`
// stay fast when nothing changed. `--force` rebuilds all; `--target debug` builds with debug info;
// KERNELS=math,life builds only those entries.
import { existsSync, mkdirSync, readdirSync, statSync } from "node:fs";
import { basename, join } from "node:path";
import { fileURLToPath } from "node:url";
import asc from "assemblyscript/asc";

const root = fileURLToPath(new URL("..", import.meta.url));
const assemblyDir = join(root, "assembly");
const buildDir = join(root, "build");
const args = process.argv.slice(2);
const force = args.includes("--force");
const target = args.includes("--target") ? args[args.indexOf("--target") + 1] : "release";

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

const only = process.env.KERNELS ? process.env.KERNELS.split(",").map((s) => s.trim()) : undefined;
const entries = readdirSync(assemblyDir)
  .filter((name) => name.endsWith(".ts"))
  .map((name) => basename(name, ".ts"))
  .filter((area) => !only || only.includes(area));

const sourcesChanged = newestMtime(assemblyDir);
mkdirSync(buildDir, { recursive: true });
let failed = false;
for (const area of entries) {
  const wasm = join(buildDir, `${area}.wasm`);
  if (!force && existsSync(wasm) && statSync(wasm).mtimeMs > sourcesChanged) continue;
  const started = performance.now();
  const { error, stderr } = await asc.main(
    [join("assembly", `${area}.ts`), "--config", "asconfig.json", "--target", target, "--outFile", wasm],
    { stdout: process.stdout, stderr: process.stderr },
  );
  if (error) {
    failed = true;
    console.error(`asc failed for assembly/${area}.ts: ${error.message}`);
    if (stderr) console.error(stderr.toString());
  } else {
    console.log(`kernels: build/${area}.wasm (${target}) in ${Math.round(performance.now() - started)} ms`);
  }
}
if (failed) process.exit(1);
