// A stored reliability test plan (the seven planners of src/kernels/testdesign.ts) as it travels through
// /api/doe: which page, the inputs as the kernel takes them, and the solved plan. The doe module's body
// (schemas/modules.ts) keeps `inputs` loose for every design; a test plan's inputs are this schema, which
// the screen parses on open, so a plan stored by hand or by an older screen is refused field by field.
import { z } from "zod";
import { failureDistributionSchema } from "../failure-schema.ts";
import { PLANNER_PAGE_NAMES, PLANNERS, QUANTITIES } from "../testdesign.ts";
import { textRule } from "../validation.ts";
import { resultsSchema } from "./lifedata.ts";

const value = z.number().refine(Number.isFinite, { error: "valuePositive" }).optional();

export const testPlanInputsSchema = z.strictObject({
  planner: z.enum(PLANNERS),
  ...Object.fromEntries(QUANTITIES.map((q) => [q, value])),
  solve: z.enum(QUANTITIES).optional(),
  sides: z.union([z.literal(1), z.literal(2)]).optional(),
  termination: z.enum(["time", "failure"]).optional(),
  stress: failureDistributionSchema.optional(),
  strength: failureDistributionSchema.optional(),
});

/** The /api/doe body of a test plan: the doe body with `design` one of the seven pages. */
export const testPlanBodySchema = z.object({
  design: z.enum(PLANNER_PAGE_NAMES as [string, ...string[]]),
  description: textRule.default(""),
  inputs: testPlanInputsSchema,
  results: resultsSchema,
});
export type TestPlanBody = z.infer<typeof testPlanBodySchema>;
