// The one table of `relbench` subcommands.
import { benchCommand } from "./bench.ts";
import type { CliCommand } from "./command.ts";
import { ftaCommand } from "./fta.ts";
import { lifeCommand } from "./life.ts";
import { rbdCommand } from "./rbd.ts";
import { versionCommand } from "./version.ts";

export const commands: CliCommand[] = [versionCommand, benchCommand, rbdCommand, lifeCommand, ftaCommand];
