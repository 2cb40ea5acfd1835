// `relbench life fit|guide`: CSV and xlsx input, the JSON the issue specifies, --help conventions, and one
// line on stderr with exit code 2 for bad input (with the row number for bad rows).
import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as XLSX from "@e965/xlsx";
import { describe, expect, it } from "vitest";

const dir = mkdtempSync(join(tmpdir(), "relbench-life-"));

function relbench(...args: string[]) {
  const result = spawnSync(process.execPath, ["bin/relbench.cjs", ...args], { encoding: "utf8" });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

const kececioglu = file(
  "kececioglu.csv",
  "Quantity,Start,End,State\n1,,16,F\n1,,34,F\n1,,53,F\n1,,75,F\n1,,93,F\n1,,120,F\n",
);

describe("relbench life", () => {
  it("fit --json prints the fields of issue 5 with Weibull parameters beta, eta, gamma", () => {
    const r = relbench("life", "fit", kececioglu, "--dist", "weibull2p", "--at", "30", "--json");
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout);
    for (const key of [
      "distribution",
      "method",
      "parameters",
      "logLikelihood",
      "covariance",
      "bounds",
      "counts",
      "goodnessOfFit",
      "iterations",
      "converged",
      "at",
    ])
      expect(out).toHaveProperty(key);
    expect(Object.keys(out.parameters)).toEqual(["beta", "eta", "gamma"]);
    expect(out.parameters.beta).toBeCloseTo(1.932678, 6);
    expect(out.counts).toMatchObject({ failures: 6, suspensions: 0, intervals: 0, rows: 6 });
    expect(out.at[0].time).toBe(30);
    expect(out.at[0].lower).toBeCloseTo(0.504428, 6);
  });

  it("reads xlsx with 'time' for end and missing quantity/state columns, grouped and interval rows", () => {
    const rows = [
      ["Time", "Start", "State", "Quantity", "Group"],
      [100, 0, "F", 41, 1],
      [300, 100, "F", 44, 1],
      [500, 300, "F", 24, 1],
      [700, 500, "F", 32, 1],
      [1000, 700, "F", 29, 1],
      [2000, 1000, "F", 21, 1],
      [4000, 2000, "F", 9, 1],
      [50, null, "F", 3, 2],
    ];
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), "data");
    const path = join(dir, "me71.xlsx");
    writeFileSync(path, XLSX.write(book, { type: "buffer", bookType: "xlsx" }));
    const r = relbench(
      "life",
      "fit",
      path,
      "--dist",
      "exponential1p",
      "--group",
      "1",
      "--ci",
      "95",
      "--json",
    );
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(1 / out.parameters.lambda).toBeCloseTo(572.27, 2);
    expect(out.counts).toMatchObject({ failures: 200, intervals: 159, rows: 7 });
  });

  it("rank regression, LR bounds and mixtures through the options", () => {
    const rry = JSON.parse(
      relbench("life", "fit", kececioglu, "--method", "rry", "--ranks", "bernard", "--json").stdout,
    );
    expect(rry.parameters.beta).toBeCloseTo(1.42696711, 8);
    expect(rry.goodnessOfFit.rho).toBeGreaterThan(0.99);
    const lr = JSON.parse(
      relbench("life", "fit", kececioglu, "--bounds", "lr", "--sided", "lower", "--json").stdout,
    );
    expect(lr.bounds.parameters.beta.upper).toBeNull();
    expect(lr.bounds.parameters.beta.lower).toBeGreaterThan(0);
    const ln = JSON.parse(relbench("life", "fit", kececioglu, "--dist", "lognormal", "--json").stdout);
    expect(Object.keys(ln.parameters)).toEqual(["mu", "sigma"]);
  });

  it("guide --json ranks the candidates", () => {
    const r = relbench("life", "guide", kececioglu, "--json");
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.criterion).toBe("aic");
    expect(out.candidates[0].rank).toBe(1);
    expect(out.best).toBe(out.candidates[0].distribution);
  });

  it("--help states the RRX/RRY convention and names the gamma, loglogistic and Gumbel parameters", () => {
    const r = relbench("life", "--help");
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/RRX regresses ln t on the plotting position/);
    expect(r.stdout).toMatch(/gamma k \(shape\) and theta \(scale\)/);
    expect(r.stdout).toMatch(/loglogistic mu, sigma/);
    expect(r.stdout).toMatch(/gumbel mu, sigma/);
  });

  it("bad input: one line on stderr with the row, exit code 2", () => {
    const bad = file("bad.csv", "end,state\n10,F\n-3,F\n20,X\n");
    const cases: Array<[string[], RegExp]> = [
      [["life", "fit", bad], /row 2 \(line 3, end\): Value must be a number greater than 0\. \(and 1 more\)/],
      [["life", "fit", kececioglu, "--ci", "40"], /CI must be between 50-99\.99\./],
      [["life", "fit", kececioglu, "--dist", "weibull1p"], /Beta range must be between 0\.0001-24\./],
      [["life", "fit", kececioglu, "--dist", "nope"], /--dist must be one of/],
      [["life", "fit", join(dir, "missing.csv")], /cannot read/],
      [["life", "fit", file("nohead.csv", "a,b\n1,2\n")], /needs an end \(or time\) column/],
      [["life", "fit", file("empty.csv", "end\n")], /Add at least one data point\./],
      [["life", "fit", file("interval.csv", "start,end\n5,10\n0,20\n")], /rank regression|Rank regression/i],
      [["life", "frob", kececioglu], /expected 'life fit FILE'/],
    ];
    cases[7][0].push("--method", "rrx");
    for (const [args, message] of cases) {
      const r = relbench(...args);
      expect(r.code, args.join(" ")).toBe(2);
      expect(r.stderr.trim().split("\n"), args.join(" ")).toHaveLength(1);
      expect(r.stderr, args.join(" ")).toMatch(message);
    }
  });

  it("data that cannot be estimated end with one line and exit code 2, never numbers (issue 15)", () => {
    const cases: Array<[string, string, RegExp]> = [
      ["left.csv", "start,end\n0,10\n0,20\n0,30\n", /left-censored/],
      ["suspended.csv", "end,state\n10,S\n20,S\n", /without failure records/],
      ["one-time.csv", "end\n5\n5\n5\n", /one time \(5\)/],
    ];
    for (const [name, text, pattern] of cases) {
      const r = relbench("life", "fit", file(name, text), "--json");
      expect(r.code, name).toBe(2);
      expect(r.stdout).toBe("");
      expect(r.stderr.trim().split("\n")).toHaveLength(1);
      expect(r.stderr).toMatch(pattern);
    }
  });

  it("--at reports unreliability on its own scale beside reliability (issue 15)", () => {
    const r = relbench("life", "fit", kececioglu, "--at", "0.001,30", "--json");
    expect(r.code, r.stderr).toBe(0);
    const at = JSON.parse(r.stdout).at;
    // F(0.001) = 1 - exp(-(0.001/eta)^beta) is about 1e-9: R rounds, F keeps its digits.
    expect(at[0].unreliability.value).toBeGreaterThan(0);
    expect(at[0].unreliability.value).toBeLessThan(1e-6);
    expect(at[0].unreliability.lower).toBeLessThan(at[0].unreliability.value);
    expect(at[0].unreliability.upper).toBeGreaterThan(at[0].unreliability.value);
    expect(at[1].unreliability.value).toBeCloseTo(1 - at[1].reliability, 14);
    expect(at[1].unreliability.lower).toBeCloseTo(1 - at[1].upper, 12);
    const text = relbench("life", "fit", kececioglu, "--at", "30");
    expect(text.stdout).toMatch(/F\(30\) = /);
  });
});
