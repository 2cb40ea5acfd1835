// The body of /api/wb: one stored life-data document of one analysis kind. Spec 3's analysis session
// flags name the kinds beside the Weibull workbench (degradation; isNevada/isNonNevada warranty;
// isCost/isBest cost); each kind is its own analysis with its own body, column rules and list summary,
// registered here in one entry. Documents stored before kinds existed have none and read as Weibull.
import { z } from "zod";
import { costBodySchema, costSummary } from "./cost.ts";
import { DEGRADATION_COLUMN_RULES, degradationBodySchema, degradationSummary } from "./degradation.ts";
import { LIFE_DATA_COLUMN_RULES, lifeDataBodySchema } from "./lifedata.ts";
import type { ColumnRules } from "./packed-table.ts";
import { inclusiveOf, warrantyBodySchema } from "./warranty.ts";

/** A kind's packed table (null: its body has none) and the facts its list rows show. */
interface WbKind<S extends z.ZodType> {
  body: S;
  columns: ColumnRules | null;
  summarize(body: z.output<S>): Record<string, unknown>;
}
const wbKind = <S extends z.ZodType>(kind: WbKind<S>) => kind;

export const WB_KINDS = {
  weibull: wbKind({
    body: lifeDataBodySchema,
    columns: LIFE_DATA_COLUMN_RULES,
    summarize: (body) => ({
      rows: body.data.rows,
      form: body.data.form,
      distribution: body.settings.distribution,
      estimationMethod: body.settings.estimationMethod,
      timeUnit: body.settings.timeUnit,
      hasResults: !!body.results,
    }),
  }),
  warranty: wbKind({
    body: warrantyBodySchema,
    columns: null,
    summarize: (body) => ({
      periods: body.sales.length,
      returnColumns: body.returns.reduce((m, r) => Math.max(m, r.length), 0),
      inclusive: inclusiveOf(body.settings),
      convention: body.settings.convention,
      distribution: body.settings.distribution,
      hasResults: !!body.results,
    }),
  }),
  degradation: wbKind({
    body: degradationBodySchema,
    columns: DEGRADATION_COLUMN_RULES,
    summarize: degradationSummary,
  }),
  cost: wbKind({ body: costBodySchema, columns: null, summarize: costSummary }),
};
export type WbKindName = keyof typeof WB_KINDS;
export const WB_DEFAULT_KIND: WbKindName = "weibull";

const withKind = (value: unknown) =>
  value !== null && typeof value === "object" && !Array.isArray(value) && !("kind" in value)
    ? { ...value, kind: WB_DEFAULT_KIND }
    : value;

export const wbBodySchema = z.preprocess(
  withKind,
  z.discriminatedUnion("kind", [
    WB_KINDS.weibull.body,
    WB_KINDS.warranty.body,
    WB_KINDS.degradation.body,
    WB_KINDS.cost.body,
  ]),
);
export type WbBody = z.output<typeof wbBodySchema>;

type KindOf<K extends WbKindName> = z.output<(typeof WB_KINDS)[K]["body"]>;

export function wbColumnRules(body: WbBody): ColumnRules | null {
  return WB_KINDS[body.kind as WbKindName].columns;
}

export function wbSummary(body: WbBody): Record<string, unknown> {
  const kind = body.kind as WbKindName;
  const summarize = WB_KINDS[kind].summarize as (b: KindOf<typeof kind>) => Record<string, unknown>;
  return { kind, ...summarize(body as KindOf<typeof kind>) };
}
