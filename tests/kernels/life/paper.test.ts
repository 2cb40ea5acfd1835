// The drawing tool's line (src/kernels/life/paper.ts): rank data typed as (X-Time, Y-Value %) pairs on each
// paper, RRX and RRY, against R's lm() on the linearised axes (tests/fixtures/drawing/lines.R). Parameters
// and rho to 1e-9; Weibull 3P to 1e-6, because its location maximises rho, which is flat at the maximum
// (an error d in gamma changes rho by O(d^2)), so both searches pin gamma only to about the square root of
// their tolerance on rho, and beta and eta follow gamma.
import { describe, expect, it } from "vitest";
import {
  fitPaperLine,
  LifeInputError,
  PAPER_DISTRIBUTIONS,
  type PaperDistribution,
  rankPointIssues,
} from "../../../src/kernels/life.ts";
import { Comparison, readFixture } from "../../helpers/accuracy.ts";

interface LineCase {
  set: string;
  distribution: PaperDistribution;
  method: "rrx" | "rry";
  time: number[];
  percent: number[];
  expected: Record<string, number>;
}

const fixture = readFixture<{ r: string; cases: LineCase[] }>("drawing/lines.json");

describe(`drawing tool lines against R (${fixture.r})`, () => {
  it(`${fixture.cases.length} lines, every paper distribution, RRX and RRY`, async () => {
    expect(new Set(fixture.cases.map((c) => c.distribution))).toEqual(new Set(PAPER_DISTRIBUTIONS));
    const cmp = new Comparison("drawing lines");
    for (const c of fixture.cases) {
      const fit = await fitPaperLine(
        { time: Float64Array.from(c.time), percent: Float64Array.from(c.percent) },
        { distribution: c.distribution, method: c.method, curvePoints: 0 },
      );
      const rtol = c.distribution === "weibull3p" ? 1e-6 : 1e-9;
      const label = `${c.set} ${c.distribution} ${c.method}`;
      for (const [name, value] of Object.entries(c.expected)) {
        const actual = name === "rho" ? fit.goodnessOfFit.rho : fit.parameters[name];
        // gamma near 0 (1P forms) is compared absolutely below 1.
        cmp.close(`${label} ${name}`, actual, value, rtol, name === "gamma" ? 1 : 1e-300);
      }
      // The points come back as the plot's positions, in time order, each with its place in the list.
      expect(fit.positions?.time.length).toBe(c.time.length);
      const rows = Array.from(fit.positions?.row ?? []);
      expect(rows.map((r) => c.time[r])).toEqual([...c.time].sort((a, b) => a - b));
    }
    console.log(cmp.summary());
    cmp.check();
  });

  it("says spec 5's rules for rank data, every bad point with its row and column", () => {
    expect(rankPointIssues({ time: new Float64Array(0), percent: new Float64Array(0) })).toMatchObject([
      { key: "addDataPoint" },
    ]);
    const issues = rankPointIssues({
      time: Float64Array.from([10, 0, -3, 20, Number.NaN]),
      percent: Float64Array.from([50, 20, 100, 0, 99.999]),
      row: Int32Array.from([0, 1, 2, 3, 7]),
    });
    expect(issues.map((i) => [i.key, ...(i.where ?? [])])).toEqual([
      ["valuePositive", 2, "x"],
      ["valuePositive", 3, "x"],
      ["life.rankPercentRange", 3, "y"],
      ["life.rankPercentRange", 4, "y"],
      ["valuePositive", 8, "x"],
    ]);
    expect(issues[2].message).toBe("Y-Value (%) must be greater than 0 and below 100.");
  });

  it("refuses a line it cannot draw with the kernel's own messages", async () => {
    const one = { time: Float64Array.from([5]), percent: Float64Array.from([50]) };
    await expect(fitPaperLine(one, { distribution: "weibull2p", method: "rrx" })).rejects.toBeInstanceOf(
      LifeInputError,
    );
    const bad = { time: Float64Array.from([5, 9]), percent: Float64Array.from([20, 120]) };
    await expect(fitPaperLine(bad, { distribution: "normal", method: "rry" })).rejects.toMatchObject({
      issues: [{ key: "life.rankPercentRange", row: 2, where: [2, "y"] }],
    });
    await expect(
      fitPaperLine(bad, { distribution: "gamma" as PaperDistribution, method: "rry" }),
    ).rejects.toMatchObject({ issues: [{ key: "life.unknownOption", option: "distribution" }] });
  });
});
