// The process entry of `relbench`: bin/relbench.cjs runs the build of this file (build/cli/relbench.cjs);
// `node --import tsx src/cli/entry.ts ARGS` runs the same from the sources.
import { runCli } from "./main.ts";

void runCli(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
});
