// ALT input rules: the life-data row rules and messages, stresses valid for their transform (a row and a
// stress column named), at least two stress levels with failures, enough levels for the stresses, the
// analysis confidence range of spec 5, use stresses; every problem with its message key.
import { describe, expect, it } from "vitest";
import { AltInputError, type AltOptions, fitAlt } from "../../../src/kernels/alt.ts";

const base = {
  end: Float64Array.from([10, 20, 30, 15, 25, 35]),
  state: Int32Array.from([1, 1, 0, 1, 1, 1]),
  stress: [Float64Array.from([100, 100, 100, 150, 150, 150])],
};
const options: AltOptions = { relationship: "arrhenius", distribution: "weibull", use: [[40]] };

async function problems(columns: Parameters<typeof fitAlt>[0], opts: AltOptions = options) {
  try {
    await fitAlt(columns, opts);
  } catch (error) {
    if (error instanceof AltInputError) return error.issues.map((i) => ({ key: i.key, where: i.where }));
    throw error;
  }
  return [];
}

describe("ALT validation", () => {
  it("fits the valid set", async () => {
    expect(await problems(base)).toEqual([]);
  });
  it("names the row and column of a bad time and of a bad stress", async () => {
    const end = Float64Array.from(base.end);
    end[1] = -3;
    expect(await problems({ ...base, end })).toEqual([{ key: "valuePositive", where: [2, "end"] }]);
    const stress = [Float64Array.from(base.stress[0])];
    stress[0][4] = Number.NaN;
    expect(await problems({ ...base, stress })).toEqual([
      { key: "alt.stressNotNumber", where: [5, "stress1"] },
    ]);
    stress[0][4] = -300;
    expect(await problems({ ...base, stress })).toEqual([
      { key: "alt.temperatureBelowZero", where: [5, "stress1"] },
    ]);
    expect(await problems({ ...base, stress }, { ...options, relationship: "ipl" })).toEqual([
      { key: "alt.stressPositive", where: [5, "stress1"] },
    ]);
  });
  it("needs two levels with failures and enough levels for the stresses", async () => {
    const state = Int32Array.from([1, 1, 1, 0, 0, 0]);
    expect(await problems({ ...base, state })).toEqual([{ key: "alt.twoLevels", where: ["stress"] }]);
    const stress = [base.stress[0], Float64Array.from([50, 50, 50, 60, 60, 60])];
    expect(
      await problems(
        { ...base, stress },
        { ...options, relationship: "temperature-humidity", use: [[40, 40]] },
      ),
    ).toEqual([{ key: "alt.levelsForCovariates", where: ["stress"] }]);
    expect(
      await problems(base, { ...options, relationship: "temperature-humidity", use: [[40, 40]] }),
    ).toEqual([{ key: "alt.stressMissing", where: ["stress"] }]);
  });
  it("checks confidence (spec 5: 50-99.99) and use stresses", async () => {
    expect(await problems(base, { ...options, confidence: 99.995 })).toEqual([
      { key: "ciAnalysisRange", where: ["confidence"] },
    ]);
    expect(await problems(base, { ...options, confidence: 49.99 })).toEqual([
      { key: "ciAnalysisRange", where: ["confidence"] },
    ]);
    expect(await problems(base, { ...options, confidence: 99.99 })).toEqual([]);
    expect(await problems(base, { ...options, use: [[-400]] })).toEqual([
      { key: "alt.useStress", where: ["use"] },
    ]);
    expect(await problems(base, { ...options, use: [[40, 2]] })).toEqual([
      { key: "alt.useStress", where: ["use"] },
    ]);
  });
});
