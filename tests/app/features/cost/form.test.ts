// The cost page's pure form: typed text to the kernels' input, to the stored body the server accepts and back.
import { describe, expect, it } from "vitest";
import {
  candidatesOf,
  fromBody,
  fromWeibullSet,
  initialForm,
  inputOf,
  switchType,
  toBody,
} from "../../../../src/app/features/cost/form.ts";
import { optimizeReplacement } from "../../../../src/kernels/cost.ts";
import { costBodySchema } from "../../../../src/shared/schemas/cost.ts";

describe("cost form", () => {
  it("the example is lifedata case 18 and solves to 493.05", async () => {
    const r = await optimizeReplacement(inputOf(initialForm()));
    expect(r.optimalAge?.toFixed(2)).toBe("493.05");
    expect(r.best.map((row) => row.interval)).toEqual([300, 400, 500, 600]);
  });

  it("stores a body the server's schema accepts and reads it back as typed", () => {
    const form = { ...initialForm(), chosen: { replacement: "500", inspection: "" } };
    const body = toBody(form);
    const parsed = costBodySchema.parse(body);
    expect(parsed.replaceIntervalId).toBe("r3");
    expect(parsed.inspectIntervalId).toBeNull();
    expect(fromBody(parsed)).toEqual({
      ...form,
      intervals: { replacement: "300, 400, 500, 600", inspection: "50, 100, 200" },
    });
  });

  it("takes a fitted Weibull set's parameters, and refuses a set without a fit", () => {
    const taken = fromWeibullSet(initialForm(), 12, {
      fit: { distribution: "weibull2p", parameters: { beta: 1.7, eta: 640 } },
    });
    expect("form" in taken && taken.form).toMatchObject({
      source: "weibull",
      wbId: 12,
      params: { beta: "1.7", eta: "640" },
    });
    expect(fromWeibullSet(initialForm(), 12, null)).toEqual({ problem: { key: "cost.weibullSetUnfitted" } });
    const mixture = { fit: { distribution: "weibull-mixed2", parameters: {} } };
    expect(fromWeibullSet(initialForm(), 12, mixture)).toEqual({
      problem: { key: "cost.weibullSetUnfitted" },
    });
    const exp2p = fromWeibullSet(initialForm(), 3, {
      fit: { distribution: "exponential2p", parameters: { lambda: 0.002, gamma: 150 } },
    });
    expect("form" in exp2p && exp2p.form).toMatchObject({
      type: "exponential",
      params: { lambda: "0.002", gamma: "150" },
    });
    const body = toBody("form" in taken ? taken.form : initialForm());
    expect(body.life).toEqual({
      source: "weibull",
      wbId: 12,
      distribution: { type: "weibull2p", beta: 1.7, eta: 640 },
    });
  });

  it("switching distributions keeps shared parameters; candidates keep their order", () => {
    expect(switchType(initialForm(), "weibull3p").params).toEqual({ beta: "2.5", eta: "1000", gamma: "0" });
    expect(candidatesOf("500, 300;400  x")).toEqual([500, 300, 400, Number.NaN]);
  });
});
