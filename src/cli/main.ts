// `relbench <command> [options]`: looks the command up in the one table, parses its options strictly,
// and turns bad arguments or unreadable input into one line on stderr and exit code 2.
import { writeSync } from "node:fs";
import { parseArgs } from "node:util";
import { APP_VERSION } from "../shared/version.ts";
import { type CliIO, isUsageError, UsageError } from "./command.ts";
import { commands } from "./commands.ts";

const io: CliIO = {
  out: (text) => writeOut(`${text}\n`),
  err: (text) => process.stderr.write(`${text}\n`),
};

/**
 * Writes to file descriptor 1 directly: process.stdout on a pipe loads and sets up Node's stream and socket
 * modules, about 4 ms of CPU that is a tenth of a small fault tree's whole run. Pipes, files and terminals
 * take it alike; a descriptor left non-blocking by the caller (EAGAIN) gets the rest through
 * process.stdout, which waits. A reader that stops early (`relbench fta big.xml --list | head`) ends the
 * run quietly, not with a stack trace.
 */
let stdout: NodeJS.WriteStream | undefined;

function writeOut(text: string): void {
  if (stdout) {
    stdout.write(text);
    return;
  }
  const bytes = Buffer.from(text);
  let at = 0;
  try {
    while (at < bytes.length) at += writeSync(1, bytes, at);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "EPIPE") process.exit(0);
    if (code !== "EAGAIN") throw error;
    stdout = process.stdout;
    stdout.on("error", (streamError: NodeJS.ErrnoException) => {
      if (streamError.code !== "EPIPE") throw streamError;
      process.exit(0);
    });
    stdout.write(bytes.subarray(at));
  }
}

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
