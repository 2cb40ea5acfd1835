// Whole-process timing for the comparisons with SCRAM and R: each command is started as its own process, the
// commands take turns (A B C A B C ...) so drift on a shared machine hits them alike, and the median wall
// time from spawn to exit is reported. Output goes to /dev/null (a run that must be checked is run once more).
import { spawnSync } from "node:child_process";

export interface ProcessCommand {
  name: string;
  argv: string[];
}

export interface ProcessTiming {
  medianMs: number;
  minMs: number;
  maxMs: number;
  runs: number;
  /** Exit code of the last run. */
  code: number | null;
}

export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[s.length >> 1] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** Times every command `runs` times, in turns, after one untimed warm-up round (disk cache). */
export function timeProcesses(
  commands: ProcessCommand[],
  runs: number,
  { warmup = 1, timeoutMs = 600_000 } = {},
): Record<string, ProcessTiming> {
  const times = new Map<string, number[]>(commands.map((c) => [c.name, []]));
  const last = new Map<string, number | null>();
  for (let round = -warmup; round < runs; round++) {
    for (const command of commands) {
      const started = performance.now();
      const result = spawnSync(command.argv[0], command.argv.slice(1), {
        stdio: "ignore",
        timeout: timeoutMs,
      });
      const ms = performance.now() - started;
      if (result.error) throw new Error(`${command.argv.join(" ")}: ${result.error.message}`);
      if (round >= 0) times.get(command.name)?.push(ms);
      last.set(command.name, result.status);
    }
  }
  const out: Record<string, ProcessTiming> = {};
  for (const command of commands) {
    const ms = times.get(command.name) ?? [];
    out[command.name] = {
      medianMs: median(ms),
      minMs: Math.min(...ms),
      maxMs: Math.max(...ms),
      runs: ms.length,
      code: last.get(command.name) ?? null,
    };
  }
  return out;
}
