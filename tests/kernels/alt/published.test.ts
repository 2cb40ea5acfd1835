// Published ALT examples (cases 11-15 of tests/fixtures/alt/published-alt.json, sources cited there): each
// value to half a unit of its last stated digit, the recomputed references and the published ones.
import { describe, expect, it } from "vitest";
import {
  type AltDistribution,
  type AltFit,
  type AltRelationship,
  accelerationFactor,
  fitAlt,
  type TemperatureUnit,
} from "../../../src/kernels/alt.ts";
import { Comparison, readFixture } from "../../helpers/accuracy.ts";

interface PublishedCase {
  id: string;
  relationship: AltRelationship;
  distribution: AltDistribution;
  temperatureUnit: TemperatureUnit;
  /** stress, failure times, optional [time, count] suspensions. */
  rows?: Array<[number, number[], Array<[number, number]>?]>;
  /** count, last inspected, state, time, stress. */
  intervalRows?: Array<[number, number, "F" | "S", number, number]>;
  boltzmannScale?: number;
  recomputed: Record<string, string>;
  published?: Record<string, unknown>;
  /** Published values from an optimiser that stopped short: ours must be at least as high. */
  publishedShortOfOptimum?: string[];
}

const fixture = readFixture<{ cases: PublishedCase[] }>("alt/published-alt.json");

function columns(c: PublishedCase) {
  const end: number[] = [];
  const start: number[] = [];
  const state: number[] = [];
  const quantity: number[] = [];
  const stress: number[] = [];
  const row = (e: number, s: number, f: number, q: number, v: number) => {
    end.push(e);
    start.push(s);
    state.push(f);
    quantity.push(q);
    stress.push(v);
  };
  for (const [v, failures, suspensions = []] of c.rows ?? []) {
    for (const t of failures) row(t, Number.NaN, 1, 1, v);
    for (const [t, q] of suspensions) row(t, Number.NaN, 0, q, v);
  }
  for (const [q, last, st, t, v] of c.intervalRows ?? [])
    row(t, st === "F" ? last : Number.NaN, st === "F" ? 1 : 0, q, v);
  return {
    end: Float64Array.from(end),
    start: Float64Array.from(start),
    state: Int32Array.from(state),
    quantity: Float64Array.from(quantity),
    stress: [Float64Array.from(stress)],
  };
}

/** Half a unit of the last digit of a decimal string. */
function halfUnit(text: string): number {
  const decimals = text.includes(".") ? text.split(".")[1].length : 0;
  return 0.5 * 10 ** -decimals;
}

/** The quantities the cases state, from a fit. */
async function quantity(c: PublishedCase, fit: AltFit, name: string): Promise<number> {
  const [b0, b1] = fit.coefficients;
  switch (name) {
    case "b0":
      return b0;
    case "b1":
      return b1;
    case "sigma":
      return fit.parameters.sigma;
    case "beta":
      return fit.parameters.beta;
    case "logLikelihood":
      return fit.logLikelihood;
    case "ea":
      // Either the case's own scale (x = scale / T, beta1 = Ea) or Boltzmann's constant.
      return c.boltzmannScale ? b1 / c.boltzmannScale : fit.parameters.Ea;
    case "a":
      return 1 / fit.parameters.K;
    case "n":
      return -fit.parameters.n;
    case "meanLifeAt60":
      return fit.useLevel[0].meanLife.value;
    case "af70to35":
      return (await accelerationFactor(fit, [35], [70])).value;
    default:
      throw new Error(`unknown quantity ${name}`);
  }
}

describe("ALT published cases 11-15", () => {
  const worst = new Comparison(
    "recomputed values (relative error; each within half a unit of its last digit)",
  );
  for (const c of fixture.cases) {
    it(c.id, async () => {
      const fit = await fitAlt(columns(c), {
        relationship: c.relationship,
        distribution: c.distribution,
        temperatureUnit: c.temperatureUnit,
        use: [[c.id.startsWith("case15") ? 60 : c.relationship === "arrhenius" ? 300 : 50]],
        confidence: (c.published?.confidence as number | undefined) ?? 90,
      });
      expect(fit.converged).toBe(true);
      const cmp = new Comparison(c.id);
      // close() with rtol 0 only records the relative error for the summary; the rule is the stated digits.
      for (const [name, text] of Object.entries(c.recomputed))
        cmp.close(`${c.id} ${name}`, await quantity(c, fit, name), Number(text), 0, 1);
      const stated = [
        ...Object.entries(c.recomputed),
        ...Object.entries(c.published ?? {}).filter(([name]) => !c.publishedShortOfOptimum?.includes(name)),
      ];
      for (const [name, text] of stated) {
        if (typeof text !== "string") continue;
        const got = await quantity(c, fit, name);
        expect(Math.abs(got - Number(text)), `${c.id} ${name}: ${got} vs ${text}`).toBeLessThanOrEqual(
          halfUnit(text) * (1 + 1e-9),
        );
      }
      for (const name of c.publishedShortOfOptimum ?? []) {
        const text = (c.published as Record<string, string>)[name];
        expect(await quantity(c, fit, name)).toBeGreaterThan(Number(text) - halfUnit(text));
      }
      const bounds = c.published?.bounds as Record<string, [string, string]> | undefined;
      if (bounds) {
        // The book's 95% Wald intervals: coefficients symmetric, sigma on the log scale.
        const K = fit.bounds.K;
        const n = fit.bounds.n;
        const got: Record<string, [number, number]> = {
          b0: [-Math.log(K.upper as number), -Math.log(K.lower as number)],
          b1: [-(n.upper as number), -(n.lower as number)],
          sigma: [fit.bounds.sigma.lower as number, fit.bounds.sigma.upper as number],
        };
        for (const [name, [lo, hi]] of Object.entries(bounds)) {
          expect(Math.abs(got[name][0] - Number(lo)), `${name} lower ${got[name][0]}`).toBeLessThanOrEqual(
            halfUnit(lo),
          );
          expect(Math.abs(got[name][1] - Number(hi)), `${name} upper ${got[name][1]}`).toBeLessThanOrEqual(
            halfUnit(hi),
          );
        }
      }
      worst.add(cmp);
    });
  }
  it("summary", () => console.info(worst.summary()));
});
