// The test-design pages' forms as pure functions: which fields each page shows, the typed text turned into
// the kernel's input (a blank field is the one to solve for), and a field's problem on blur (spec 5's
// ranges and messages, from the kernel's one rule table). Tested without a browser.

import { quantityProblem } from "../../../kernels/testdesign/validate.ts";
import type { DesignInput, Quantity, TestPlan } from "../../../kernels/testdesign.ts";
import {
  FAILURE_PARAMETERS,
  type FailureDistribution,
  type FailureDistributionType,
  type FailureParameter,
  parameterProblem,
} from "../../../shared/failure-model.ts";
import type { Problem } from "../../../shared/problem.ts";
import { PLANNER_PAGES, type PlannerPage } from "../../../shared/testdesign.ts";

/** The quantities each page's form shows, in order. */
export const PAGE_FIELDS: Record<PlannerPage, readonly Quantity[]> = {
  nonparamBino: ["reliability", "confidence", "samples", "failures"],
  paramBino: ["reliability", "demoTime", "confidence", "beta", "testTime", "samples", "failures"],
  indexChiSquare: ["mttf", "reliability", "demoTime", "confidence", "failures", "samples", "testTime"],
  weibullChiSquare: ["reliability", "demoTime", "beta", "confidence", "failures", "samples", "testTime"],
  repairePoisson: ["samples", "testTime", "beta", "failures", "mttf", "confidence"],
  fixEffectValidTest: ["mttf", "beta", "effectiveness", "confidence", "failures", "samples", "testTime"],
  stressStrength: [],
};

/** Fields a page shows below the main ones, filled only for their own question (the exponential's risks). */
export const EXTRA_FIELDS: Partial<Record<PlannerPage, readonly Quantity[]>> = {
  indexChiSquare: ["designMttf", "producerRisk"],
};

/** Distributions a stress or strength may take (the failure model's, less the fixed probability). */
export const SIDE_TYPES: FailureDistributionType[] = [
  "normal",
  "lognormal",
  "weibull2p",
  "weibull3p",
  "exponential",
  "gamma",
  "loglogistic",
  "gumbel",
];

export interface SideForm {
  type: FailureDistributionType;
  params: Partial<Record<FailureParameter, string>>;
  location: string;
}

export interface TestForm {
  values: Partial<Record<Quantity, string>>;
  sides: "1" | "2";
  termination: "time" | "failure";
  stress: SideForm;
  strength: SideForm;
}

/** What a page opens with: the examples of its planner's published references, one field left blank. */
export function initialForm(page: PlannerPage): TestForm {
  const values: Record<PlannerPage, Partial<Record<Quantity, string>>> = {
    nonparamBino: { reliability: "80", confidence: "90", failures: "0" },
    paramBino: {
      reliability: "90",
      demoTime: "100",
      confidence: "95",
      beta: "1.5",
      testTime: "48",
      failures: "0",
    },
    indexChiSquare: { reliability: "85", demoTime: "500", confidence: "90", failures: "2" },
    weibullChiSquare: {
      reliability: "95",
      demoTime: "100",
      beta: "1.5",
      confidence: "90",
      failures: "1",
      testTime: "150",
    },
    repairePoisson: { samples: "4", mttf: "500", confidence: "80", failures: "3" },
    fixEffectValidTest: { mttf: "500", effectiveness: "70", confidence: "90", failures: "1" },
    stressStrength: {},
  };
  return {
    values: values[page],
    sides: "1",
    termination: "time",
    stress: { type: "normal", params: { mu: "20", sigma: "6" }, location: "" },
    strength: { type: "normal", params: { mu: "40", sigma: "7" }, location: "" },
  };
}

const numberOf = (text: string | undefined): number | undefined =>
  text === undefined || text.trim() === "" ? undefined : Number(text.trim());

function sideDistribution(side: SideForm): FailureDistribution {
  const d: Record<string, unknown> = { type: side.type };
  for (const p of FAILURE_PARAMETERS[side.type]) {
    const v = numberOf(side.params[p]);
    if (v !== undefined) d[p] = v;
  }
  return d as unknown as FailureDistribution;
}

/** The kernel's input from the form: blank fields left out (the kernel solves for the one blank). */
export function inputOf(page: PlannerPage, form: TestForm): DesignInput {
  const input: Record<string, unknown> = { planner: PLANNER_PAGES[page] };
  for (const q of [...PAGE_FIELDS[page], ...(EXTRA_FIELDS[page] ?? [])]) {
    const v = numberOf(form.values[q]);
    if (v !== undefined) input[q] = v;
  }
  if (page === "indexChiSquare") {
    if (form.sides === "2") input.sides = 2;
    if (form.termination === "failure") input.termination = "failure";
    if (input.designMttf !== undefined) input.solve = "testTime";
  }
  if (page === "stressStrength") {
    input.stress = sideDistribution(form.stress);
    input.strength = sideDistribution(form.strength);
    const s = numberOf(form.stress.location);
    const g = numberOf(form.strength.location);
    if (s !== undefined) input.stressLocation = s;
    if (g !== undefined) input.strengthLocation = g;
  }
  return input as unknown as DesignInput;
}

/** The form back from a stored plan's input. */
export function formOf(page: PlannerPage, input: DesignInput): TestForm {
  const form = initialForm(page);
  form.values = {};
  for (const q of [...PAGE_FIELDS[page], ...(EXTRA_FIELDS[page] ?? [])]) {
    const v = input[q as keyof DesignInput];
    if (typeof v === "number") form.values[q] = String(v);
  }
  form.sides = input.sides === 2 ? "2" : "1";
  form.termination = input.termination === "failure" ? "failure" : "time";
  for (const key of ["stress", "strength"] as const) {
    const d = input[key];
    if (!d) continue;
    const values = d as unknown as Record<string, number>;
    form[key] = {
      type: d.type,
      params: Object.fromEntries(
        FAILURE_PARAMETERS[d.type].filter((p) => values[p] !== undefined).map((p) => [p, String(values[p])]),
      ),
      location: input[`${key}Location`] !== undefined ? String(input[`${key}Location`]) : "",
    };
  }
  return form;
}

/** The field's problem when it loses focus (null for a blank field: that is the one solved for). */
export function fieldProblem(q: Quantity, text: string | undefined, solve?: Quantity): Problem | null {
  const v = numberOf(text);
  if (v === undefined) return null;
  return quantityProblem(q, v, solve);
}

/** A stress or strength parameter's problem on blur, by the failure model's rules. */
export function sideProblem(side: SideForm, p: FailureParameter | "location"): Problem | null {
  if (p === "location") {
    const v = numberOf(side.location);
    return v === undefined ? null : parameterProblem("weibull3p", "gamma", v);
  }
  const v = numberOf(side.params[p]);
  return parameterProblem(side.type, p, v === undefined ? Number.NaN : v);
}

/** The value shown for a quantity: every digit up to 8 significant, integers as they are. */
export function shown(x: number | undefined): string {
  if (x === undefined || !Number.isFinite(x)) return "";
  return Number.isInteger(x) ? String(x) : String(Number(x.toPrecision(8)));
}

/** The plan as rows (quantity, value) for the xlsx export and the print view. */
export function planRows(plan: TestPlan): [string, number][] {
  return [...Object.entries(plan.values), ...Object.entries(plan.details)] as [string, number][];
}
