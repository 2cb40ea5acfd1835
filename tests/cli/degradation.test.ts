// `relbench degradation fit`: CSV and xlsx input, the JSON names of issue 20, the spec's message and one line
// with exit code 2 for bad input, and the README's example. The numbers are checked against R in
// tests/kernels/degradation; here they are the published crack case the CLI must carry through.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as XLSX from "@e965/xlsx";
import { describe, expect, it } from "vitest";

const dir = mkdtempSync(join(tmpdir(), "relbench-degradation-"));
const crack = "tests/fixtures/degradation/crack.csv";

function relbench(...args: string[]) {
  const result = spawnSync(process.execPath, ["bin/relbench.cjs", ...args], { encoding: "utf8" });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

describe("relbench degradation fit", () => {
  it("--json names units [{id, parameters, rSquared, pseudoFailureTime, suspended}] and fit as life fit's", () => {
    const r = relbench("degradation", "fit", crack, "--model", "exponential", "--threshold", "30", "--json");
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(Object.keys(out.units[0])).toEqual([
      "id",
      "parameters",
      "rSquared",
      "pseudoFailureTime",
      "suspended",
    ]);
    expect(out.units.map((u: { pseudoFailureTime: number }) => u.pseudoFailureTime.toFixed(3))).toEqual([
      "500.622",
      "475.739",
      "428.739",
      "600.810",
      "452.832",
    ]);
    expect(out.units[0].parameters.b.toFixed(3)).toBe("13.596");
    const life = relbench(
      "life",
      "fit",
      file(
        "pseudo.csv",
        `end\n${out.units.map((u: { pseudoFailureTime: number }) => u.pseudoFailureTime).join("\n")}\n`,
      ),
      "--json",
    );
    expect(life.code, life.stderr).toBe(0);
    expect(out.fit).toEqual(JSON.parse(life.stdout));
    expect(out.fit.parameters.beta.toFixed(4)).toBe("8.0551");
  });

  it("reads xlsx with the sheet's titles, --direction down, --limit and --dist", () => {
    const rows: (string | number)[][] = [["Unit ID", "Test time", "Measure value"]];
    const paths: Record<string, number> = { P: 1, Q: 0.5, R: 2, S: 0.1 };
    for (const [id, slope] of Object.entries(paths))
      for (const t of [1, 2, 3, 4]) rows.push([id, t, 100 - slope * t]);
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), "Data");
    const path = join(dir, "down.xlsx");
    writeFileSync(path, XLSX.write(book, { type: "buffer", bookType: "xlsx" }));
    const r = relbench(
      "degradation",
      "fit",
      path,
      "--model",
      "linear",
      "--threshold",
      "90",
      "--direction",
      "down",
      "--limit",
      "50",
      "--dist",
      "lognormal",
      "--json",
    );
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.units.map((u: { pseudoFailureTime: number }) => u.pseudoFailureTime)).toEqual([10, 20, 5, 50]);
    expect(out.units.map((u: { suspended: boolean }) => u.suspended)).toEqual([false, false, false, true]);
    expect(out.fit.distribution).toBe("lognormal");
  });

  it("bad input: one line, exit 2, the spec's message when too few units cross", () => {
    const cases: Array<[string[], string]> = [
      [
        ["--model", "exponential", "--threshold", "300", "--limit", "1000"],
        "The degradation data cannot generate valid failure data for weibull analysis.",
      ],
      [["--model", "cubic", "--threshold", "30"], "--model must be one of"],
      [["--model", "linear"], "--threshold is required"],
      [
        ["--model", "linear", "--threshold", "30", "--limit=-5"],
        "--limit: The time limit must be a number greater than 0.",
      ],
    ];
    for (const [args, text] of cases) {
      const r = relbench("degradation", "fit", crack, ...args);
      expect(r.code, args.join(" ")).toBe(2);
      expect(r.stdout).toBe("");
      expect(r.stderr.trim().split("\n")).toHaveLength(1);
      expect(r.stderr).toContain(text);
    }
    const bad = file("bad.csv", "unit,time,value\nA,1,5\nA,x,6\n");
    const r = relbench("degradation", "fit", bad, "--model", "linear", "--threshold", "30");
    expect(r.code).toBe(2);
    expect(r.stderr.trim()).toBe(
      "relbench degradation: row 2 (line 3, time): Test time must be a number of at least 0.",
    );
    const noValue = relbench(
      "degradation",
      "fit",
      file("nv.csv", "unit,time\nA,1\n"),
      "--model",
      "linear",
      "--threshold",
      "3",
    );
    expect(noValue.code).toBe(2);
    expect(noValue.stderr).toContain("missing: value");
  });
});

describe("README's degradation example", () => {
  it("runs as written and gives the numbers it states", () => {
    const readme = readFileSync(join(import.meta.dirname, "../../README.md"), "utf8");
    const section = readme.slice(readme.indexOf("### Degradation: `relbench degradation`"));
    const block = section.slice(
      section.indexOf("```sh") + 5,
      section.indexOf("```", section.indexOf("```sh") + 5),
    );
    const lines = block.split("\n").filter((l) => l.startsWith("npx relbench degradation"));
    expect(lines).toHaveLength(1);
    const r = relbench(...lines[0].replace("npx relbench ", "").split(/\s+/));
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(section).toContain(
      `a ${out.units[0].parameters.a.toFixed(5)}, b ${out.units[0].parameters.b.toFixed(3)}`,
    );
    expect(section).toContain(`(A: ${out.units[0].pseudoFailureTime.toFixed(3)})`);
    expect(section).toContain(
      `beta ${out.fit.parameters.beta.toFixed(4)}, eta ${out.fit.parameters.eta.toFixed(3)}`,
    );
  });
});
