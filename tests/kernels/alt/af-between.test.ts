// The acceleration factor between any two stress levels (alt.accelerationFactor) against the relationship's
// own formula, evaluated here from the fitted parameters by hand: Arrhenius AF = exp(B (1/T1 - 1/T2)) with
// B = Ea / k (Ea in eV, k = 8.617333262e-5 eV/K, CODATA 2018) and T = C + 273.15; Eyring AF = (T2 / T1)
// exp(B (1/T1 - 1/T2)); temperature-humidity AF = exp(phi (1/T1 - 1/T2) + b (1/H1 - 1/H2)) (Nelson,
// Accelerated Testing, 1990, ch. 2). Fisher bounds: ln AF +- z se(ln AF), se by the delta method on the
// reported parameter covariance, z = qnorm(0.95) = 1.6448536269514722 for 90 % two-sided.
import { describe, expect, it } from "vitest";
import {
  type AltDistribution,
  type AltFit,
  type AltRelationship,
  accelerationFactor,
  fitAlt,
} from "../../../src/kernels/alt.ts";
import { readFixture } from "../../helpers/accuracy.ts";

interface Case {
  id: string;
  relationship: AltRelationship;
  distribution: AltDistribution;
  use: number[];
  data: {
    end: number[];
    start: Array<number | null>;
    state: number[];
    quantity: number[];
    stress: number[][];
  };
}
const fixture = readFixture<{ cases: Case[] }>("alt/survreg-alt.json");
const Z90 = 1.6448536269514722;
const K_EV = 8.617333262e-5;
const kelvin = (c: number) => c + 273.15;

async function fitOf(id: string, sided: "two" | "lower" = "two"): Promise<AltFit> {
  const c = fixture.cases.find((x) => x.id === id) as Case;
  return fitAlt(
    {
      end: Float64Array.from(c.data.end),
      start: Float64Array.from(c.data.start, (v) => (v === null ? Number.NaN : v)),
      state: Int32Array.from(c.data.state),
      quantity: Float64Array.from(c.data.quantity),
      stress: c.data.stress.map((s) => Float64Array.from(s)),
    },
    { relationship: c.relationship, distribution: c.distribution, temperatureUnit: "c", use: [c.use], sided },
  );
}

/** Variance of sum g_i p_i from the fit's named-parameter covariance. */
function variance(fit: AltFit, g: Record<string, number>): number {
  const names = fit.parameterNames;
  let v = 0;
  for (const [a, ga] of Object.entries(g))
    for (const [b, gb] of Object.entries(g))
      v += ga * gb * fit.covariance[names.indexOf(a)][names.indexOf(b)];
  return v;
}

const rel = (a: number | null, e: number) => Math.abs((a as number) - e) / Math.abs(e);

describe("acceleration factor between two stress levels", () => {
  it("Arrhenius-Weibull: exp(Ea/k (1/T1 - 1/T2)), Fisher bounds from se(B)", async () => {
    const fit = await fitOf("arrhenius-weibull-right");
    const [t1, t2] = [40, 125];
    const d = 1 / kelvin(t1) - 1 / kelvin(t2);
    const expected = Math.exp((fit.parameters.Ea / K_EV) * d);
    const af = await accelerationFactor(fit, [t1], [t2]);
    expect(expected).toBeGreaterThan(1);
    expect(rel(af.value, expected)).toBeLessThan(1e-12);
    const se = Math.sqrt(variance(fit, { B: d }));
    expect(rel(af.lower, expected * Math.exp(-Z90 * se))).toBeLessThan(1e-10);
    expect(rel(af.upper, expected * Math.exp(Z90 * se))).toBeLessThan(1e-10);
    // Swapping the levels inverts the factor and its bounds.
    const back = await accelerationFactor(fit, [t2], [t1]);
    expect(rel(back.value, 1 / expected)).toBeLessThan(1e-12);
    expect(rel(back.upper, 1 / (af.lower as number))).toBeLessThan(1e-10);
  });

  it("one-sided: only the lower bound, with z = qnorm(0.90)", async () => {
    const fit = await fitOf("arrhenius-weibull-right", "lower");
    const d = 1 / kelvin(30) - 1 / kelvin(100);
    const af = await accelerationFactor(fit, [30], [100]);
    const se = Math.sqrt(variance(fit, { B: d }));
    expect(af.upper).toBeNull();
    expect(rel(af.lower, af.value * Math.exp(-1.2815515655446004 * se))).toBeLessThan(1e-10);
  });

  it("Eyring-lognormal: (T2 / T1) exp(B (1/T1 - 1/T2))", async () => {
    const fit = await fitOf("eyring-lognormal-complete");
    const [t1, t2] = [25, 150];
    const d = 1 / kelvin(t1) - 1 / kelvin(t2);
    const expected = (kelvin(t2) / kelvin(t1)) * Math.exp(fit.parameters.B * d);
    const af = await accelerationFactor(fit, [t1], [t2]);
    expect(rel(af.value, expected)).toBeLessThan(1e-12);
    const se = Math.sqrt(variance(fit, { B: d }));
    expect(rel(af.lower, expected * Math.exp(-Z90 * se))).toBeLessThan(1e-10);
  });

  it("temperature-humidity-lognormal: exp(phi (1/T1 - 1/T2) + b (1/H1 - 1/H2))", async () => {
    const fit = await fitOf("temperature-humidity-lognormal-right");
    const [s1, s2] = [
      [30, 40],
      [85, 85],
    ];
    const dT = 1 / kelvin(s1[0]) - 1 / kelvin(s2[0]);
    const dH = 1 / s1[1] - 1 / s2[1];
    const expected = Math.exp(fit.parameters.phi * dT + fit.parameters.b * dH);
    const af = await accelerationFactor(fit, s1, s2);
    expect(rel(af.value, expected)).toBeLessThan(1e-12);
    const se = Math.sqrt(variance(fit, { phi: dT, b: dH }));
    expect(rel(af.lower, expected * Math.exp(-Z90 * se))).toBeLessThan(1e-10);
    expect(rel(af.upper, expected * Math.exp(Z90 * se))).toBeLessThan(1e-10);
  });

  it("agrees with the fit's own factor of the use level over a test level", async () => {
    const fit = await fitOf("arrhenius-lognormal-right");
    const a = fit.accelerationFactors[0];
    const af = await accelerationFactor(fit, a.use, a.level);
    expect(rel(af.value, a.value)).toBeLessThan(1e-12);
    expect(rel(af.lower, a.lower as number)).toBeLessThan(1e-10);
  });

  it("a stress its transform cannot take is refused", async () => {
    const fit = await fitOf("arrhenius-weibull-right");
    await expect(accelerationFactor(fit, [-300], [100])).rejects.toThrow();
  });
});
