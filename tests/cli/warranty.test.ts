// `relbench warranty` end to end: the built command line on the Nevada sheet as CSV and xlsx, against the
// kernel run in this process, the README's examples, and one line with exit 2 on bad input.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as XLSX from "@e965/xlsx";
import { describe, expect, it } from "vitest";
import { analyzeWarranty } from "../../src/kernels/warranty.ts";

const dir = mkdtempSync(join(tmpdir(), "relbench-warranty-"));
const CASE19 = "tests/fixtures/warranty/case19.csv";
const chart = {
  sales: [100, 140, 150],
  returns: [
    [3, 3, 5],
    [null, 2, 4],
    [null, null, 4],
  ],
};

function relbench(...args: string[]) {
  const result = spawnSync(process.execPath, ["bin/relbench.cjs", "warranty", ...args], { encoding: "utf8" });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe("relbench warranty", () => {
  it("prints the converted data, the fit and the forecast with the issue's JSON names", async () => {
    const r = relbench(CASE19, "--forecast", "2", "--future-sales", "120,130", "--json");
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout);
    const ref = await analyzeWarranty({ ...chart, futureSales: [120, 130] }, { forecast: 2 });
    expect(out.lifeData).toEqual(ref.lifeData);
    expect(out.fit.parameters).toEqual(ref.fit.parameters);
    expect(out.fit.parameters.beta.toFixed(4)).toBe("2.4928");
    expect(out.forecast.map((f: { period: number }) => f.period)).toEqual([1, 2]);
    expect(Object.keys(out.forecast[0])).toEqual(
      expect.arrayContaining(["period", "expected", "lower", "upper"]),
    );
    expect(out.forecast).toEqual(ref.forecast);
    expect(out.forecastTotal).toEqual(ref.forecastTotal);
    expect(out.tracking).toEqual(ref.tracking);
  });

  it("reads the same sheet from xlsx, with a future row, in the other variant and convention", async () => {
    const rows = readFileSync(CASE19, "utf8")
      .trim()
      .split("\n")
      .map((l) => l.split(",").map((c) => (c === "" ? null : Number.isNaN(Number(c)) ? c : Number(c))));
    rows.push(["Future", 120]);
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), "Nevada");
    const file = join(dir, "case19.xlsx");
    writeFileSync(file, XLSX.write(book, { type: "buffer", bookType: "xlsx" }));
    const r = relbench(
      file,
      "--inclusive",
      "non-return",
      "--convention",
      "interval",
      "--forecast",
      "3",
      "--json",
    );
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout);
    const ref = await analyzeWarranty(
      { ...chart, futureSales: [120] },
      { inclusive: "non-return", convention: "interval", forecast: 3 },
    );
    expect(out.inclusive).toBe("non-return");
    expect(out.fit.parameters).toEqual(ref.fit.parameters);
    expect(out.forecastTotal).toEqual(ref.forecastTotal);
    expect(out.lifeData[0]).toEqual({ state: "F", start: 0, end: 1, quantity: 9 });
  });

  it("states both variants and both conventions in --help", () => {
    const r = spawnSync(process.execPath, ["bin/relbench.cjs", "warranty", "--help"], { encoding: "utf8" });
    expect(r.stdout).toMatch(/return-inclusive \(spec: isNevada\)/);
    expect(r.stdout).toMatch(/non-return-inclusive \(isNonNevada\)/);
    expect(r.stdout).toMatch(/exact-age.*Weibull\+\+/);
    expect(r.stdout).toMatch(/\(k-1, k\] \(Minitab, JMP\)/);
  });

  it.each([
    [["--inclusive", "both"], /--inclusive must be one of return, non-return, not 'both'/],
    [["--forecast", "0"], /Forecast periods must be a whole number from 1 to 1000/],
    [["--ci", "abc"], /--ci must be a number/],
  ])("exits 2 with one line on %j", (args, message) => {
    const r = relbench(CASE19, ...args);
    expect(r.code).toBe(2);
    expect(
      r.stderr
        .trim()
        .split("\n")
        .filter((l) => !l.includes("rebuilding")),
    ).toHaveLength(1);
    expect(r.stderr).toMatch(message);
  });

  it("names the row of a bad sheet", () => {
    const file = join(dir, "bad.csv");
    writeFileSync(file, "shipped,sales,Jul,Aug\nJun,10,8,4\nJul,20,x,1\n");
    const r = relbench(file);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/row 3, column 3: 'x' is not a number/);
    writeFileSync(file, "shipped,sales,Jul,Aug\nJun,10,8,4\nJul,20,,1\n");
    const r2 = relbench(file);
    expect(r2.stderr).toMatch(
      /row 2 \(shipment period 1, sales\): The returns of this period \(12\) exceed its sales \(10\)/,
    );
  });
});

describe("README's warranty examples", () => {
  it("run as written", () => {
    const readme = readFileSync(join(import.meta.dirname, "../../README.md"), "utf8");
    const section = readme.slice(readme.indexOf("### Warranty (Nevada chart): `relbench warranty`"));
    const start = section.indexOf("```sh") + 5;
    const lines = section
      .slice(start, section.indexOf("```", start))
      .split("\n")
      .filter((l) => l.startsWith("npx relbench warranty"));
    expect(lines).toHaveLength(2);
    for (const line of lines) {
      const r = relbench(...line.replace("npx relbench warranty ", "").split(/\s+/));
      expect(r.code, `${line}\n${r.stderr}`).toBe(0);
      if (line.includes("--json")) expect(() => JSON.parse(r.stdout)).not.toThrow();
      else expect(r.stdout).toMatch(/beta 2\.492775, eta 6\.695053/);
    }
    const first = relbench(CASE19);
    expect(first.stdout).toMatch(/period \+1: 28\.59229/);
  });
});
