// The browser figures of the life-data e2e (bench/life-e2e.ts): medians over the newest commit's last three
// runs, and the table `relbench bench` prints.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { type LifeE2eRun, lifeE2eTable, summarizeRuns } from "../../../../bench/life-e2e.ts";

const run = (commit: string, ms: number): LifeE2eRun => ({
  at: "2026-11-25T00:00:00Z",
  commit,
  rows: 400_000,
  suspensions: 120_000,
  viewport: "1920x1080",
  steps: { save: { ms, longestTaskMs: ms / 10, tasksOver50: 1, busyOver50Ms: ms / 10 } },
  plottedPoints: 300,
  cli: {},
  app: {},
});

describe("life e2e report", () => {
  it("keeps the newest commit's last three runs and their medians", () => {
    const report = summarizeRuns([
      run("old", 1),
      run("new", 500),
      run("new", 300),
      run("new", 900),
      run("new", 400),
    ]);
    expect(report.runs.map((r) => r.steps.save.ms)).toEqual([300, 900, 400]);
    expect(report.medians.save.ms).toBe(400);
    expect(report.medians.save.longestTaskMs).toBe(40);
  });

  it("prints a table when the report exists, nothing otherwise", () => {
    const dir = mkdtempSync(join(tmpdir(), "life-e2e-"));
    expect(lifeE2eTable(join(dir, "absent.json"))).toBeNull();
    const path = join(dir, "life-e2e.json");
    writeFileSync(path, JSON.stringify(summarizeRuns([run("abc", 250)])));
    const table = lifeE2eTable(path) ?? "";
    expect(table).toContain("medians of 1 run(s), commit abc");
    expect(table).toMatch(/save\s+250\s+25\s+1/);
  });
});
