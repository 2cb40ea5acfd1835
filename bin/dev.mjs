#!/usr/bin/env node
// `npm run dev`: the API server (restarted on change by tsx watch) on API_PORT (default 8080) and the rsbuild
// dev server with hot reload on http://localhost:3000, which proxies /api to it.
import { spawn } from "node:child_process";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const apiPort = process.env.API_PORT ?? "8080";
const children = [
  spawn(
    process.execPath,
    [join(root, "node_modules/tsx/dist/cli.mjs"), "watch", "--clear-screen=false", "src/server/run.ts"],
    {
      cwd: root,
      stdio: "inherit",
      env: { ...process.env, PORT: apiPort },
    },
  ),
  spawn(process.execPath, [join(root, "node_modules/@rsbuild/core/bin/rsbuild.js"), "dev"], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, API_PORT: apiPort },
  }),
];
const stop = () => {
  for (const child of children) child.kill("SIGINT");
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
for (const child of children)
  child.on("exit", (code) => {
    if (code) {
      stop();
      process.exitCode = code;
    }
  });
