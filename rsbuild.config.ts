import { spawnSync } from "node:child_process";
import { defineConfig, type RsbuildPlugin } from "@rsbuild/core";
import { pluginReact } from "@rsbuild/plugin-react";

/** Compiles assembly/ into build/*.wasm before every (re)compilation; the script skips what is up to date. */
const pluginAssemblyScript = (): RsbuildPlugin => ({
  name: "relbench:assemblyscript",
  setup(api) {
    api.onBeforeCreateCompiler(() => {
      const result = spawnSync(process.execPath, ["scripts/build-kernels.mjs"], { stdio: "inherit" });
      if (result.status !== 0) throw new Error("AssemblyScript build failed");
    });
  },
});

const apiPort = process.env.API_PORT ?? "8080";

export default defineConfig({
  plugins: [pluginAssemblyScript(), pluginReact()],
  source: { entry: { index: "./src/app/main.tsx" } },
  html: { title: "relbench", favicon: "./src/app/assets/favicon.svg" },
  output: { polyfill: "off" },
  performance: { chunkSplit: { strategy: "split-by-experience" } },
  dev: { watchFiles: { paths: ["assembly/**/*.ts"], type: "restart" } },
  server: {
    port: 3000,
    proxy: { "/api": { target: `http://127.0.0.1:${apiPort}`, changeOrigin: true } },
  },
});
