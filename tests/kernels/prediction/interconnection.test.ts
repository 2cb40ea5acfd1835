// MIL-HDBK-217F Notice 2 section 16.1, interconnection assemblies with plated through holes:
// lambda_p = lambda_b [N1 pi_C + N2 (pi_C + 13)] pi_Q pi_E. Whole lines against the R recomputations of
// tests/fixtures/prediction/mil217.R (the equation with the factors typed again), hand-computed lines, the
// pi_C table the handbook prints beside its equation (to its two digits), and a bill of materials read.
import { describe, expect, it } from "vitest";
import {
  bomToModel,
  type Factor,
  hasStressModel,
  partsStress,
  planesFactor,
  predictModel,
  stressQualities,
} from "../../../src/kernels/prediction.ts";
import { isClose, mismatch, readFixture } from "../../helpers/accuracy.ts";

const fixture = readFixture<{ tolerance: number; cases: { name: string; value: number }[] }>(
  "prediction/mil217.json",
);
const tol = { rtol: fixture.tolerance };
const close = (name: string, actual: number) => {
  const c = fixture.cases.find((x) => x.name === name);
  if (!c) throw new Error(`no fixture case ${name}`);
  if (!isClose(actual, c.value, tol)) throw new Error(mismatch(name, actual, c.value, tol));
};
const pi = (r: { factors: Factor[] }, symbol: string) =>
  r.factors.find((f) => f.symbol === symbol)?.value ?? Number.NaN;
const keys = (r: { problems: { key: string }[] }) => r.problems.map((p) => p.key);

describe("16.1 plated through hole assemblies against the R recomputation", () => {
  it("a PWA: every factor shown with its table, the rate formed by the equation", () => {
    const r = partsStress("connector", "pthAssembly", "MIL-SPEC", "AIF", {
      waveSolderedHoles: 1200,
      handSolderedHoles: 8,
      circuitPlanes: 6,
    });
    expect(r.problems).toEqual([]);
    expect(r.factors.map((f) => f.symbol)).toEqual(["lambdaB", "N1", "N2", "piC", "piQ", "piE"]);
    expect(r.factors.every((f) => f.reference.startsWith("16.1"))).toBe(true);
    expect(pi(r, "lambdaB")).toBe(0.000017);
    expect(pi(r, "piE")).toBe(8);
    close("pth.pwa.AIF", r.rate);
    close(
      "pth.discrete.NU",
      partsStress("connector", "discreteWiring", "Lower", "NU", {
        waveSolderedHoles: 300,
        handSolderedHoles: 0,
        circuitPlanes: 2,
      }).rate,
    );
    close(
      "pth.pwa.CL",
      partsStress("connector", "pthAssembly", "Lower", "CL", {
        waveSolderedHoles: 0,
        handSolderedHoles: 25,
        circuitPlanes: 18,
      }).rate,
    );
  });

  it("hand-computed lines: pi_C 1 at one or two planes, 13 more per hand-soldered hole", () => {
    // 0.000017 × (100 × 1 + 10 × (1 + 13)) × 1 × 1 = 0.000017 × 240 = 0.00408
    const a = partsStress("connector", "pthAssembly", "MIL-SPEC", "GB", {
      waveSolderedHoles: 100,
      handSolderedHoles: 10,
      circuitPlanes: 1,
    });
    expect(isClose(a.rate, 0.00408, tol)).toBe(true);
    // 0.00011 × (50 × 1) × 2 × 0.5 = 0.0055
    const b = partsStress("connector", "discreteWiring", "Lower", "SF", {
      waveSolderedHoles: 50,
      handSolderedHoles: 0,
      circuitPlanes: 2,
    });
    expect(isClose(b.rate, 0.0055, tol)).toBe(true);
    // no holes, no rate
    const c = partsStress("connector", "pthAssembly", "MIL-SPEC", "GB", {
      waveSolderedHoles: 0,
      handSolderedHoles: 0,
      circuitPlanes: 4,
    });
    expect(c.rate).toBe(0);
  });

  it("lambda_b is Notice 2's: Appendix A's printed wiring assembly line is this model at its defaults", () => {
    // Each edition's Appendix A row is its own 16.1 lambda_b at 1000 wave-soldered PTHs, 3 planes, pi_Q 1, GB:
    // Notice 2 prints 0.022 = 0.000017 × 1000 × 0.65 × 3^0.63; the 1991 appendix printed 0.053, which is
    // 0.000041 (the 1991 lambda_b) × 1000 × 0.65 × 3^0.63 = 0.0530, so 0.000041 cannot be Notice 2's.
    const line = partsStress("connector", "pthAssembly", "MIL-SPEC", "GB", {
      waveSolderedHoles: 1000,
      handSolderedHoles: 0,
      circuitPlanes: 3,
    });
    expect(Number(line.rate.toPrecision(2))).toBe(0.022);
    expect(Number(((line.rate / 0.000017) * 0.000041).toPrecision(2))).toBe(0.053);
    // The 1991 value is named beside Notice 2's, for users comparing with a 1991-edition tool.
    expect(line.factors[0]?.reference).toContain("1991 base document had 0.000041");
    const discrete = partsStress("connector", "discreteWiring", "MIL-SPEC", "GB", {
      waveSolderedHoles: 1,
      handSolderedHoles: 0,
      circuitPlanes: 2,
    });
    expect(discrete.factors[0]?.value).toBe(0.00011);
    expect(discrete.factors[0]?.reference).toContain("1991 base document had 0.00026");
  });

  it("pi_C reproduces the printed table (1.0 at P <= 2, then 1.3 to 4.0 for 3 to 18) to two digits", () => {
    const printed = [
      1.0, 1.0, 1.3, 1.6, 1.8, 2.0, 2.2, 2.4, 2.6, 2.8, 2.9, 3.1, 3.3, 3.4, 3.6, 3.7, 3.9, 4.0,
    ];
    printed.forEach((v, i) => {
      expect(Number(planesFactor(i + 1).toFixed(1)), `P = ${i + 1}`).toBe(v);
    });
    expect(isClose(planesFactor(3), 0.65 * 3 ** 0.63, tol)).toBe(true);
  });

  it("refuses holes that are not whole numbers of at least 0 and planes outside 1 to 18", () => {
    const base = { waveSolderedHoles: 10, handSolderedHoles: 0, circuitPlanes: 4 };
    const bad = (stress: Record<string, number>) =>
      keys(partsStress("connector", "pthAssembly", "MIL-SPEC", "GB", { ...base, ...stress }));
    expect(bad({ waveSolderedHoles: -1 })).toEqual(["prediction.holeCount"]);
    expect(bad({ handSolderedHoles: 2.5 })).toEqual(["prediction.holeCount"]);
    expect(bad({ circuitPlanes: 19 })).toEqual(["prediction.planesRange"]);
    expect(bad({ circuitPlanes: 0 })).toEqual(["prediction.planesRange"]);
    expect(bad({ circuitPlanes: 3.5 })).toEqual(["prediction.planesRange"]);
    const missing = partsStress("connector", "pthAssembly", "MIL-SPEC", "GB", {});
    expect(keys(missing)).toEqual(Array(3).fill("prediction.stressMissing"));
    expect(Number.isNaN(missing.rate)).toBe(true);
    expect(keys(partsStress("connector", "pthAssembly", "JAN", "GB", base))).toEqual([
      "prediction.qualityUnknown",
    ]);
    expect(stressQualities("connector", "discreteWiring")).toEqual(["MIL-SPEC", "Lower"]);
    expect(hasStressModel("connector", "pthAssembly")).toBe(true);
  });

  it("a bill of materials names the holes and planes; the line rolls up", () => {
    const { model, problems } = bomToModel(
      [
        ["ref", "class", "subtype", "quality", "environment", "wave soldered holes", "N2", "circuit planes"],
        ["PWB1", "connector", "pthAssembly", "MIL-SPEC", "AIF", 1200, 8, 6],
      ],
      { method: "partsStress", missionTime: 1000 },
    );
    expect(problems).toEqual([]);
    const r = predictModel(model);
    expect(r.lines[0].problems).toEqual([]);
    close("pth.pwa.AIF", r.lines[0].rate);
    expect(isClose(r.system.rate, r.lines[0].rate, tol)).toBe(true);
  });
});
