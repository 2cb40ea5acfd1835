// The process entry of `relbench`: bin/relbench.cjs runs the build of this file (build/cli/relbench.cjs);
// `node --import tsx src/cli/entry.ts ARGS` runs the same from the sources.
import { runCli } from "./main.ts";

// A reader that stops early (`relbench fta big.xml --list | head`) ends the run quietly, not with a stack trace.
process.stdout.on("error", (error: NodeJS.ErrnoException) => {
  if (error.code !== "EPIPE") throw error;
  process.exit(0);
});

void runCli(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
});
