// The shape of a `relbench` subcommand. Every subcommand is listed once in commands.ts.
import type { ParseArgsConfig } from "node:util";

export type OptionSpec = NonNullable<ParseArgsConfig["options"]>;

export interface CliIO {
  out(text: string): void;
  err(text: string): void;
}

export interface ParsedCommandLine {
  values: Record<string, string | boolean | string[] | boolean[] | undefined>;
  positionals: string[];
}

/** A subcommand's behaviour; its name and one-line summary are in the table of commands.ts. */
export interface CliCommand {
  /** The full `--help` text: usage line, options, conventions. */
  help: string;
  options: OptionSpec;
  allowPositionals?: boolean;
  /** Returns the exit code (0 when omitted). */
  run(args: ParsedCommandLine, io: CliIO): Promise<number | undefined>;
}

/** Bad arguments or unreadable input: printed as one line, exit code 2. */
export class UsageError extends Error {
  override name = "UsageError";
}

/** By name, not instanceof: the built command line bundles each subcommand with its own copy of this class. */
export function isUsageError(error: unknown): error is UsageError {
  return error instanceof Error && error.name === "UsageError";
}

export function defineCommand(command: CliCommand): CliCommand {
  return command;
}

/** Common option every command accepts. */
export const jsonOption: OptionSpec = { json: { type: "boolean", default: false } };
