// `relbench stats` and `relbench doe factorial`: the JSON names of issue 23, the numbers of R (stats.json) and
// the published examples, CSV and xlsx input, exit code 2 with one line for bad input.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as XLSX from "@e965/xlsx";
import { describe, expect, it } from "vitest";
import { fixtureNumber, readFixture } from "../helpers/accuracy.ts";

const dir = mkdtempSync(join(tmpdir(), "relbench-stats-"));
const R = readFixture<Record<string, Record<string, unknown>[]>>("doe/stats.json");

function relbench(...args: string[]) {
  const result = spawnSync(process.execPath, ["bin/relbench.cjs", ...args], { encoding: "utf8" });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

const columns = (header: string[], cols: number[][]) => {
  const n = Math.max(...cols.map((c) => c.length));
  const lines = [header.join(",")];
  for (let i = 0; i < n; i++) lines.push(cols.map((c) => (i < c.length ? String(c[i]) : "")).join(","));
  return `${lines.join("\n")}\n`;
};

describe("relbench stats", () => {
  it("welch --json: statistic, df, pValue, interval and decision as R's t.test", () => {
    const row = R.t.find((r) => r.kind === "welch" && r.sided === "two") as Record<string, unknown>;
    const x = (row.x as unknown[]).map(fixtureNumber);
    const y = (row.y as unknown[]).map(fixtureNumber);
    const path = file("welch.csv", columns(["before", "after"], [x, y]));
    const r = relbench(
      "stats",
      "welch",
      path,
      "--columns",
      "before,after",
      "--mu",
      String(row.mu),
      "--ci",
      String(100 * fixtureNumber(row.confidence)),
      "--json",
    );
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout);
    for (const key of ["statistic", "df", "pValue", "interval", "decision"]) expect(out).toHaveProperty(key);
    expect(Math.abs(out.statistic / fixtureNumber(row.statistic) - 1)).toBeLessThan(1e-9);
    expect(Math.abs(out.pValue / fixtureNumber(row.pValue) - 1)).toBeLessThan(1e-9);
    expect(Math.abs(out.df / fixtureNumber((row.df as unknown[])[0]) - 1)).toBeLessThan(1e-9);
    const [lo, hi] = (row.interval as unknown[]).map(fixtureNumber);
    expect(Math.abs(out.interval[0] - lo)).toBeLessThan(1e-9 * Math.abs(lo));
    expect(Math.abs(out.interval[1] - hi)).toBeLessThan(1e-9 * Math.abs(hi));
    expect(out.decision).toBe(fixtureNumber(row.pValue) < 0.05 ? "reject" : "notRejected");
  });

  it("paired on xlsx; a one-sided interval's infinite end is null", () => {
    const book = XLSX.utils.book_new();
    const A = [32, 27, 26, 26, 25, 29, 31, 27];
    const B = [28, 22, 27, 24, 24, 25, 28, 27];
    XLSX.utils.book_append_sheet(
      book,
      XLSX.utils.aoa_to_sheet([["A", "B"], ...A.map((a, i) => [a, B[i]])]),
      "data",
    );
    const path = join(dir, "drivers.xlsx");
    writeFileSync(path, XLSX.write(book, { type: "buffer", bookType: "xlsx" }));
    const r = relbench("stats", "paired", path, "--columns", "A,B", "--sided", "greater", "--json");
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.statistic).toBeCloseTo(3, 12);
    expect(out.df).toBe(7);
    expect(out.interval[1]).toBeNull();
  });

  it("two-proportions, tukey and bvc print their own fields", () => {
    const props = file("props.csv", "defects,made\n490,500\n770,800\n");
    const p = JSON.parse(
      relbench("stats", "two-proportions", props, "--columns", "defects,made", "--json").stdout,
    );
    expect(p.z).toBeCloseTo(1.7776, 4);
    expect(p.decision).toBe("notRejected");
    const sep = file(
      "sep.csv",
      columns(
        ["new", "old"],
        [
          [7, 8, 9, 10, 11, 12],
          [1, 2, 3, 4, 5, 6],
        ],
      ),
    );
    const t = JSON.parse(relbench("stats", "tukey", sep, "--columns", "new,old", "--json").stdout);
    expect(t.endCount).toBe(12);
    expect(t.pValue).toBeCloseTo(2 / 924, 15);
    const b = JSON.parse(relbench("stats", "bvc", sep, "--columns", "new,old", "--json").stdout);
    expect(b.overlap).toBe(0);
    expect(b.noOverlapRisk).toBeCloseTo(1 / 924, 15);
    expect(b.bBetter).toBe(true);
  });

  it("bad input: exit 2 with one line", () => {
    const path = file("bad.csv", "a,b\n1,2\nx,3\n4,5\n");
    const r = relbench("stats", "ttest", path, "--columns", "a");
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split("\n")).toHaveLength(1);
    expect(r.stderr).toContain("line 3");
    const missing = relbench("stats", "ttest", path, "--columns", "zz");
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("no column named 'zz'");
    const constant = file("const.csv", "a\n2\n2\n2\n");
    const c = relbench("stats", "ttest", constant, "--columns", "a");
    expect(c.code).toBe(2);
    expect(c.stderr).toContain("no spread");
    expect(relbench("stats", "nope", path, "--columns", "a").code).toBe(2);
  });
});

describe("relbench doe factorial", () => {
  it("Box, Hunter & Hunter's pilot plant: effects by term, ANOVA rows, Lenth's PSE", () => {
    const path = file(
      "pilot.csv",
      "T,C,K,yield\n160,20,A,60\n180,20,A,72\n160,40,A,54\n180,40,A,68\n160,20,B,52\n180,20,B,83\n160,40,B,45\n180,40,B,80\n",
    );
    const r = relbench("doe", "factorial", path, "--response", "yield", "--json");
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.effects).toEqual({ A: 23, B: -5, C: 1.5, AB: 1.5, AC: 10, BC: 0, ABC: 0.5 });
    expect(out.lenth.pse).toBeCloseTo(2.25, 12);
    expect(out.anova.map((a: { source: string }) => a.source)).toEqual([
      "A",
      "B",
      "C",
      "AB",
      "AC",
      "BC",
      "ABC",
      "Total",
    ]);
    for (const key of ["source", "df", "ss", "ms", "f", "p"]) expect(out.anova[0]).toHaveProperty(key);
  });

  it("a replicated 2^3 against R's aov: F and p of every term", () => {
    const row = R.factorial.find((f) => fixtureNumber(f.factors) === 3) as Record<string, unknown>;
    const cols = row.columns as Record<string, unknown[]>;
    const y = (row.y as unknown[]).map(fixtureNumber);
    const names = Object.keys(cols);
    const lines = [[...names, "y"].join(",")];
    for (const [i, v] of y.entries())
      lines.push([...names.map((n) => fixtureNumber(cols[n][i])), v].join(","));
    const r = relbench("doe", "factorial", file("rep.csv", `${lines.join("\n")}\n`), "--json");
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout);
    const terms = row.terms as string[];
    const f = (row.f as unknown[]).map(fixtureNumber);
    const p = (row.p as unknown[]).map(fixtureNumber);
    terms.slice(0, -1).forEach((term, i) => {
      const a = out.anova.find((x: { source: string }) => x.source === term);
      expect(Math.abs(a.f / f[i] - 1)).toBeLessThan(1e-9);
      expect(Math.abs(a.p / p[i] - 1)).toBeLessThan(1e-9);
    });
    expect(out.anova.at(-2).source).toBe("Error");
  });

  it("an unbalanced design: exit 2 with the rule", () => {
    const r = relbench("doe", "factorial", file("unb.csv", "A,B,y\n1,1,3\n2,1,4\n1,2,5\n"));
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("same number of times");
  });
});

// R's power.t.test(strict = TRUE) at other alphas and one-sided (tests/fixtures/doe/power.R → power.json);
// stats.json's cases (two-sided, alpha 0.05) are checked on the kernel in tests/kernels/doe/stats-r.test.ts.
const P = readFixture<{ cases: Record<string, unknown>[] }>("doe/power.json");
const TEST_NAME: Record<string, string> = {
  "one.sample": "one-sample",
  "two.sample": "two-sample",
  paired: "paired",
};

describe("relbench stats power", () => {
  it.each(P.cases)("$type, alpha $alpha, $alternative: power at n and n at 80% as R", (row) => {
    const args = [
      "stats",
      "power",
      "--test",
      TEST_NAME[row.type as string],
      "--delta",
      String(row.delta),
      "--sd",
      String(row.sd),
      "--alpha",
      String(fixtureNumber(row.alpha)),
      "--sided",
      row.alternative === "one.sided" ? "greater" : "two",
      "--json",
    ];
    const atN = relbench(...args, "--n", String(row.n));
    expect(atN.code, atN.stderr).toBe(0);
    const p = JSON.parse(atN.stdout);
    expect(p.solved).toBe("power");
    expect(Math.abs(p.power / fixtureNumber(row.power) - 1)).toBeLessThan(1e-9);
    const atPower = relbench(...args, "--power", "0.8");
    expect(atPower.code, atPower.stderr).toBe(0);
    const n = JSON.parse(atPower.stdout);
    expect(n.solved).toBe("n");
    // R's n is uniroot's at tol 1e-10 (absolute).
    expect(Math.abs(n.n - fixtureNumber(row.nFor80))).toBeLessThan(1e-8);
    expect(n.nPlanned).toBe(Math.ceil(fixtureNumber(row.nFor80)));
  });

  it("less and greater give the same power (delta is in the direction of the alternative)", () => {
    const run = (sided: string) =>
      JSON.parse(
        relbench(
          "stats",
          "power",
          "--test",
          "one-sample",
          "--delta",
          "1",
          "--sd",
          "2",
          "--n",
          "10",
          "--sided",
          sided,
          "--json",
        ).stdout,
      ).power;
    expect(run("less")).toBe(run("greater"));
  });

  it("bad input: exit 2 with one line", () => {
    for (const args of [
      ["--test", "anova", "--delta", "1", "--sd", "1", "--n", "5"],
      ["--test", "paired", "--delta", "1", "--sd", "1"],
      ["--test", "paired", "--delta", "1", "--sd", "1", "--n", "5", "--power", "0.8"],
      ["--test", "paired", "--delta", "1", "--sd", "0", "--n", "5"],
      ["--test", "paired", "--delta", "1", "--sd", "1", "--power", "1.5"],
    ]) {
      const r = relbench("stats", "power", ...args);
      expect(r.code, args.join(" ")).toBe(2);
      expect(r.stderr.trim().split("\n")).toHaveLength(1);
    }
  });

  it("runs the README's examples and prints the values they state", () => {
    const readme = readFileSync("README.md", "utf8");
    const section = readme.slice(readme.indexOf("### Design of experiments and statistics"));
    const start = section.indexOf("```sh\nnpx relbench stats power") + 6;
    const lines = section.slice(start, section.indexOf("```", start)).trim().split("\n");
    expect(lines).toHaveLength(2);
    for (const line of lines) {
      const [command, comment] = line.split("#");
      const [name, value] = comment.trim().split(/\s+/);
      const r = relbench(...command.trim().split(/\s+/).slice(2), "--json");
      expect(r.code, r.stderr).toBe(0);
      const digits = value.split(".")[1]?.length ?? 0;
      expect(Math.abs(JSON.parse(r.stdout)[name] - Number(value))).toBeLessThanOrEqual(0.5 * 10 ** -digits);
    }
  });
});
