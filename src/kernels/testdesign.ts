// Reliability test design's public API: the seven planners of spec 2's hidden test pages, each solved for the
// quantity left blank, with the plan's operating characteristic; Clopper-Pearson bounds of a finished
// pass/fail test and Wald's sequential chart. Scalar searches over the math core's distributions, so the
// planners run in the main thread's time budget and in the kernel worker alike.
import type { Problem } from "../shared/problem.ts";
import { problemLine } from "../shared/problem.ts";
import { loadMathKernel } from "./math.ts";
import { clopperPearson as cp, type SprtChart, sprtChart as sprt } from "./testdesign/bounds.ts";
import type { DesignInput, TestPlan } from "./testdesign/model.ts";
import { NoPlanError, plan } from "./testdesign/planners.ts";
import { densities, interference } from "./testdesign/stress-strength.ts";
import { resolveInput } from "./testdesign/validate.ts";

export type { SprtChart } from "./testdesign/bounds.ts";
export { trySequentialChart } from "./testdesign/bounds.ts";
export type { DesignInput, OcCurve, Planner, Quantity, TestPlan } from "./testdesign/model.ts";
export { PLANNER_SPECS, PLANNERS, QUANTITIES } from "./testdesign/model.ts";
export { quantityProblem, resolveInput } from "./testdesign/validate.ts";

/** Input a user can fix: every problem found. */
export class TestDesignInputError extends Error {
  override name = "TestDesignInputError";
  constructor(readonly problems: Problem[]) {
    super(problems.map(problemLine).join("; "));
  }
}

export type DesignOutcome = { ok: true; value: TestPlan } | { ok: false; problems: Problem[] };

/** The plan, or the problems of its input (the form the worker returns: thrown errors lose their fields). */
export async function tryDesignTest(input: DesignInput): Promise<DesignOutcome> {
  const { problems, resolved } = resolveInput(input);
  if (!resolved) return { ok: false, problems };
  const m = await loadMathKernel();
  try {
    if (input.planner === "stress-strength") {
      const stress = {
        distribution: input.stress as NonNullable<DesignInput["stress"]>,
        location: resolved.values.stressLocation ?? 0,
      };
      const strength = {
        distribution: input.strength as NonNullable<DesignInput["strength"]>,
        location: resolved.values.strengthLocation ?? 0,
      };
      const { probability, closedForm } = interference(m, stress, strength);
      return {
        ok: true,
        value: {
          planner: input.planner,
          solved: "probabilityOfFailure",
          values: { ...resolved.values, probabilityOfFailure: 100 * probability },
          details: { reliability: 100 * (1 - probability), closedForm: closedForm ? 1 : 0 },
          oc: null,
          tradeoff: null,
          densities: densities(m, stress, strength),
        },
      };
    }
    return { ok: true, value: plan(m, resolved, input) };
  } catch (error) {
    if (error instanceof NoPlanError) return { ok: false, problems: [error.problem] };
    throw error;
  }
}

/** The plan; throws TestDesignInputError with every problem of the input. */
export async function designTest(input: DesignInput): Promise<TestPlan> {
  const outcome = await tryDesignTest(input);
  if (!outcome.ok) throw new TestDesignInputError(outcome.problems);
  return outcome.value;
}

/** Clopper-Pearson bounds on the success proportion (fractions) after `successes` of `samples`. */
export async function clopperPearson(
  samples: number,
  successes: number,
  confidence: number,
  sides: 1 | 2 = 2,
) {
  return cp(await loadMathKernel(), samples, successes, confidence, sides);
}

/** Wald's sequential chart for failure proportions p1 (acceptable) and p2 (rejectable), risks as fractions. */
export function sprtChart(p1: number, p2: number, alpha: number, beta: number, maxSamples = 100): SprtChart {
  return sprt(p1, p2, alpha, beta, maxSamples);
}
