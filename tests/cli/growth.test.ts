// `relbench growth fit|plan`: CSV and xlsx input, the JSON fields of issue 21, prototypes and grouped data,
// and one line on stderr with exit code 2 for bad input. The numbers are checked against R in
// tests/kernels/growth; here they are the published values the CLI must carry through.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as XLSX from "@e965/xlsx";
import { describe, expect, it } from "vitest";
import { readFixture } from "../helpers/accuracy.ts";

const dir = mkdtempSync(join(tmpdir(), "relbench-growth-"));
// biome-ignore lint/suspicious/noExplicitAny: fixture JSON
const R: any = readFixture("growth/growth.json");

function relbench(...args: string[]) {
  const result = spawnSync(process.execPath, ["bin/relbench.cjs", ...args], { encoding: "utf8" });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

const exampleA = file("a.csv", `Time\n${R.exampleA.times.join("\n")}\n`);

describe("relbench growth fit", () => {
  it("--json prints the fields the issue names, with the ReliaWiki example's values", () => {
    const r = relbench("growth", "fit", exampleA, "--target", "35", "--json");
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout);
    for (const key of [
      "model",
      "beta",
      "lambda",
      "betaUnbiased",
      "growthRate",
      "cumulativeMtbf",
      "instantaneousMtbf",
      "intensity",
      "bounds",
      "goodnessOfFit",
      "trend",
      "timeToTarget",
    ])
      expect(out).toHaveProperty(key);
    expect(out.model).toBe("crow-amsaa");
    expect(out.termination).toBe("failure");
    expect(out.beta).toBeCloseTo(0.6142, 4);
    expect(out.lambda).toBeCloseTo(0.4239, 4);
    expect(out.bounds.method).toBe("crow");
    expect(out.bounds.beta.lower).toBeCloseTo(0.3929, 4);
    expect(out.bounds.beta.upper).toBeCloseTo(0.8114, 4);
    expect(out.goodnessOfFit).toMatchObject({ critical: 0.172, pass: true });
    expect(out.goodnessOfFit.statistic).toBeCloseTo(0.04928, 5);
    expect(out.timeToTarget.cumulative).toBeCloseTo(1087.19, 2);
  });

  it("time-terminated with --end, Fisher bounds, one-sided", () => {
    const b = file("b.csv", `time\n${R.exampleB.times.join("\n")}\n`);
    const r = relbench(
      "growth",
      "fit",
      b,
      "--end",
      "3000",
      "--bounds",
      "fisher",
      "--sided",
      "lower",
      "--ci",
      "95",
      "--json",
    );
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.termination).toBe("time");
    expect(out.beta).toBeCloseTo(0.61647, 5);
    expect(out.bounds.method).toBe("fisher");
    expect(out.bounds.beta.upper).toBeNull(); // Infinity in JSON
  });

  it("reads xlsx with a prototype column and one end per prototype", () => {
    const c = R.prototypesDifferent;
    const rows = [["Time", "Prototype"], ...c.times.map((t: number, i: number) => [t, c.prototype[i] + 1])];
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), "failures");
    const path = join(dir, "prototypes.xlsx");
    writeFileSync(path, XLSX.write(book, { type: "buffer", bookType: "xlsx" }));
    const r = relbench("growth", "fit", path, "--end", c.ends.join(","), "--json");
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.prototypes).toBe(2);
    expect(Math.abs(out.beta - c.beta) / c.beta).toBeLessThan(1e-9);
  });

  it("grouped data: the helicopter example", () => {
    const h = R.helicopter;
    const path = file(
      "h.csv",
      `time,count\n${h.ends.map((e: number, i: number) => `${e},${h.counts[i]}`).join("\n")}\n`,
    );
    const r = relbench("growth", "fit", path, "--grouped", "--json");
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.data).toBe("grouped");
    expect(out.beta).toBeCloseTo(0.81361, 5);
    expect(out.goodnessOfFit.test).toBe("chiSquared");
  });

  it("grouped data with an interval without failures: the count 0 is an interval of its own (R's fit)", () => {
    const h = R.helicopterEmptyInterval;
    const path = file(
      "h0.csv",
      `time,count\n${h.ends.map((e: number, i: number) => `${e},${h.counts[i]}`).join("\n")}\n`,
    );
    const r = relbench("growth", "fit", path, "--grouped", "--bounds", "fisher", "--json");
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(Math.abs(out.beta - h.beta) / h.beta).toBeLessThan(1e-9);
    expect(Math.abs(out.lambda - h.lambda) / h.lambda).toBeLessThan(1e-9);
    const bad = file("hneg.csv", "time,count\n10,2\n20,-1\n30,4\n");
    const refused = relbench("growth", "fit", bad, "--grouped");
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain("Failure count must be a whole number of at least 0.");
  });

  it("--model duane", () => {
    const r = relbench("growth", "fit", exampleA, "--model", "duane", "--target", "35", "--json");
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.alpha).toBeCloseTo(0.42531, 5);
    expect(out.timeToTarget.cumulative).toBeCloseTo(1154.78, 2);
  });

  it("prints a table without --json", () => {
    const r = relbench("growth", "fit", exampleA);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain("Crow-AMSAA");
    expect(r.stdout).toContain("cramerVonMises");
  });

  it("bad input: one line on stderr, exit 2", () => {
    const cases: [string[], string][] = [
      [["growth", "fit", file("empty.csv", "time\n")], "Data cannot be analyzed without failure records"],
      [
        ["growth", "fit", file("neg.csv", "time\n1\n-2\n3\n")],
        "2 time: Time must be a number greater than 0.",
      ],
      [
        ["growth", "fit", exampleA, "--end", "100"],
        "Failure time must not be later than the end of test (100).",
      ],
      [["growth", "fit", exampleA, "--ci", "100"], "CI must be between 50-99.99."],
      [["growth", "fit", exampleA, "--bounds", "lr"], "--bounds must be one of crow, fisher"],
      [["growth", "fit", file("nohead.csv", "x\n1\n")], "needs a time column"],
      [["growth", "fit", join(dir, "missing.csv")], "cannot read"],
      [["growth", "plan", "--model", "pm2", "--initial-mtbf", "50"], "--goal-mtbf is required"],
      [["growth", "nope"], "expected 'growth fit FILE'"],
    ];
    for (const [args, message] of cases) {
      const r = relbench(...args);
      expect(r.code, args.join(" ")).toBe(2);
      expect(r.stderr).toContain(message);
      expect(r.stderr.trim().split("\n")).toHaveLength(1);
    }
  });
});

describe("relbench growth plan", () => {
  it("mil-hdbk-189 solves the missing quantity and prints the curve and phases", () => {
    const r = relbench(
      "growth",
      "plan",
      "--model",
      "mil-hdbk-189",
      "--initial-time",
      "1000",
      "--initial-mtbf",
      "50",
      "--alpha",
      "0.23",
      "--total",
      "10000",
      "--phases",
      "1000,2500,5000,7000,10000",
      "--json",
    );
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.solved.finalMtbf).toBeCloseTo(110.2756, 4);
    expect(out.curve).toHaveLength(50);
    expect(out.phases.map((p: { failures: number }) => p.failures)[1]).toBeCloseTo(20.499, 3);
    const t = relbench(
      "growth",
      "plan",
      "--model",
      "mil-hdbk-189",
      "--initial-time",
      "1000",
      "--initial-mtbf",
      "50",
      "--alpha",
      "0.23",
      "--final-mtbf",
      "110",
      "--json",
    );
    expect(JSON.parse(t.stdout).solved.total).toBeCloseTo(9891.8, 1);
  });

  it("pm2 prints beta, growth potential and feasibility", () => {
    const r = relbench(
      "growth",
      "plan",
      "--model",
      "pm2",
      "--initial-mtbf",
      "50",
      "--goal-mtbf",
      "90",
      "--ms",
      "0.95",
      "--fef",
      "0.7",
      "--total",
      "10000",
      "--json",
    );
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.feasible).toBe(true);
    expect(out.beta).toBeCloseTo(2.0151e-4, 8);
    expect(out.growthPotential).toBeCloseTo(149.25, 2);
    expect(out.curve.at(-1).mtbf).toBeCloseTo(90, 9);
    const bad = relbench(
      "growth",
      "plan",
      "--model",
      "pm2",
      "--initial-mtbf",
      "50",
      "--goal-mtbf",
      "200",
      "--ms",
      "0.95",
      "--fef",
      "0.7",
      "--total",
      "10000",
      "--json",
    );
    expect(JSON.parse(bad.stdout).feasible).toBe(false);
  });
});

describe("README's growth examples", () => {
  it("run as written", () => {
    const readme = readFileSync(join(import.meta.dirname, "../../README.md"), "utf8");
    const section = readme.slice(readme.indexOf("### Reliability growth: `relbench growth`"));
    const block = section.slice(
      section.indexOf("```sh") + 5,
      section.indexOf("```", section.indexOf("```sh") + 5),
    );
    const lines = block.split("\n").filter((l) => l.startsWith("npx relbench growth"));
    expect(lines.length).toBe(4);
    for (const line of lines) {
      const r = relbench(...line.replace("npx relbench ", "").split(/\s+/));
      expect(r.code, `${line}\n${r.stderr}`).toBe(0);
      if (line.includes("--json")) expect(() => JSON.parse(r.stdout)).not.toThrow();
    }
  });
});
