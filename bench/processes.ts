// Whole-process timing for the comparisons with SCRAM and R: each command is started as its own process, the
// commands take turns (A B C A B C ...) so drift on a shared machine hits them alike, and the median wall
// time from spawn to exit is reported. On a busy machine wall time mostly measures the wait for a core, so
// each run's CPU time (user + system, all threads) is taken too: bash starts the command and prints what
// the kernel accounted to it (`times`, to the millisecond; GNU time prints 10 ms steps, too coarse for the
// few milliseconds that separate relbench from SCRAM on a small tree) and the wall time between its start
// and its exit ($EPOCHREALTIME, so bash's own start is not counted). Where GNU time is installed
// (/usr/bin/time, Debian's `time`), the peak resident memory comes from it. Output goes to /dev/null (a
// run that must be checked is run once more).
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
  /** Median CPU time, user + system; null without bash. */
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
/** Runs "$@" with its output to /dev/null; prints "wall-start wall-end status" and then `times`. */
const TIMED = 't0=$EPOCHREALTIME; "$@" >/dev/null 2>&1; s=$?; t1=$EPOCHREALTIME; echo "$t0 $t1 $s"; times';

/** `times`' second line: the children's user and system time, "0m0.047s 0m0.008s". */
function childrenCpuMs(line: string): number {
  let ms = 0;
  for (const [, minutes, seconds] of line.matchAll(/(\d+)m([\d.]+)s/g))
    ms += (Number(minutes) * 60 + Number(seconds)) * 1000;
  return ms;
}

/** Times every command `runs` times, in turns, after one untimed warm-up round (disk cache). */
export function timeProcesses(
  commands: ProcessCommand[],
  runs: number,
  { warmup = 1, timeoutMs = 600_000 } = {},
): Record<string, ProcessTiming> {
  const bash = /^\d+[.,]\d+/.test(
    spawnSync("bash", ["-c", "echo $EPOCHREALTIME"], { encoding: "utf8" }).stdout ?? "",
  );
  const gnuTime = existsSync(GNU_TIME);
  const report = join(mkdtempSync(join(tmpdir(), "relbench-processes-")), "time.txt");
  const samples = new Map(
    commands.map((c) => [c.name, { wall: [] as number[], cpu: [] as number[], rss: [] as number[] }]),
  );
  const last = new Map<string, number | null>();
  for (let round = -warmup; round < runs; round++) {
    for (const command of commands) {
      let argv = bash ? ["bash", "-c", TIMED, "timed", ...command.argv] : command.argv;
      if (gnuTime) argv = [GNU_TIME, "-f", "%M", "-o", report, ...argv];
      const started = performance.now();
      const result = spawnSync(argv[0], argv.slice(1), {
        stdio: ["ignore", bash ? "pipe" : "ignore", "ignore"],
        encoding: "utf8",
        timeout: timeoutMs,
      });
      let ms = performance.now() - started;
      if (result.error) throw new Error(`${command.argv.join(" ")}: ${result.error.message}`);
      let status = result.status;
      let cpu: number | undefined;
      if (bash) {
        const [marks, , children] = result.stdout.trim().split("\n");
        // $EPOCHREALTIME is written with the locale's decimal separator.
        const [t0, t1, code] = marks.split(" ").map((x) => Number(x.replace(",", ".")));
        ms = (t1 - t0) * 1000;
        status = code;
        cpu = childrenCpuMs(children);
      }
      last.set(command.name, status);
      if (round < 0) continue;
      const s = samples.get(command.name);
      s?.wall.push(ms);
      if (cpu !== undefined) s?.cpu.push(cpu);
      // The last line: GNU time puts "Command exited with non-zero status" lines before it.
      if (gnuTime) s?.rss.push(Number(readFileSync(report, "utf8").trim().split("\n").pop()) * 1024);
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
