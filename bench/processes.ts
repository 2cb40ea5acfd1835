// Whole-process timing for the comparisons with SCRAM and R: each command is started as its own process, the
// commands take turns (A B C A B C ...) so drift on a shared machine hits them alike, and the median wall
// time from spawn to exit is reported. Where GNU time is installed (/usr/bin/time, Debian's `time`), each
// run's CPU time (user + system, all threads) and peak resident memory are taken from it too: on a busy
// machine wall time mostly measures the wait for a core, CPU time what the command itself needs. Output
// goes to /dev/null (a run that must be checked is run once more).
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export interface ProcessCommand {
  name: string;
  argv: string[];
}

export interface ProcessTiming {
  medianMs: number;
  minMs: number;
  maxMs: number;
  /** Median CPU time, user + system; null without GNU time. */
  cpuMedianMs: number | null;
  /** Largest peak resident set of the runs; null without GNU time. */
  peakRssBytes: number | null;
  runs: number;
  /** Exit code of the last run. */
  code: number | null;
}

export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[s.length >> 1] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

const GNU_TIME = "/usr/bin/time";

/** Times every command `runs` times, in turns, after one untimed warm-up round (disk cache). */
export function timeProcesses(
  commands: ProcessCommand[],
  runs: number,
  { warmup = 1, timeoutMs = 600_000 } = {},
): Record<string, ProcessTiming> {
  const gnuTime = existsSync(GNU_TIME);
  const report = join(mkdtempSync(join(tmpdir(), "relbench-processes-")), "time.txt");
  const samples = new Map(
    commands.map((c) => [c.name, { wall: [] as number[], cpu: [] as number[], rss: [] as number[] }]),
  );
  const last = new Map<string, number | null>();
  for (let round = -warmup; round < runs; round++) {
    for (const command of commands) {
      const argv = gnuTime ? [GNU_TIME, "-f", "%e %U %S %M", "-o", report, ...command.argv] : command.argv;
      const started = performance.now();
      const result = spawnSync(argv[0], argv.slice(1), { stdio: "ignore", timeout: timeoutMs });
      const ms = performance.now() - started;
      if (result.error) throw new Error(`${command.argv.join(" ")}: ${result.error.message}`);
      last.set(command.name, result.status);
      if (round < 0) continue;
      const s = samples.get(command.name);
      s?.wall.push(ms);
      if (gnuTime) {
        // The last line: GNU time puts "Command exited with non-zero status" lines before it.
        const [, user, system, kib] =
          readFileSync(report, "utf8").trim().split("\n").pop()?.split(" ").map(Number) ?? [];
        s?.cpu.push((user + system) * 1000);
        s?.rss.push(kib * 1024);
      }
    }
  }
  const out: Record<string, ProcessTiming> = {};
  for (const command of commands) {
    const s = samples.get(command.name) ?? { wall: [], cpu: [], rss: [] };
    out[command.name] = {
      medianMs: median(s.wall),
      minMs: Math.min(...s.wall),
      maxMs: Math.max(...s.wall),
      cpuMedianMs: s.cpu.length ? median(s.cpu) : null,
      peakRssBytes: s.rss.length ? Math.max(...s.rss) : null,
      runs: s.wall.length,
      code: last.get(command.name) ?? null,
    };
  }
  return out;
}
