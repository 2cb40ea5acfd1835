// The zod schema of one failure distribution (failure-model.ts holds the table it checks against) and the
// check of a stored name + p1..p3, for the REST schemas. Kept apart from failure-model.ts so that the
// kernels and the command line, which use the table but not zod, do not load zod.
import { z } from "zod";
import {
  FAILURE_DISTRIBUTIONS,
  FAILURE_PARAMETERS,
  type FailureDistribution,
  type FailureDistributionType,
  type FailureParameter,
  fromSpec,
  OPTIONAL_PARAMETERS,
  PARAMETER_RANGES,
  parameterSymbol,
  rangeVerdict,
  SPEC_ORDERS,
  type SpecArea,
} from "./failure-model.ts";

function parameterSchema(type: FailureDistributionType, name: FailureParameter) {
  const range = PARAMETER_RANGES[type][name];
  const number = z
    .number({ error: range.key })
    .refine((x) => rangeVerdict(range, x) !== "error", { error: range.key });
  return OPTIONAL_PARAMETERS[type]?.includes(name) ? number.optional() : number;
}

/** The zod schema of one distribution (errors are message keys; a warning-only value passes). */
export const failureDistributionSchema = z.discriminatedUnion(
  "type",
  FAILURE_DISTRIBUTIONS.map((type) =>
    z.object({
      type: z.literal(type),
      ...Object.fromEntries(FAILURE_PARAMETERS[type].map((name) => [name, parameterSchema(type, name)])),
    }),
  ) as unknown as [z.ZodObject, ...z.ZodObject[]],
  { error: "distributionUnknown" },
) as unknown as z.ZodType<FailureDistribution>;

/**
 * A zod check of a stored record holding a distribution as name + p1..p3 in an area's order (the /api/ftaexe
 * event, the /api/rbd node): the values are read through fromSpec and validated by failureDistributionSchema,
 * each problem pointing at its pN. A null or absent value is a field still being typed and passes (the
 * editor shows its message); a number outside its range does not.
 */
export function specDistributionCheck(area: SpecArea) {
  return (
    node: { distribution?: unknown; p1?: number | null; p2?: number | null; p3?: number | null },
    ctx: z.RefinementCtx,
  ): void => {
    if (node.distribution === undefined || node.distribution === null) return;
    const p = [node.p1, node.p2, node.p3];
    const d = fromSpec(area, node.distribution, p);
    if (!d) {
      ctx.addIssue({
        code: "custom",
        message: "distributionUnknown",
        path: ["distribution"],
        params: { names: FAILURE_DISTRIBUTIONS.join(", ") },
      });
      return;
    }
    const result = failureDistributionSchema.safeParse(d);
    if (result.success) return;
    const order = SPEC_ORDERS[area][d.type];
    for (const issue of result.error.issues) {
      const name = issue.path[0] as FailureParameter;
      const at = order.indexOf(name);
      if (at < 0 || p[at] === null || p[at] === undefined) continue;
      const range = PARAMETER_RANGES[d.type][name];
      ctx.addIssue({
        code: "custom",
        message: issue.message,
        path: [`p${at + 1}`],
        params: { parameter: parameterSymbol(d.type, name), min: range.min, max: range.max },
      });
    }
  };
}
