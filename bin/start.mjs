#!/usr/bin/env node
// `npm start`: builds what is missing or stale (kernels, the command line, then the app), then starts the server in this process.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
process.chdir(root);

function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let max = 0;
  for (const entry of readdirSync(path)) max = Math.max(max, newest(join(path, entry)));
  return max;
}

function run(command, args) {
  const result = spawnSync(command, args, { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const rsbuild = join(root, "node_modules", "@rsbuild", "core", "bin", "rsbuild.js");
run(process.execPath, [join(root, "scripts", "build-kernels.mjs")]);
// The command line too, so `npx relbench` starts from JavaScript built ahead of time.
run(process.execPath, [join(root, "scripts", "build-cli.mjs")]);
const appSources = Math.max(
  ...["src/app", "src/kernels", "src/shared", "locales", "build", "rsbuild.config.ts", "package.json"].map(
    newest,
  ),
);
if (newest("dist/index.html") < appSources) run(process.execPath, [rsbuild, "build"]);

const { register } = await import("tsx/esm/api");
register();
const { main } = await import("../src/server/main.ts");
await main();
