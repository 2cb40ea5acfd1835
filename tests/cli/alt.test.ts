// `relbench alt fit`: CSV and xlsx input with stress columns, the JSON the issue specifies (parameters
// named per relationship, the shape as beta or sigma, useLevel, accelerationFactors), the constants in
// --help, and one line on stderr with exit code 2 naming the row, file line and column of bad input.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as XLSX from "@e965/xlsx";
import { describe, expect, it } from "vitest";

const dir = mkdtempSync(join(tmpdir(), "relbench-alt-"));

function relbench(...args: string[]) {
  const result = spawnSync(process.execPath, ["bin/relbench.cjs", ...args], { encoding: "utf8" });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

// Case 15 of the research notes (reliability docs, Fit_Weibull_Power): life = a S^n, recomputed by survreg.
const rows: Array<[number, number, string]> = [
  ...[245, 312, 409].map((t) => [t, 100, "F"] as [number, number, string]),
  ...[110, 180, 200, 222].map((t) => [t, 200, "F"] as [number, number, string]),
  ...[50, 70, 88, 112, 140, 160].map((t) => [t, 300, "F"] as [number, number, string]),
];
const csv = join(dir, "load.csv");
writeFileSync(
  csv,
  `Quantity,End,State,Load\n${rows.map(([t, s, f]) => `1,${t},${f},${s}`).join("\n")}\n3,500,S,100\n2,250,S,200\n`,
);

describe("relbench alt", () => {
  it("fit --json: IPL-Weibull with the fields of issue 19", () => {
    const r = relbench(
      "alt",
      "fit",
      csv,
      "--relationship",
      "ipl",
      "--dist",
      "weibull",
      "--use",
      "60",
      "--at",
      "500",
      "--json",
    );
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout);
    for (const key of [
      "relationship",
      "distribution",
      "parameters",
      "logLikelihood",
      "aic",
      "bic",
      "covariance",
      "bounds",
      "counts",
      "converged",
      "useLevel",
      "accelerationFactors",
    ])
      expect(out).toHaveProperty(key);
    expect(Object.keys(out.parameters)).toEqual(["K", "n", "beta"]);
    expect(out.logLikelihood).toBeCloseTo(-76.854105, 6);
    expect(1 / out.parameters.K).toBeCloseTo(398816.4, 0);
    expect(out.parameters.beta).toBeCloseTo(3.017297, 6);
    const use = out.useLevel[0];
    expect(use.stress).toEqual([60]);
    expect(use.meanLife.value).toBeCloseTo(1075.33, 2);
    expect(use.at[0]).toMatchObject({ time: 500 });
    // F(t) = 1 - R(t), its bounds R's swapped.
    const at = use.at[0];
    expect(at.unreliability.value).toBe(1 - at.reliability);
    expect(at.unreliability.lower).toBe(1 - at.upper);
    expect(at.unreliability.upper).toBe(1 - at.lower);
    expect(at.lower).toBeLessThan(at.reliability);
    // The Weibull failure rate at use stress from its printed beta and eta: (beta / eta) (t / eta)^(beta - 1).
    const { beta, eta } = use.parameters;
    const h = (beta / eta) * (500 / eta) ** (beta - 1);
    expect(Math.abs(at.hazard.value / h - 1)).toBeLessThan(1e-12);
    expect(at.hazard.lower).toBeLessThan(h);
    expect(at.hazard.upper).toBeGreaterThan(h);
    expect(use.bLives[0].percent).toBe(10);
    expect(out.counts).toMatchObject({ failures: 13, suspensions: 5 });
    expect(out.accelerationFactors).toHaveLength(3);
    expect(out.converged).toBe(true);
  });

  it("reads xlsx with named stress columns and several use levels", () => {
    const sheet = XLSX.utils.aoa_to_sheet([
      ["End", "State", "Temp", "Note"],
      ...[
        [2385, 85],
        [2537, 85],
        [1655, 100],
        [1738, 100],
        [1025, 115],
        [1163, 115],
      ].map(([t, c]) => [t, "F", c, "x"]),
    ]);
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, sheet, "data");
    const path = join(dir, "yang.xlsx");
    writeFileSync(path, XLSX.write(book, { type: "buffer", bookType: "xlsx" }));
    const r = relbench(
      "alt",
      "fit",
      path,
      "--relationship",
      "arrhenius",
      "--dist",
      "exponential",
      "--stress",
      "Temp",
      "--use",
      "35,70",
      "--json",
    );
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout);
    // Yang (2007) Example 7.1 as ALTA's reference example: Ea 0.323 eV; AF between 70 and 35 C 3.46.
    expect(out.parameters.Ea).toBeCloseTo(0.323191, 6);
    expect(out.useLevel).toHaveLength(2);
    expect(out.useLevel[0].meanLife.value / out.useLevel[1].meanLife.value).toBeCloseTo(3.460425, 5);
  });

  it("--bounds lr: likelihood-ratio bounds as R's profile likelihood gives them (tests/fixtures/alt/lr-alt.json)", () => {
    const fixture = JSON.parse(
      readFileSync(join(import.meta.dirname, "../fixtures/alt/lr-alt.json"), "utf8"),
    ) as {
      cases: Array<{
        id: string;
        data: { end: number[]; state: number[]; stress: number[][] };
        expected: Record<string, unknown>;
      }>;
    };
    const c = fixture.cases.find((x) => x.id === "arrhenius-weibull-right");
    if (!c) throw new Error("fixture case missing");
    const file = join(dir, "lr.csv");
    writeFileSync(
      file,
      `End,State,Temp\n${c.data.end.map((t, i) => `${t},${c.data.state[i] ? "F" : "S"},${c.data.stress[0][i]}`).join("\n")}\n`,
    );
    const r = relbench(
      "alt",
      "fit",
      file,
      "--relationship",
      "arrhenius",
      "--use",
      "30",
      "--bounds",
      "lr",
      "--json",
    );
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.boundsType).toBe("lr");
    const [lo, hi] = (c.expected.coefficientBounds as number[][])[1];
    expect(Math.abs(out.bounds.B.lower / lo - 1)).toBeLessThan(1e-8);
    expect(Math.abs(out.bounds.B.upper / hi - 1)).toBeLessThan(1e-8);
    const [b10lo, b10hi] = c.expected.b10Bounds as number[];
    expect(Math.abs(out.useLevel[0].bLives[0].lower / b10lo - 1)).toBeLessThan(1e-8);
    expect(Math.abs(out.useLevel[0].bLives[0].upper / b10hi - 1)).toBeLessThan(1e-8);
    // The failure rate and the factor between two stresses take likelihood-ratio bounds too.
    const e = c.expected as {
      reliabilityTime: number;
      hazardBounds: number[];
      afBetween: { bounds: number[] };
    };
    const more = relbench(
      "alt",
      "fit",
      file,
      "--relationship",
      "arrhenius",
      "--use",
      "30",
      "--bounds",
      "lr",
      "--at",
      String(e.reliabilityTime),
      "--af",
      "80:90",
      "--json",
    );
    expect(more.code, more.stderr).toBe(0);
    const m = JSON.parse(more.stdout);
    expect(Math.abs(m.useLevel[0].at[0].hazard.lower / e.hazardBounds[0] - 1)).toBeLessThan(1e-8);
    expect(Math.abs(m.useLevel[0].at[0].hazard.upper / e.hazardBounds[1] - 1)).toBeLessThan(1e-8);
    expect(Math.abs(m.accelerationFactor.lower / e.afBetween.bounds[0] - 1)).toBeLessThan(1e-8);
    expect(Math.abs(m.accelerationFactor.upper / e.afBetween.bounds[1] - 1)).toBeLessThan(1e-8);
    const text = relbench("alt", "fit", file, "--relationship", "arrhenius", "--use", "30", "--bounds", "lr");
    expect(text.stdout).toContain("bounds: lr, two-sided, 90%");
    const bad = relbench(
      "alt",
      "fit",
      file,
      "--relationship",
      "arrhenius",
      "--use",
      "30",
      "--bounds",
      "exact",
    );
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("--bounds must be one of fisher, lr");
  });

  it("--ph: Weibull proportional hazards as R maximises it (tests/fixtures/alt/ph-alt.json); --dist normal", () => {
    const fixture = JSON.parse(
      readFileSync(join(import.meta.dirname, "../fixtures/alt/ph-alt.json"), "utf8"),
    ) as {
      cases: Array<{
        id: string;
        data: { end: number[]; state: number[]; stress: number[][] };
        expected: { alpha: number[]; beta: number };
      }>;
    };
    const c = fixture.cases.find((x) => x.id === "arrhenius-weibull-ph-right");
    if (!c) throw new Error("fixture case missing");
    const file = join(dir, "ph.csv");
    writeFileSync(
      file,
      `End,State,Temp\n${c.data.end.map((t, i) => `${t},${c.data.state[i] ? "F" : "S"},${c.data.stress[0][i]}`).join("\n")}\n`,
    );
    const r = relbench("alt", "fit", file, "--relationship", "arrhenius", "--use", "30", "--ph", "--json");
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.proportionalHazards).toBe(true);
    expect(Math.abs(out.parameters.alpha1 / c.expected.alpha[1] - 1)).toBeLessThan(1e-8);
    expect(Math.abs(out.parameters.beta / c.expected.beta - 1)).toBeLessThan(1e-8);
    const normal = relbench(
      "alt",
      "fit",
      file,
      "--relationship",
      "arrhenius",
      "--dist",
      "normal",
      "--use",
      "30",
      "--json",
    );
    expect(normal.code, normal.stderr).toBe(0);
    expect(Object.keys(JSON.parse(normal.stdout).parameters)).toEqual(["a0", "a1", "sigma"]);
    const eyring = relbench(
      "alt",
      "fit",
      file,
      "--relationship",
      "eyring",
      "--dist",
      "normal",
      "--use",
      "30",
    );
    expect(eyring.code).toBe(2);
    expect(eyring.stderr).toContain("The normal distribution is not available with the Eyring relationship");
  });

  it("--help states the kelvin offset and Boltzmann's constant", () => {
    const r = relbench("alt", "--help");
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("K = C + 273.15");
    expect(r.stdout).toContain("8.617333262e-5 eV/K");
  });

  it("--af S1:S2: the factor between two levels, in the temperature unit given, in text and JSON", () => {
    // Device A in Celsius: the factor between 10 C and 80 C is the one between 283.15 K and 353.15 K.
    const kelvinRows = readFileSync("tests/fixtures/alt/device-a.csv", "utf8").trim().split("\n");
    const celsius = join(dir, "device-a-c.csv");
    writeFileSync(
      celsius,
      `${[kelvinRows[0], ...kelvinRows.slice(1).map((l) => l.replace(/[^,]+$/, (t) => String(Number(t) - 273.15)))].join("\n")}\n`,
    );
    const base = ["alt", "fit", "--relationship", "arrhenius", "--dist", "lognormal"];
    const k = JSON.parse(
      relbench(
        ...base,
        "tests/fixtures/alt/device-a.csv",
        "--temperature-unit",
        "k",
        "--use",
        "283.15",
        "--af",
        "283.15:353.15",
        "--json",
      ).stdout,
    ).accelerationFactor;
    const c = relbench(...base, celsius, "--use", "10", "--af", "10:80", "--json");
    expect(c.code, c.stderr).toBe(0);
    const af = JSON.parse(c.stdout).accelerationFactor;
    expect(af).toMatchObject({ from: [10], to: [80] });
    expect(Math.abs(af.value / k.value - 1)).toBeLessThan(1e-6);
    expect(Math.abs(af.lower / k.lower - 1)).toBeLessThan(1e-6);
    const text = relbench(...base, celsius, "--use", "10", "--af", "10:80", "--sided", "lower");
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toMatch(/AF between \(10 \/ 80\) = 164\.12\d+ {2}\[[\d.]+, -\]/);
    const one = relbench(...base, celsius, "--use", "10", "--af", "10");
    expect(one.code).toBe(2);
    expect(one.stderr).toContain("--af needs two stress levels S1:S2 of 1 value(s) each");
    const cold = relbench(...base, celsius, "--use", "10", "--af", "10:-300");
    expect(cold.code).toBe(2);
    expect(cold.stderr.trim()).toMatch(/^relbench alt: --af: /);
    expect(relbench("alt", "--help").stdout).toContain("--af S1:S2");
  });

  it("bad input: one line naming the row, the file line and the stress column, exit 2", () => {
    const bad = join(dir, "bad.csv");
    writeFileSync(bad, "End,State,Load\n10,F,100\n20,F,abc\n30,F,200\n");
    const r = relbench("alt", "fit", bad, "--relationship", "ipl", "--use", "50");
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split("\n")).toHaveLength(1);
    expect(r.stderr).toContain("row 2 (line 3, Load): Stress must be a number.");
    const ci = relbench("alt", "fit", csv, "--relationship", "ipl", "--use", "50", "--ci", "99.999");
    expect(ci.code).toBe(2);
    expect(ci.stderr).toContain("CI must be between 50-99.99.");
    const use = relbench("alt", "fit", csv, "--relationship", "temperature-humidity", "--use", "50");
    expect(use.code).toBe(2);
    expect(use.stderr).toContain("temperature-humidity needs 2 stress column(s)");
  });
});

describe("README's relbench alt example", () => {
  it("runs as written and prints the values it states", () => {
    const readme = readFileSync(join(import.meta.dirname, "../../README.md"), "utf8");
    const line = readme.split("\n").find((l) => l.startsWith("npx relbench alt fit tests/"));
    expect(line).toBeDefined();
    const r = relbench(...(line as string).split(" ").slice(2));
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.parameters.B).toBeCloseTo(7286.23, 2);
    expect(out.parameters.sigma).toBeCloseTo(0.977823, 6);
    expect(out.parameters.Ea).toBeCloseTo(0.627879, 6);
    expect(out.logLikelihood).toBeCloseTo(-321.7028, 4);
    // --af 283.15:353.15: Arrhenius' AF from the printed Ea and Boltzmann's constant, by hand.
    const k = 8.617333262e-5;
    const af = Math.exp((out.parameters.Ea / k) * (1 / 283.15 - 1 / 353.15));
    expect(out.accelerationFactor).toMatchObject({ from: [283.15], to: [353.15] });
    expect(Math.abs(out.accelerationFactor.value / af - 1)).toBeLessThan(1e-12);
    expect(out.accelerationFactor.value).toBeCloseTo(164.128, 3);
    expect(out.accelerationFactor.lower).toBeLessThan(af);
    expect(out.accelerationFactor.upper).toBeGreaterThan(af);
  });
});
