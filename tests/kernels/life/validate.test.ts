// Validation of life-data columns and options (spec 5 and 8): message keys with their English texts, the row
// and column of every bad row, nothing dropped silently, counts with quantities.
import { describe, expect, it } from "vitest";
import { fitLife, LIFE_MESSAGES, LifeInputError, validateLifeData } from "../../../src/kernels/life.ts";

describe("validateLifeData", () => {
  it("reports each bad row with its number, column and message key", async () => {
    const result = await validateLifeData({
      end: Float64Array.from([10, 0, Number.NaN, 30, 40, 50, 60]),
      start: Float64Array.from([Number.NaN, Number.NaN, Number.NaN, 35, -1, 0, 20]),
      state: Int32Array.from([1, 1, 1, 1, 1, 2, 0]),
      quantity: Float64Array.from([1, 1, 1, 1, 1, 1, 0]),
    });
    expect(result.valid).toBe(false);
    expect(result.issues.map((i) => [i.row, i.column, i.key])).toEqual([
      [2, "end", "valuePositive"],
      [3, "end", "valuePositive"],
      [4, "start", "life.startAfterEnd"],
      [5, "start", "life.startNotNumber"],
      [6, "state", "life.stateInvalid"],
      [7, "quantity", "life.quantityInvalid"],
    ]);
    expect(result.issues[0].message).toBe("Value must be a number greater than 0.");
    expect(result.issueCount).toBe(6);
  });

  it("counts failures, suspensions, intervals and left-censored units with quantities; groups select rows", async () => {
    const columns = {
      end: Float64Array.from([10, 20, 30, 40, 50]),
      start: Float64Array.from([Number.NaN, 0, 25, Number.NaN, 5]),
      state: Int32Array.from([1, 1, 1, 0, 0]),
      quantity: Int32Array.from([2, 3, 4, 5, 6]),
      group: Int32Array.from([1, 1, 1, 1, 2]),
    };
    const all = await validateLifeData(columns);
    expect(all.counts).toEqual({
      failures: 9,
      suspensions: 11,
      intervals: 4,
      leftCensored: 3,
      rows: 5,
      units: 20,
    });
    const first = await validateLifeData(columns, [1]);
    expect(first.counts).toMatchObject({ suspensions: 5, rows: 4 });
  });

  it("columns of different lengths and an empty selection are reported", async () => {
    const short = await validateLifeData({ end: Float64Array.from([1, 2]), state: Int32Array.from([1]) });
    expect(short.issues[0]).toMatchObject({ key: "life.columnLength", column: "state" });
    const none = await validateLifeData({ end: new Float64Array(0) });
    expect(none.issues[0].key).toBe("addDataPoint");
    expect(none.issues[0].message).toBe(LIFE_MESSAGES.addDataPoint);
  });

  it("options: CI 50 to 99.99, beta 0.0001 to 24, positive times, known names", async () => {
    const end = Float64Array.from([10, 20, 30]);
    const keyOf = async (options: Parameters<typeof fitLife>[1]) => {
      try {
        await fitLife({ end }, options);
        return "ok";
      } catch (error) {
        if (!(error instanceof LifeInputError)) throw error;
        return error.issues[0].key;
      }
    };
    expect(await keyOf({ distribution: "weibull2p", confidence: 49.9 })).toBe("ciAnalysisRange");
    expect(await keyOf({ distribution: "weibull2p", confidence: 99.995 })).toBe("ciAnalysisRange");
    expect(await keyOf({ distribution: "weibull2p", confidence: 99.99 })).toBe("ok");
    expect(await keyOf({ distribution: "weibull1p", beta: 25 })).toBe("betaRange");
    expect(await keyOf({ distribution: "weibull1p", beta: 0.0001 })).toBe("ok");
    expect(await keyOf({ distribution: "weibull2p", at: [0] })).toBe("valuePositive");
    expect(await keyOf({ distribution: "weibull9p" as "weibull2p" })).toBe("life.unknownDistribution");
    expect(await keyOf({ distribution: "gamma", method: "rrx" })).toBe("life.rankRegressionUnavailable");
    expect(await keyOf({ distribution: "weibull3p", bounds: "lr" })).toBe("life.lrNeedsTwoParameters");
  });
});
