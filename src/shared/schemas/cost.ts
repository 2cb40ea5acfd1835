// A stored cost analysis (/api/wb, kind "cost"): spec 3's isCost analysis session with its isBest view and
// the stored interval settings. The life distribution is either typed (any of the cost models' distributions
// of the failure model) or taken from a stored, fitted Weibull set by its wbId, with the parameters as they
// were when taken (so the analysis reopens the same even if the set is refitted later). The intervals are the
// best-interval table's candidates; replaceIntervalId and inspectIntervalId name the one chosen of each kind.
import { z } from "zod";
import { failureDistributionSchema } from "../failure-schema.ts";
import type { MessageKey } from "../messages.ts";
import { costProblem, textRule } from "../validation.ts";
import { lineText } from "./common.ts";

const key = (k: MessageKey) => ({ error: k });
const cost = z.number(key("valuePositive")).positive(key("valuePositive")).max(1e15, key("valuePositive"));
const intervalId = lineText().trim().min(1).max(40);

export const COST_DISTRIBUTION_TYPES = [
  "exponential",
  "weibull2p",
  "weibull3p",
  "lognormal",
  "gamma",
  "loglogistic",
] as const;

const distribution = failureDistributionSchema.refine(
  (d) => (COST_DISTRIBUTION_TYPES as readonly string[]).includes(d.type),
  key("cost.distribution"),
);

export const costBodySchema = z
  .strictObject({
    kind: z.literal("cost"),
    description: textRule.default(""),
    /** Spec 3's flags: this is a cost analysis; the best-interval view is shown. */
    isCost: z.literal(true).default(true),
    isBest: z.boolean().default(false),
    view: z.enum(["replacement", "inspection"]).default("replacement"),
    life: z.discriminatedUnion("source", [
      z.strictObject({ source: z.literal("entered"), distribution }),
      z.strictObject({
        source: z.literal("weibull"),
        wbId: z.number().int().positive(),
        distribution,
      }),
    ]),
    costs: z.strictObject({
      planned: cost.nullable().default(null),
      unplanned: cost,
      inspection: cost.nullable().default(null),
      detection: z
        .number(key("detectionProbabilityRange"))
        .min(0, key("detectionProbabilityRange"))
        .max(1, key("detectionProbabilityRange"))
        .nullable()
        .default(null),
      downtime: cost.nullable().default(null),
    }),
    intervals: z
      .array(
        z.strictObject({
          id: intervalId,
          kind: z.enum(["replace", "inspect"]),
          value: z
            .number(key("valuePositive"))
            .positive(key("valuePositive"))
            .max(1e15, key("valuePositive")),
        }),
      )
      .max(200)
      .default([]),
    replaceIntervalId: intervalId.nullable().default(null),
    inspectIntervalId: intervalId.nullable().default(null),
  })
  .superRefine((body, ctx) => {
    const { planned, unplanned, inspection } = body.costs;
    const rule = costProblem({
      planned: planned ?? undefined,
      inspection: inspection ?? undefined,
      unplanned,
    });
    if (rule)
      ctx.addIssue({
        code: "custom",
        message: rule,
        path: ["costs", rule === "plannedCostTooHigh" ? "planned" : "inspection"],
      });
    const ids = new Set<string>();
    body.intervals.forEach((interval, i) => {
      if (ids.has(interval.id))
        ctx.addIssue({
          code: "custom",
          message: "Two intervals have the same id.",
          path: ["intervals", i, "id"],
        });
      ids.add(interval.id);
    });
    for (const [field, kind] of [
      ["replaceIntervalId", "replace"],
      ["inspectIntervalId", "inspect"],
    ] as const) {
      const id = body[field];
      if (id !== null && !body.intervals.some((interval) => interval.id === id && interval.kind === kind))
        ctx.addIssue({
          code: "custom",
          message: "The chosen interval is not one of the intervals of its kind.",
          path: [field],
        });
    }
  });
export type CostBody = z.input<typeof costBodySchema>;
export type CostBodyParsed = z.output<typeof costBodySchema>;

export function costSummary(body: CostBodyParsed): Record<string, unknown> {
  return {
    view: body.view,
    distribution: body.life.distribution.type,
    source: body.life.source,
    ...(body.life.source === "weibull" ? { wbId: body.life.wbId } : {}),
    isBest: body.isBest,
    intervals: body.intervals.length,
  };
}
