// `relbench <command> [options]`: looks the command up in the one table, parses its options strictly,
// and turns bad arguments or unreadable input into one line on stderr and exit code 2.
import { parseArgs } from "node:util";
import { APP_VERSION } from "../shared/version.ts";
import { type CliIO, isUsageError, UsageError } from "./command.ts";
import { commands } from "./commands.ts";

const io: CliIO = {
  out: (text) => process.stdout.write(`${text}\n`),
  err: (text) => process.stderr.write(`${text}\n`),
};

function overview(): string {
  const width = Math.max(...commands.map((c) => c.name.length));
  return [
    `relbench ${APP_VERSION}: reliability analyses from the command line`,
    "",
    "Usage: relbench <command> [options]",
    "",
    "Commands:",
    ...commands.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
    "",
    "Run `relbench <command> --help` for a command's options.",
  ].join("\n");
}

export async function runCli(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === "--help" || name === "-h" || name === "help") {
    io.out(overview());
    return name ? 0 : 2;
  }
  if (name === "--version") {
    io.out(APP_VERSION);
    return 0;
  }
  const entry = commands.find((c) => c.name === name);
  try {
    if (!entry) throw new UsageError(`unknown command '${name}' (see relbench --help)`);
    const command = await entry.load();
    if (rest.includes("--help") || rest.includes("-h")) {
      io.out(command.help);
      return 0;
    }
    let parsed: ReturnType<typeof parseArgs>;
    try {
      parsed = parseArgs({
        args: rest,
        options: command.options,
        allowPositionals: command.allowPositionals ?? false,
        strict: true,
      });
    } catch (error) {
      throw new UsageError((error as Error).message.split("\n")[0]);
    }
    return (await command.run(parsed as Parameters<typeof command.run>[0], io)) ?? 0;
  } catch (error) {
    if (isUsageError(error)) {
      io.err(`relbench${entry ? ` ${entry.name}` : ""}: ${error.message}`);
      return 2;
    }
    io.err(`relbench: ${(error as Error)?.stack ?? String(error)}`);
    return 1;
  }
}
