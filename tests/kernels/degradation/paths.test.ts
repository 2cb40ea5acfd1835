// Per-unit path fits, pseudo failure times and the life fit of those times against R
// (tests/fixtures/degradation/paths.R: lm on the linearised forms, nls for Gompertz, uniroot/polyroot for the
// crossing, survival::survreg on the pseudo times), and the published crack-growth case.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  DegradationInputError,
  type DegradationModel,
  fitDegradation,
  MODEL_INFO,
  tryFitDegradation,
} from "../../../src/kernels/degradation.ts";

interface Case {
  id: string;
  model: DegradationModel;
  threshold: number;
  direction: "up" | "down";
  limit: number | null;
  data: { unit: string[]; time: number[]; value: number[] };
  units: Array<{
    id: string;
    parameters: number[];
    rSquared: number;
    crossingTime: number | null;
    pseudoFailureTime: number;
    suspended: boolean;
  }>;
  fits: Array<{ distribution: "weibull" | "lognormal"; mu: number; sigma: number; logLik: number }>;
}

const fixture = JSON.parse(
  readFileSync(new URL("../../fixtures/degradation/paths.json", import.meta.url), "utf8"),
) as { cases: Case[] };

const rel = (a: number, b: number) => Math.abs(a - b) / Math.max(Math.abs(b), 1e-300);

function dataOf(c: Case) {
  return { unit: c.data.unit, time: Float64Array.from(c.data.time), value: Float64Array.from(c.data.value) };
}

function run(c: Case, distribution: "weibull2p" | "lognormal") {
  return fitDegradation(dataOf(c), {
    model: c.model,
    threshold: c.threshold,
    direction: c.direction,
    limit: c.limit ?? undefined,
    life: { distribution, method: "mle", curvePoints: 0, positions: false },
  });
}

describe("degradation paths against R", () => {
  for (const c of fixture.cases) {
    it(`${c.id}: parameters, R squared, pseudo times, Weibull and lognormal MLE`, async () => {
      // lm's QR and our centred sums agree to rounding (measured: 2e-14); nls stops at a relative offset of
      // 1e-9 (paths.R), which leaves Gompertz parameters up to 1.4e-9 from our Levenberg-Marquardt minimum.
      const tol = c.model === "gompertz" ? 1e-8 : 1e-12;
      const result = await run(c, "weibull2p");
      expect(result.units.map((u) => u.id)).toEqual(c.units.map((u) => u.id));
      result.units.forEach((unit, i) => {
        const ref = c.units[i];
        MODEL_INFO[c.model].parameters.forEach((name, j) => {
          expect(rel(unit.parameters[name], ref.parameters[j]), `${unit.id} ${name}`).toBeLessThan(tol);
        });
        expect(Math.abs(unit.rSquared - ref.rSquared), `${unit.id} R2`).toBeLessThan(tol);
        expect(unit.suspended, unit.id).toBe(ref.suspended);
        expect(rel(unit.pseudoFailureTime, ref.pseudoFailureTime), `${unit.id} time`).toBeLessThan(tol);
        if (ref.crossingTime === null) expect(unit.crossingTime).toBeNull();
        else
          expect(rel(unit.crossingTime as number, ref.crossingTime), `${unit.id} crossing`).toBeLessThan(tol);
      });
      const weibull = c.fits.find((f) => f.distribution === "weibull");
      const lognormal = c.fits.find((f) => f.distribution === "lognormal");
      if (!weibull || !lognormal) throw new Error("fixture lacks a fit");
      // survreg stops at rel.tolerance 1e-13 on the log-likelihood (measured: 5e-13); the Gompertz pseudo times
      // carry nls's stop (measured: 1e-10).
      const fitTol = c.model === "gompertz" ? 1e-8 : 1e-11;
      expect(rel(result.fit.parameters.beta, 1 / weibull.sigma)).toBeLessThan(fitTol);
      expect(rel(result.fit.parameters.eta, Math.exp(weibull.mu))).toBeLessThan(fitTol);
      expect(rel(result.fit.logLikelihood, weibull.logLik)).toBeLessThan(fitTol);
      const ln = await run(c, "lognormal");
      expect(rel(ln.fit.parameters.mu, lognormal.mu)).toBeLessThan(fitTol);
      expect(rel(ln.fit.parameters.sigma, lognormal.sigma)).toBeLessThan(fitTol);
      expect(result.failures + result.suspensions).toBe(c.units.length);
    });
  }
});

describe("published: Weibull++ crack propagation (reliawiki, Weibull degradation example)", () => {
  const c = fixture.cases.find((x) => x.id === "crack-exponential") as Case;
  // The page's per-unit fits of y = b e^(a x), to its digits.
  const published: Record<string, [number, number]> = {
    A: [0.00158, 13.596],
    B: [0.00271, 8.272],
    C: [0.0014, 16.435],
    D: [0.00177, 10.361],
    E: [0.00294, 7.931],
  };
  it("per-unit a and b to the published digits", async () => {
    const result = await run(c, "weibull2p");
    for (const unit of result.units) {
      const [a, b] = published[unit.id];
      expect(unit.parameters.a.toPrecision(3)).toBe(a.toPrecision(3));
      expect(unit.parameters.b.toFixed(3)).toBe(b.toFixed(3));
    }
    expect(result.units.map((u) => u.pseudoFailureTime.toFixed(3))).toEqual([
      "500.622",
      "475.739",
      "428.739",
      "600.810",
      "452.832",
    ]);
  });
  it("Weibull MLE, RRX and RRY on the pseudo times", async () => {
    const expected = {
      mle: [8.0551, 519.556, 392.92],
      rrx: [8.7685, 516.513, 399.6],
      rry: [7.3622, 522.07, 384.57],
    } as const;
    for (const method of ["mle", "rrx", "rry"] as const) {
      const r = await fitDegradation(dataOf(c), {
        model: "exponential",
        threshold: 30,
        life: { distribution: "weibull2p", method, curvePoints: 0 },
      });
      const [beta, eta, b10] = expected[method];
      expect(r.fit.parameters.beta.toFixed(4), method).toBe(beta.toFixed(4));
      expect(r.fit.parameters.eta.toFixed(3), method).toBe(eta.toFixed(3));
      const { beta: bb, eta: ee } = r.fit.parameters;
      expect((ee * (-Math.log(0.9)) ** (1 / bb)).toFixed(2), method).toBe(b10.toFixed(2));
    }
  });
});

describe("degradation rules", () => {
  const base = {
    unit: ["A", "A", "A", "B", "B", "B"],
    time: Float64Array.from([1, 2, 3, 1, 2, 3]),
    value: Float64Array.from([1, 2, 3, 1, 1.5, 2]),
  };
  const life = { distribution: "weibull2p" as const };
  it("too few crossings: the spec's message", async () => {
    const out = await tryFitDegradation(base, { model: "linear", threshold: 10, limit: 5, life });
    expect(out.ok).toBe(false);
    if (!out.ok) expect(out.problems.map((p) => p.key)).toEqual(["degradation.noFailureData"]);
  });
  it("a crossing beyond the limit is a suspension at the limit", async () => {
    const r = await fitDegradation(
      {
        ...base,
        unit: [...base.unit, "C", "C", "C"],
        time: Float64Array.from([...base.time, 1, 2, 3]),
        value: Float64Array.from([...base.value, 2, 4, 6]),
      },
      { model: "linear", threshold: 5, limit: 6, life },
    );
    const b = r.units.find((u) => u.id === "B");
    expect(b?.crossingTime).toBeCloseTo(9, 12);
    expect(b?.suspended).toBe(true);
    expect(b?.pseudoFailureTime).toBe(6);
    expect(r.units.find((u) => u.id === "A")?.pseudoFailureTime).toBeCloseTo(5, 12);
  });
  it("a path moving away from the threshold never crosses: suspended at its last measurement without a limit", async () => {
    const r = await fitDegradation(
      {
        unit: [...base.unit, "C", "C"],
        time: Float64Array.from([...base.time, 1, 2]),
        value: Float64Array.from([...base.value, 2, 1]),
      },
      { model: "linear", threshold: 4, life },
    );
    const c = r.units.find((u) => u.id === "C");
    expect(c?.crossingTime).toBeNull();
    expect(c?.suspended).toBe(true);
    expect(c?.pseudoFailureTime).toBe(2);
  });
  it("direction down solves the falling crossing", async () => {
    const r = await fitDegradation(
      {
        unit: ["A", "A", "B", "B"],
        time: Float64Array.from([1, 2, 1, 2]),
        value: Float64Array.from([10, 8, 10, 9]),
      },
      { model: "linear", threshold: 4, direction: "down", life },
    );
    expect(r.units.map((u) => u.pseudoFailureTime)).toEqual([4, 7]);
  });
  it("bad input is every problem with its row, never a number", async () => {
    const bad = {
      unit: ["A", "", "A"],
      time: Float64Array.from([1, -1, 0]),
      value: Float64Array.from([1, Number.NaN, -2]),
    };
    const out = await tryFitDegradation(bad, { model: "power", threshold: 3, life });
    expect(out.ok).toBe(false);
    if (!out.ok)
      expect(out.problems.map((p) => [p.key, ...(p.where ?? [])])).toEqual([
        ["degradation.unitMissing", 2, "unit"],
        ["degradation.timeInvalid", 2, "time"],
        ["degradation.valueInvalid", 2, "value"],
        ["degradation.timePositive", 3, "time"],
        ["degradation.valuePositive", 3, "value"],
      ]);
    await expect(
      fitDegradation(base, { model: "linear", threshold: Number.NaN, limit: -1, life }),
    ).rejects.toBeInstanceOf(DegradationInputError);
    const few = await tryFitDegradation(
      { unit: ["A", "A", "B"], time: Float64Array.from([1, 1, 2]), value: Float64Array.from([1, 2, 3]) },
      { model: "linear", threshold: 5, life },
    );
    expect(few.ok ? [] : few.problems.map((p) => p.key)).toEqual([
      "degradation.tooFewTimes",
      "degradation.tooFewTimes",
    ]);
  });
});

describe("noise-free paths give back their parameters and crossings", () => {
  // Each model's own curve sampled at 8 times: the fit must return the parameters and the closed-form crossing.
  const times = [1, 2, 3, 5, 8, 13, 21, 34];
  const cases: Array<[DegradationModel, Record<string, number>, number, "up" | "down", number]> = [
    ["linear", { a: 0.5, b: 2 }, 30, "up", 56],
    ["exponential", { a: 0.05, b: 3 }, 12, "up", Math.log(4) / 0.05],
    ["power", { a: 0.7, b: 1.5 }, 20, "up", (20 / 1.5) ** (1 / 0.7)],
    ["logarithmic", { a: -4, b: 50 }, 30, "down", Math.exp(5)],
    [
      "gompertz",
      { a: 100, b: 0.05, c: 0.9 },
      80,
      "up",
      Math.log(Math.log(0.8) / Math.log(0.05)) / Math.log(0.9),
    ],
    ["lloyd-lipow", { a: 40, b: 60 }, 35, "up", 12],
    ["quadratic", { a: 0.02, b: 0.1, c: 1 }, 10, "up", (-0.1 + Math.sqrt(0.01 + 4 * 0.02 * 9)) / 0.04],
  ];
  const f = (model: DegradationModel, p: Record<string, number>, t: number) =>
    ({
      linear: p.a * t + p.b,
      exponential: p.b * Math.exp(p.a * t),
      power: p.b * t ** p.a,
      logarithmic: p.a * Math.log(t) + p.b,
      gompertz: p.a * p.b ** (p.c ** t),
      "lloyd-lipow": p.a - p.b / t,
      quadratic: p.a * t * t + p.b * t + p.c,
    })[model];
  for (const [model, p, threshold, direction, crossing] of cases)
    it(model, async () => {
      const units = ["P", "Q"];
      const data = {
        unit: units.flatMap((id) => times.map(() => id)),
        time: Float64Array.from([...times, ...times]),
        value: Float64Array.from([...times, ...times].map((t) => f(model, p, t))),
      };
      const r = await fitDegradation(data, {
        model,
        threshold,
        direction,
        life: { distribution: "exponential1p" },
      });
      for (const unit of r.units) {
        for (const [name, v] of Object.entries(p))
          expect(rel(unit.parameters[name], v), name).toBeLessThan(1e-7);
        expect(rel(unit.pseudoFailureTime, crossing)).toBeLessThan(1e-7);
        expect(unit.rSquared).toBeCloseTo(1, 10);
      }
    });
});

describe("size", () => {
  it("fits 400,000 measurements (10,000 units) and refuses one more", async () => {
    const units = 10_000;
    const per = 40;
    const n = units * per;
    const unit: string[] = new Array(n);
    const time = new Float64Array(n);
    const value = new Float64Array(n);
    for (let k = 0; k < units; k++)
      for (let j = 0; j < per; j++) {
        const i = k * per + j;
        unit[i] = `U${k}`;
        time[i] = j + 1;
        value[i] = (1 + (k % 97) / 100) * (j + 1);
      }
    const life = { distribution: "weibull2p" as const, curvePoints: 0, positions: false };
    const r = await fitDegradation({ unit, time, value }, { model: "linear", threshold: 100, life });
    expect(r.units).toHaveLength(units);
    expect(r.units[0].pseudoFailureTime).toBeCloseTo(100, 9);
    const more = await tryFitDegradation(
      {
        unit: [...unit, "X"],
        time: Float64Array.from([...time, 1]),
        value: Float64Array.from([...value, 1]),
      },
      { model: "linear", threshold: 100, life },
    );
    expect(more.ok ? [] : more.problems.map((p) => p.key)).toEqual(["degradation.tooManyMeasurements"]);
  });
});
