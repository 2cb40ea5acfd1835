// Tied rows summed into one weighted row before the kernel's passes (fit.ts tiesSummed) against the rows as
// given (fitAltModel's `reference`): a set where about a quarter of the units are suspended at their level's
// test end, times rounded to whole hours so failures tie too, and interval rows that share an end but not a
// start (which must stay apart). The likelihood is the same weighted sum, so the estimates, the log-likelihood
// and the Fisher bounds agree to rounding, the likelihood-ratio bounds to their searches' tolerance.
import { describe, expect, it } from "vitest";
import { altSample } from "../../../bench/alt.bench.ts";
import { type AltFit, fitAltModel } from "../../../src/kernels/alt/fit.ts";
import type { AltOptions } from "../../../src/kernels/alt.ts";
import { Comparison } from "../../helpers/accuracy.ts";

function tiedSet() {
  const temps = [[60], [80], [100], [120]];
  const mus = temps.map(([c]) => -8 + 6000 / (c + 273.15));
  const { end, state, stress } = altSample(4000, 17, temps, mus, 0.6, false);
  const start = new Float64Array(end.length).fill(Number.NaN);
  for (let i = 0; i < end.length; i++) {
    end[i] = Math.max(Math.round(end[i]), 1);
    // Every tenth failure an inspection interval: ends tie, starts differ.
    if (state[i] === 1 && i % 10 === 0) start[i] = end[i] - 1 - (i % 3);
  }
  return { end, start, state, stress };
}

function numbers(fit: AltFit): Record<string, number> {
  const out: Record<string, number> = { logLikelihood: fit.logLikelihood };
  for (const [name, value] of Object.entries(fit.parameters)) out[name] = value;
  for (const [name, b] of Object.entries(fit.bounds)) {
    out[`${name} lower`] = b.lower ?? Number.NaN;
    out[`${name} upper`] = b.upper ?? Number.NaN;
  }
  fit.useLevel[0].bLives.forEach((b, i) => {
    out[`B life ${i}`] = b.time;
    out[`B life ${i} lower`] = b.lower ?? Number.NaN;
    out[`B life ${i} upper`] = b.upper ?? Number.NaN;
  });
  return out;
}

describe("ALT tied rows summed", () => {
  const columns = tiedSet();
  const options = (bounds: "fisher" | "lr"): AltOptions => ({
    relationship: "arrhenius",
    distribution: "weibull",
    use: [[30]],
    bLives: [1, 10],
    shapeTest: true,
    bounds,
  });

  it("the set has ties to sum", () => {
    const keys = new Set<string>();
    for (let i = 0; i < columns.end.length; i++)
      keys.add(`${columns.stress[0][i]} ${columns.end[i]} ${columns.start[i]} ${columns.state[i]}`);
    expect(keys.size).toBeLessThan(0.75 * columns.end.length);
  });

  it("Fisher: estimates, log-likelihood, covariance and bounds as on the rows as given", async () => {
    const summed = await fitAltModel(columns, options("fisher"));
    const rows = await fitAltModel(columns, options("fisher"), undefined, { reference: true });
    const cmp = new Comparison("tied rows summed, Fisher (rtol 1e-10)");
    const a = numbers(summed);
    const b = numbers(rows);
    for (const key of Object.keys(b)) cmp.close(key, a[key], b[key], 1e-10);
    summed.covariance.forEach((row, i) => {
      row.forEach((v, j) => {
        cmp.close(`covariance ${i} ${j}`, v, rows.covariance[i][j], 1e-8);
      });
    });
    cmp.close(
      "common-shape statistic",
      summed.commonShape?.statistic ?? Number.NaN,
      rows.commonShape?.statistic ?? 0,
      1e-8,
    );
    console.info(cmp.summary());
    cmp.check();
  });

  it("a set without ties is fitted on the rows as given, in their order: the same fit to the last bit", async () => {
    const untied = altSample(
      4000,
      17,
      [[60], [80], [100], [120]],
      [10, 9, 8, 7].map((m) => m - 2),
      0.6,
      false,
    );
    // altSample's survivors share their level's test end: move each a little so no two rows tie.
    for (let i = 0; i < untied.end.length; i++) untied.end[i] *= 1 + i * 1e-9;
    const fit = await fitAltModel(untied, options("fisher"));
    const rows = await fitAltModel(untied, options("fisher"), undefined, { reference: true });
    expect(numbers(fit)).toEqual(numbers(rows));
    expect(fit.covariance).toEqual(rows.covariance);
  });

  it("the same rows in another order give the same fit to the last bit (the sheet and the CLI may order them apart)", async () => {
    // Each level's rows reversed, the levels in the order they first appear (which numbers them).
    const levelOf = (i: number) => columns.stress[0][i];
    const levels: number[] = [];
    for (let i = 0; i < columns.end.length; i++) if (!levels.includes(levelOf(i))) levels.push(levelOf(i));
    const order = levels.flatMap((level) =>
      Array.from({ length: columns.end.length }, (_, i) => columns.end.length - 1 - i).filter(
        (i) => levelOf(i) === level,
      ),
    );
    const permuted = {
      end: Float64Array.from(order, (i) => columns.end[i]),
      start: Float64Array.from(order, (i) => columns.start[i]),
      state: Int32Array.from(order, (i) => columns.state[i]),
      stress: columns.stress.map((s) => Float64Array.from(order, (i) => s[i])),
    };
    const a = await fitAltModel(columns, options("fisher"));
    const b = await fitAltModel(permuted as typeof columns, options("fisher"));
    expect(numbers(b)).toEqual(numbers(a));
    expect(b.covariance).toEqual(a.covariance);
  });

  it("likelihood-ratio bounds as on the rows as given", async () => {
    const summed = numbers(await fitAltModel(columns, options("lr")));
    const rows = numbers(await fitAltModel(columns, options("lr"), undefined, { reference: true }));
    const cmp = new Comparison("tied rows summed, LR (rtol 1e-9)");
    for (const key of Object.keys(rows)) cmp.close(key, summed[key], rows[key], 1e-9);
    console.info(cmp.summary());
    cmp.check();
  });
});
