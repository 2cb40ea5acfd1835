import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";

function relbench(...args: string[]) {
  const result = spawnSync(process.execPath, ["bin/relbench.cjs", ...args], { encoding: "utf8" });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe("relbench command line", () => {
  it("lists its commands with --help and exits 0", () => {
    const r = relbench("--help");
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/version/);
    expect(r.stdout).toMatch(/bench/);
  });

  it("prints versions as JSON", () => {
    const r = relbench("version", "--json");
    expect(r.code).toBe(0);
    const info = JSON.parse(r.stdout);
    expect(info.app).toMatch(/^\d+\.\d+\.\d+$/);
    expect(info.kernel).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it("answers an unknown command or option with one line on stderr and exit code 2", () => {
    for (const args of [["frobnicate"], ["version", "--nope"], ["bench", "--filter", "no-such-benchmark"]]) {
      const r = relbench(...args);
      expect(r.code, args.join(" ")).toBe(2);
      expect(r.stderr.trim().split("\n")).toHaveLength(1);
      expect(r.stderr).toMatch(/^relbench/);
    }
  });

  it("runs the sort benchmark quickly and reports a median and a ratio as JSON", () => {
    const r = relbench("bench", "--quick", "--json", "--filter", "sort");
    expect(r.code).toBe(0);
    const report = JSON.parse(r.stdout);
    expect(report.results).toHaveLength(1);
    const [result] = report.results;
    expect(result.kernelMedianMs).toBeGreaterThan(0);
    expect(result.baselineMedianMs).toBeGreaterThan(0);
    expect(result.ratio).toBeCloseTo(result.baselineMedianMs / result.kernelMedianMs, 10);
  });
});
