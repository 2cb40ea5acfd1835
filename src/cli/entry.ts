// The process entry of `relbench`: bin/relbench.mjs imports the build of this file (build/cli/relbench.mjs);
// `node --import tsx src/cli/entry.ts ARGS` runs the same from the sources.
import { runCli } from "./main.ts";

process.exitCode = await runCli(process.argv.slice(2));
