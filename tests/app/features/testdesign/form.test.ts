// The test pages' forms without a browser: every page opens with one field blank and solves it; typed text
// becomes the kernel's input (blank = solve for it); a stored plan's input fills the form back; a field's
// problem on blur is spec 5's message with its limits in each language.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  fieldProblem,
  formOf,
  initialForm,
  inputOf,
  sideProblem,
} from "../../../../src/app/features/testdesign/form.ts";
import { designTest } from "../../../../src/kernels/testdesign.ts";
import { messageParams } from "../../../../src/shared/messages.ts";
import { PLANNER_PAGE_NAMES } from "../../../../src/shared/testdesign.ts";

describe("test design forms", () => {
  it.each(PLANNER_PAGE_NAMES)("%s opens with a plan solved", async (page) => {
    const plan = await designTest(inputOf(page, initialForm(page)));
    expect(Number.isFinite(plan.values[plan.solved] as number)).toBe(true);
  });

  it("the opening examples are the published ones", async () => {
    expect((await designTest(inputOf("nonparamBino", initialForm("nonparamBino")))).values.samples).toBe(11);
    expect((await designTest(inputOf("paramBino", initialForm("paramBino")))).values.samples).toBe(86);
    const ss = await designTest(inputOf("stressStrength", initialForm("stressStrength")));
    expect(ss.values.probabilityOfFailure).toBeCloseTo(1.50298, 5);
  });

  it("a blank or spaces-only field is left out, so the kernel solves for it", () => {
    const form = initialForm("nonparamBino");
    form.values = { reliability: "90", confidence: " ", samples: "30", failures: "1" };
    expect(inputOf("nonparamBino", form)).toEqual({
      planner: "nonparametric-binomial",
      reliability: 90,
      samples: 30,
      failures: 1,
    });
  });

  it("a stored plan's input fills the form back", () => {
    for (const page of PLANNER_PAGE_NAMES) {
      const input = inputOf(page, initialForm(page));
      expect(inputOf(page, formOf(page, input))).toEqual(input);
    }
    const form = initialForm("indexChiSquare");
    form.sides = "2";
    form.termination = "failure";
    expect(formOf("indexChiSquare", inputOf("indexChiSquare", form))).toMatchObject({
      sides: "2",
      termination: "failure",
    });
  });

  it("checks a field on blur with spec 5's ranges; a blank field has no problem", () => {
    expect(fieldProblem("confidence", "5")?.key).toBe("requiredCiRange");
    expect(fieldProblem("confidence", "5", "reliability")).toBeNull(); // a finished test's CI may be 0-100
    expect(fieldProblem("confidence", "")).toBeNull();
    expect(fieldProblem("reliability", "abc")?.key).toBe("reliabilityRange");
    expect(fieldProblem("beta", "30")?.key).toBe("betaRange");
    expect(fieldProblem("samples", "2.5")?.key).toBe("samplesRange");
    expect(fieldProblem("failures", "-1")?.key).toBe("failuresRange");
    expect(fieldProblem("testTime", "0")?.key).toBe("testTimeRange");
    expect(fieldProblem("effectiveness", "120")?.key).toBe("testDesign.effectivenessRange");
    const side = { type: "weibull2p" as const, params: { beta: "40", eta: "100" }, location: "-1" };
    expect(sideProblem(side, "beta")?.key).toBe("betaRange");
    expect(sideProblem(side, "eta")).toBeNull();
    expect(sideProblem(side, "location")?.key).toBe("parameterClosedRange");
  });

  it.each(["en", "zh", "es", "ja"])("the range messages read in %s with the spec's numbers", (lang) => {
    const messages = JSON.parse(readFileSync(`locales/${lang}/messages.json`, "utf8")) as Record<
      string,
      string
    >;
    for (const key of [
      "requiredCiRange",
      "reliabilityRange",
      "ciRange",
      "betaRange",
      "testTimeRange",
      "samplesRange",
      "failuresRange",
      "failuresExceedSamples",
      "testDesign.effectivenessRange",
      "testDesign.oneUnknown",
      "testDesign.noPlan",
    ]) {
      expect(messages[key], key).toBeTruthy();
      const params = messageParams(key, {}, lang);
      if (params.min !== undefined) expect(messages[key]).toContain("{{min}}");
    }
  });
});
