// The life-data screen at 400,000 rows as a browser user meets it (issue 16): the e2e test
// tests/e2e/life-400k.spec.ts times each step on the page's own clock (performance.now) with a long-task observer
// and keeps its last three runs and their medians in bench/results/life-e2e.json. `relbench bench` prints
// that file beside the kernel figures when it exists; nothing here runs a browser.
import { existsSync, readFileSync } from "node:fs";

export const LIFE_E2E_REPORT = "bench/results/life-e2e.json";

export interface StepTiming {
  /** Wall time of the step on the page's clock, ms. */
  ms: number;
  /** The longest main-thread task overlapping the step, ms (0 when none passed 50 ms). */
  longestTaskMs: number;
  tasksOver50: number;
  busyOver50Ms: number;
}

export interface LifeE2eRun {
  at: string;
  commit: string;
  rows: number;
  suspensions: number;
  viewport: string;
  steps: Record<string, StepTiming & Record<string, unknown>>;
  plottedPoints: number;
  cli: Record<string, number>;
  app: Record<string, number>;
}

export interface LifeE2eReport {
  how: string;
  /** Medians over `runs` (those of the newest run's commit), per step. */
  medians: Record<string, StepTiming>;
  runs: LifeE2eRun[];
}

const median = (values: number[]) => {
  const v = [...values].sort((a, b) => a - b);
  const m = v.length >> 1;
  return v.length % 2 ? v[m] : (v[m - 1] + v[m]) / 2;
};

/** Keeps the newest three runs of the newest run's commit and their medians. */
export function summarizeRuns(all: LifeE2eRun[]): LifeE2eReport {
  const newest = all[all.length - 1];
  const runs = all.filter((r) => r.commit === newest.commit).slice(-3);
  const medians: Record<string, StepTiming> = {};
  for (const step of Object.keys(newest.steps)) {
    const of = (key: keyof StepTiming) => median(runs.map((r) => r.steps[step]?.[key] ?? 0));
    medians[step] = {
      ms: of("ms"),
      longestTaskMs: of("longestTaskMs"),
      tasksOver50: of("tasksOver50"),
      busyOver50Ms: of("busyOver50Ms"),
    };
  }
  return {
    how:
      "tests/e2e/life-400k.spec.ts in Debian Chromium against the production build and the embedded database: " +
      "400,000 rows, wall time per step on performance.now(), main-thread tasks over 50 ms from a longtask " +
      "PerformanceObserver; medians of the runs listed.",
    medians,
    runs,
  };
}

/** The report as a table for `relbench bench`, or null when no e2e run has written it. */
export function lifeE2eTable(path = LIFE_E2E_REPORT): string | null {
  if (!existsSync(path)) return null;
  const report = JSON.parse(readFileSync(path, "utf8")) as LifeE2eReport;
  const lines = [
    `Life data in the browser, ${report.runs[0]?.rows ?? "?"} rows (${path}; medians of ${report.runs.length} run(s), commit ${report.runs.at(-1)?.commit ?? "?"})`,
    `${"step".padEnd(12)}${"ms".padStart(9)}${"longest task".padStart(14)}${"tasks>50ms".padStart(12)}`,
  ];
  for (const [step, m] of Object.entries(report.medians))
    lines.push(
      `${step.padEnd(12)}${String(m.ms).padStart(9)}${String(m.longestTaskMs).padStart(14)}${String(m.tasksOver50).padStart(12)}`,
    );
  return lines.join("\n");
}
