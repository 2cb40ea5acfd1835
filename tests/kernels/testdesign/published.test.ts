// Every [P] and [C] vector of the test-design references (tests/fixtures/testdesign/published.json: the
// sources are named there), each to the digits its source gives: a count exactly, a number within half a
// unit of its last published digit.
import { describe, expect, it } from "vitest";
import {
  clopperPearson,
  designTest,
  sprtChart,
  trySequentialChart,
} from "../../../src/kernels/testdesign.ts";
import { readFixture } from "../../helpers/accuracy.ts";
import { toInput } from "./input.ts";

type Expected = number | [number, number];
interface Published {
  cases: {
    tag: "P" | "C";
    name: string;
    input: Record<string, unknown>;
    expected: Record<string, Expected>;
    details?: Record<string, [number, number]>;
  }[];
  finishedTest: { input: Record<string, unknown>; details: Record<string, [number, number]> };
  clopperPearson: {
    samples: number;
    successes: number;
    confidence: number;
    lower: [number, number];
    upper: [number, number];
  };
  sprt: {
    p1: number;
    p2: number;
    alpha: number;
    beta: number;
    rejectAt2Through: number;
    rejectAt3From: number;
    acceptLineStarts: number;
  };
}
const published = readFixture<Published>("testdesign/published.json");

function within(actual: number, [value, half]: [number, number], label: string) {
  expect(Math.abs(actual - value), `${label}: ${actual} vs ${value} ± ${half}`).toBeLessThanOrEqual(
    half * (1 + 1e-9),
  );
}

describe("published and recomputed test-design vectors", () => {
  for (const c of published.cases) {
    it(`[${c.tag}] ${c.name}`, async () => {
      const plan = await designTest(toInput(c.input));
      for (const [name, e] of Object.entries(c.expected)) {
        const actual = plan.values[name as keyof typeof plan.values] as number;
        if (typeof e === "number") expect(actual, name).toBe(e);
        else within(actual, e, name);
      }
      for (const [name, e] of Object.entries(c.details ?? {})) within(plan.details[name], e, name);
    });
  }

  it("[P] a finished pass/fail test shows its two-sided Clopper-Pearson interval", async () => {
    const c = published.finishedTest;
    const plan = await designTest(toInput(c.input));
    for (const [name, e] of Object.entries(c.details)) within(plan.details[name], e, name);
  });

  it("[P] Clopper-Pearson: 29 of 30 at 95 % two-sided", async () => {
    const c = published.clopperPearson;
    const b = await clopperPearson(c.samples, c.successes, c.confidence);
    within(b.lower, c.lower, "lower");
    within(b.upper, c.upper, "upper");
  });

  it("[P] sequential chart: reject at the 2nd failure through sample 19, the 3rd from 20; accept from 24", () => {
    const s = published.sprt;
    const chart = sprtChart(s.p1, s.p2, s.alpha, s.beta, 40);
    expect(chart.reject.slice(1, s.rejectAt2Through)).toEqual(Array(s.rejectAt2Through - 1).fill(2));
    expect(chart.reject[s.rejectAt3From - 1]).toBe(3);
    expect(chart.accept.findIndex((a) => a !== null) + 1).toBe(s.acceptLineStarts);
  });

  it("the sequential chart from the screen's percentages, and its checks", () => {
    const chart = trySequentialChart(1, 10, 5, 10, 40);
    expect(chart.ok && chart.value.reject[19]).toBe(3);
    const bad = trySequentialChart(10, 1, 0, 10);
    expect(bad.ok ? [] : bad.problems.map((p) => p.key)).toEqual([
      "testDesign.sprtOrder",
      "testDesign.riskRange",
    ]);
  });
});
