// A test plan as /api/doe stores it (schemas/testdesign.ts): the page, the inputs as the kernel takes them,
// and the solved numbers. Curves are not stored: opening a plan solves it again (milliseconds).
import type { DesignInput, TestPlan } from "../../../kernels/testdesign.ts";
import { type TestPlanBody, testPlanBodySchema } from "../../../shared/schemas/testdesign.ts";
import type { PlannerPage } from "../../../shared/testdesign.ts";

export function toStoredPlan(
  page: PlannerPage,
  input: DesignInput,
  plan: TestPlan | null,
  description = "",
): TestPlanBody {
  return {
    design: page,
    description,
    inputs: input as TestPlanBody["inputs"],
    results: plan ? { solved: plan.solved, values: plan.values, details: plan.details } : null,
  } as TestPlanBody;
}

/** The page and inputs of a stored plan, or null when the body is not a test plan. */
export function fromStoredPlan(
  body: unknown,
): { page: PlannerPage; input: DesignInput; description: string } | null {
  const parsed = testPlanBodySchema.safeParse(body);
  if (!parsed.success) return null;
  return {
    page: parsed.data.design as PlannerPage,
    input: parsed.data.inputs as unknown as DesignInput,
    description: parsed.data.description,
  };
}
