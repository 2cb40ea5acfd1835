#!/usr/bin/env node
// The `relbench` command line. The sources are TypeScript; tsx compiles them on load.
import { register } from "tsx/esm/api";

register();
const { runCli } = await import("../src/cli/main.ts");
process.exitCode = await runCli(process.argv.slice(2));
