// `relbench bench --compare`: the rank-test interval against a brute-force enumeration, and the gate on real
// runs: it flags an injected 2x slowdown and lets two runs of the same build pass. No timed assertions: the
// verdicts come from the rank test over the rounds, which is what makes them hold on a busy machine.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { compareResult, shiftInterval } from "../../bench/compare.ts";
import type { BenchResult } from "../../bench/harness.ts";

const dir = mkdtempSync(join(tmpdir(), "relbench-compare-"));

function relbench(...args: string[]) {
  const result = spawnSync(process.execPath, ["bin/relbench.cjs", "bench", ...args], { encoding: "utf8" });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** P(U <= u) for every u by listing all C(m+n, m) ways to rank two samples: the independent reference. */
function bruteForceCdf(m: number, n: number): number[] {
  const counts = new Array<number>(m * n + 1).fill(0);
  for (let mask = 0; mask < 1 << (m + n); mask++) {
    let ones = 0;
    for (let b = 0; b < m + n; b++) ones += (mask >> b) & 1;
    if (ones !== m) continue;
    // U = pairs with the first sample's member ranked above the second's.
    let u = 0;
    let seconds = 0;
    for (let b = 0; b < m + n; b++) {
      if ((mask >> b) & 1) u += seconds;
      else seconds++;
    }
    counts[u]++;
  }
  const total = counts.reduce((s, c) => s + c, 0);
  let sum = 0;
  return counts.map((c) => {
    sum += c;
    return sum / total;
  });
}

describe("shiftInterval (Hodges-Lehmann with the Mann-Whitney interval)", () => {
  it("takes the order statistics the exact U distribution gives, for several sample sizes", () => {
    for (const [m, n] of [
      [4, 4],
      [5, 5],
      [4, 7],
      [6, 5],
      [8, 8],
    ]) {
      const cdf = bruteForceCdf(m, n);
      // The largest k with P(U <= k - 1) <= 0.025.
      let k = 0;
      while (cdf[k] <= 0.025) k++;
      const base = Array.from({ length: m }, (_, i) => i * 1.37);
      const current = Array.from({ length: n }, (_, j) => 0.5 + j * 0.91);
      const differences = current.flatMap((y) => base.map((x) => y - x)).sort((a, b) => a - b);
      const interval = shiftInterval(base, current);
      expect(interval, `${m},${n}`).toBeDefined();
      expect(interval?.lower).toBe(differences[k - 1]);
      expect(interval?.upper).toBe(differences[m * n - k]);
      expect(interval?.coverage).toBeCloseTo(1 - 2 * (k ? cdf[k - 1] : 0), 12);
      expect(interval?.coverage).toBeGreaterThanOrEqual(0.95);
    }
    // 5 and 5 rounds: the textbook critical value, P(U <= 2) = 4/252, gives [D(3), D(23)] at 96.8%.
    expect(shiftInterval([1, 2, 3, 4, 5], [1, 2, 3, 4, 5])?.coverage).toBeCloseTo(1 - 8 / 252, 12);
  });

  it("has no 95% interval from 3 rounds against 3, and its estimate is the median pairwise difference", () => {
    expect(shiftInterval([1, 2, 3], [1, 2, 3])).toBeUndefined();
    expect(shiftInterval([0, 1, 2, 10], [5, 6, 7, 8])?.estimate).toBe(5);
  });

  it("calls a run slower only when the whole interval lies beyond the tolerance", () => {
    const result = (kernel: number[], baseline: number[]) =>
      ({ id: "x", kernelRoundsMs: kernel, baselineRoundsMs: baseline }) as BenchResult;
    const base = result([10, 11, 9, 10.5, 9.5, 10.2], [20, 22, 18, 21, 19, 20.4]);
    const twice = result([20, 22, 18, 21, 19, 20.4], [20, 22, 18, 21, 19, 20.4]);
    expect(compareResult(base, twice, 0.1).verdict).toBe("slower");
    expect(compareResult(twice, base, 0.1).verdict).toBe("faster");
    expect(compareResult(base, base, 0.1).verdict).toBe("unchanged");
    // The machine twice as busy slows kernel and baseline alike: not a regression of the kernel.
    const busy = result([20, 22, 18, 21, 19, 20.4], [40, 44, 36, 42, 38, 40.8]);
    const c = compareResult(base, busy, 0.1);
    expect(c.verdict).toBe("unchanged");
    expect(c.absoluteChange).toBeCloseTo(1, 10);
    // Too few rounds for an interval: never a failure.
    expect(compareResult(result([1, 1, 1], [1, 1, 1]), result([9, 9, 9], [1, 1, 1]), 0.1).verdict).toBe(
      "uncertain",
    );
  });
});

describe("relbench bench --compare", () => {
  // A small benchmark with rounds enough for a narrow interval on a busy machine.
  const run = ["--filter", "normal-quantile", "--rounds", "21"];
  const base = join(dir, "base.json");

  // The README's CI recipe, run as written on one small benchmark (--filter and --rounds appended).
  const recipe = (() => {
    const readme = readFileSync("README.md", "utf8");
    const block = readme.slice(readme.indexOf("A CI recipe:"));
    return [...block.matchAll(/^npx relbench (bench .*)$/gm)]
      .slice(0, 2)
      .map((m) =>
        m[1]
          .replace('"$GITHUB_STEP_SUMMARY"', join(dir, "summary.md"))
          .replaceAll("bench-base.json", base)
          .split(" ")
          .slice(1),
      );
  })();

  it("passes a second run of the same build and fails an injected 2x slowdown with exit code 1", () => {
    expect(recipe[0]).toEqual(["--quick", "--json", "--out", base]);
    expect(recipe[1].slice(0, 3)).toEqual(["--quick", "--compare", base]);
    const first = relbench(...recipe[0], ...run);
    expect(first.code, first.stderr).toBe(0);
    const report = JSON.parse(readFileSync(base, "utf8"));
    expect(report.schema).toBe("relbench-bench/1");
    expect(report.results.map((r: BenchResult) => r.id)).toEqual(["normal-quantile-1m"]);
    expect(report.results[0].kernelRoundsMs).toHaveLength(21);

    const same = relbench(...recipe[1], ...run);
    expect(same.code, same.stdout).toBe(0);
    expect(readFileSync(join(dir, "summary.md"), "utf8")).toMatch(/no kernel slower/);

    const markdown = join(dir, "slow.md");
    const slow = relbench(
      "--quick",
      ...run,
      "--compare",
      base,
      "--slowdown",
      "2",
      "--markdown",
      markdown,
      "--json",
    );
    expect(slow.code, slow.stdout).toBe(1);
    expect(JSON.parse(slow.stdout).comparison.results[0].verdict).toBe("slower");
    expect(readFileSync(markdown, "utf8")).toMatch(/\*\*slower: normal-quantile-1m\*\*/);
  }, 180_000);

  // CI's gate (.ci/run) with a stored base, as the artifact recipe gives it; the run before wrote `base`.
  it("scripts/bench-gate.sh passes the same build against a stored base and fails a 2x slowdown", () => {
    const gate = (env: Record<string, string>, ...args: string[]) => {
      const r = spawnSync("scripts/bench-gate.sh", [...run, ...args], {
        encoding: "utf8",
        env: { ...process.env, BENCH_BASE: base, BENCH_SUMMARY: join(dir, "gate.md"), ...env },
      });
      return { code: r.status, stdout: r.stdout, stderr: r.stderr };
    };
    const same = gate({});
    expect(same.code, same.stderr).toBe(0);
    expect(readFileSync(join(dir, "gate.md"), "utf8")).toMatch(/no kernel slower/);
    const slow = gate({ BENCH_TOLERANCE: "10" }, "--slowdown", "2");
    expect(slow.code, slow.stdout).toBe(1);
    expect(readFileSync(join(dir, "gate.md"), "utf8")).toMatch(/\*\*slower: normal-quantile-1m\*\*/);
  }, 180_000);

  it("scripts/bench-gate.sh without a base commit says so in one line and runs the benchmarks alone", () => {
    const r = spawnSync("scripts/bench-gate.sh", ["--filter", "normal-quantile", "--rounds", "5"], {
      encoding: "utf8",
      env: { ...process.env, BENCH_BASE: "", BENCH_BASE_REF: "no-such-ref" },
    });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stderr).toMatch(
      /^bench gate: no commit no-such-ref in this clone; the benchmarks run without a comparison$/m,
    );
    expect(r.stdout).toMatch(/normal-quantile-1m/);
  }, 120_000);

  it("refuses a file that is not a report, a base of another size and --tolerance alone, with one line", () => {
    const bogus = join(dir, "bogus.json");
    writeFileSync(bogus, JSON.stringify({ results: [] }));
    const quickBase = join(dir, "quick.json");
    writeFileSync(quickBase, JSON.stringify({ schema: "relbench-bench/1", size: "quick", results: [] }));
    for (const [args, message] of [
      [["--compare", bogus], /is not a report of schema relbench-bench\/1/],
      [["--compare", join(dir, "none.json")], /cannot read .*none\.json: ENOENT/],
      [["--compare", quickBase, "--filter", "sort"], /was run with --quick; compare runs of the same size/],
      [["--tolerance", "5"], /--tolerance needs --compare/],
      [["--rounds", "0"], /--rounds must be a whole number of at least 1/],
    ] as const) {
      const r = relbench(...args);
      expect(r.code, args.join(" ")).toBe(2);
      expect(r.stderr.trim().split("\n")).toHaveLength(1);
      expect(r.stderr).toMatch(message);
    }
  });
});
