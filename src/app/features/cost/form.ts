// The cost page's form as typed text, and its conversions: to the kernels' input (problems of unparsed or
// blank fields as the shared Problem), to the stored body (/api/wb kind "cost") and back. Pure, no React.
import type { CostInput, CostView } from "../../../kernels/cost.ts";
import {
  DEFAULT_DISTRIBUTIONS,
  FAILURE_PARAMETERS,
  type FailureDistribution,
  OPTIONAL_PARAMETERS,
} from "../../../shared/failure-model.ts";
import type { Problem } from "../../../shared/problem.ts";
import { COST_DISTRIBUTION_TYPES, type CostBody, type CostBodyParsed } from "../../../shared/schemas/cost.ts";

export type CostDistributionType = (typeof COST_DISTRIBUTION_TYPES)[number];
export const COST_TYPES = COST_DISTRIBUTION_TYPES;
export const COST_FIELDS = ["planned", "unplanned", "inspection", "detection", "downtime"] as const;
export type CostField = (typeof COST_FIELDS)[number];
export const VIEW_FIELDS: Record<CostView, readonly CostField[]> = {
  replacement: ["planned", "unplanned"],
  inspection: ["inspection", "unplanned", "downtime", "detection"],
};

export interface CostForm {
  view: CostView;
  isBest: boolean;
  source: "entered" | "weibull";
  /** The stored Weibull set the parameters were taken from (source "weibull"). */
  wbId: number | null;
  type: CostDistributionType;
  params: Record<string, string>;
  costs: Record<CostField, string>;
  /** Candidate intervals of the best-interval table, as typed ("300, 400, 500"), per view. */
  intervals: Record<CostView, string>;
  /** The chosen candidate of each view (its text as listed), or "" for none. */
  chosen: Record<CostView, string>;
}

const text = (x: number | null | undefined) => (x === null || x === undefined ? "" : String(x));

export function initialForm(): CostForm {
  // ReliaWiki's optimum replacement example (lifedata case 18) and the domain notes' inspection costs.
  return {
    view: "replacement",
    isBest: true,
    source: "entered",
    wbId: null,
    type: "weibull2p",
    params: { beta: "2.5", eta: "1000" },
    costs: { planned: "1", unplanned: "5", inspection: "0.2", detection: "0.9", downtime: "0.05" },
    intervals: { replacement: "300, 400, 500, 600", inspection: "50, 100, 200" },
    chosen: { replacement: "", inspection: "" },
  };
}

/** A typed number, NaN when blank or not a number. */
export function numberOf(value: string | undefined): number {
  const t = (value ?? "").trim();
  return t === "" ? Number.NaN : Number(t);
}

/** The candidates of a view as numbers, in the order typed; bad entries as NaN (the kernel names them). */
export function candidatesOf(textValue: string): number[] {
  return textValue
    .split(/[,;\s]+/)
    .filter((s) => s !== "")
    .map((s) => Number(s));
}

export function distributionOf(form: CostForm): FailureDistribution {
  const out: Record<string, unknown> = { type: form.type };
  for (const name of FAILURE_PARAMETERS[form.type]) {
    const typed = form.params[name] ?? "";
    if (typed.trim() === "" && OPTIONAL_PARAMETERS[form.type]?.includes(name)) continue;
    out[name] = numberOf(typed);
  }
  return out as unknown as FailureDistribution;
}

export function inputOf(form: CostForm): CostInput {
  const c = (field: CostField) => numberOf(form.costs[field]);
  return {
    distribution: distributionOf(form),
    planned: c("planned"),
    unplanned: c("unplanned"),
    inspection: c("inspection"),
    detection: c("detection"),
    downtime: c("downtime"),
    candidates: candidatesOf(form.intervals[form.view]),
  };
}

/** A switch of distribution keeps the parameters both share (a Weibull's beta and eta). */
export function switchType(form: CostForm, type: CostDistributionType): CostForm {
  const defaults = DEFAULT_DISTRIBUTIONS[type] as unknown as Record<string, number>;
  const params: Record<string, string> = {};
  for (const name of FAILURE_PARAMETERS[type])
    params[name] = form.params[name] ?? (defaults[name] === undefined ? "" : String(defaults[name]));
  return { ...form, type, params };
}

/** The life kernels' fitted distributions (LIFE_DISTRIBUTIONS) the cost models take, as failure model types;
 * a fixed-shape Weibull (1P) is a Weibull 2P at its shape; mixtures, the normal and the Gumbel are not. */
const LIFE_TO_COST: Record<string, CostDistributionType> = {
  weibull1p: "weibull2p",
  weibull2p: "weibull2p",
  weibull3p: "weibull3p",
  exponential1p: "exponential",
  exponential2p: "exponential",
  lognormal: "lognormal",
  gamma: "gamma",
  loglogistic: "loglogistic",
};

/** The form with a stored Weibull set's fitted distribution, or a problem when the set has none usable. */
export function fromWeibullSet(
  form: CostForm,
  wbId: number,
  results: unknown,
): { form: CostForm } | { problem: Problem } {
  const fit = (results as { fit?: { distribution?: string; parameters?: Record<string, unknown> } } | null)
    ?.fit;
  const type = fit?.distribution ? LIFE_TO_COST[fit.distribution] : undefined;
  if (!fit || !type) return { problem: { key: "cost.weibullSetUnfitted" } };
  const params: Record<string, string> = {};
  for (const name of FAILURE_PARAMETERS[type]) {
    const v = fit.parameters?.[name];
    if (typeof v === "number") params[name] = String(v);
  }
  return { form: { ...form, source: "weibull", wbId, type, params } };
}

const idOf = (view: CostView, i: number) => `${view === "replacement" ? "r" : "i"}${i + 1}`;

/** The body to store: the typed values as numbers (the server checks spec 5's rules again). */
export function toBody(form: CostForm, description = ""): CostBody {
  const cost = (field: CostField) => {
    const v = numberOf(form.costs[field]);
    return Number.isFinite(v) ? v : null;
  };
  const intervals = (["replacement", "inspection"] as const).flatMap((view) =>
    candidatesOf(form.intervals[view])
      .filter((v) => Number.isFinite(v) && v > 0)
      .map(
        (value, i) =>
          ({ id: idOf(view, i), kind: view === "replacement" ? "replace" : "inspect", value }) as const,
      ),
  );
  const chosenId = (view: CostView) => {
    const list = candidatesOf(form.intervals[view]).filter((v) => Number.isFinite(v) && v > 0);
    const i = list.indexOf(numberOf(form.chosen[view]));
    return i < 0 ? null : idOf(view, i);
  };
  const distribution = distributionOf(form);
  return {
    kind: "cost",
    description,
    isCost: true,
    isBest: form.isBest,
    view: form.view,
    life:
      form.source === "weibull" && form.wbId !== null
        ? { source: "weibull", wbId: form.wbId, distribution }
        : { source: "entered", distribution },
    costs: {
      planned: cost("planned"),
      unplanned: cost("unplanned") ?? Number.NaN,
      inspection: cost("inspection"),
      detection: cost("detection"),
      downtime: cost("downtime"),
    },
    intervals,
    replaceIntervalId: chosenId("replacement"),
    inspectIntervalId: chosenId("inspection"),
  };
}

/** A stored body as the form shows it. */
export function fromBody(body: CostBodyParsed): CostForm {
  const d = body.life.distribution as unknown as Record<string, number | undefined>;
  const params: Record<string, string> = {};
  for (const name of FAILURE_PARAMETERS[body.life.distribution.type]) params[name] = text(d[name]);
  const intervalsOf = (kind: "replace" | "inspect") => (body.intervals ?? []).filter((i) => i.kind === kind);
  const chosen = (kind: "replace" | "inspect", id: string | null | undefined) =>
    text(intervalsOf(kind).find((i) => i.id === id)?.value);
  return {
    view: body.view ?? "replacement",
    isBest: body.isBest ?? false,
    source: body.life.source,
    wbId: body.life.source === "weibull" ? body.life.wbId : null,
    type: body.life.distribution.type as CostDistributionType,
    params,
    costs: {
      planned: text(body.costs.planned),
      unplanned: text(body.costs.unplanned),
      inspection: text(body.costs.inspection),
      detection: text(body.costs.detection),
      downtime: text(body.costs.downtime),
    },
    intervals: {
      replacement: intervalsOf("replace")
        .map((i) => i.value)
        .join(", "),
      inspection: intervalsOf("inspect")
        .map((i) => i.value)
        .join(", "),
    },
    chosen: {
      replacement: chosen("replace", body.replaceIntervalId),
      inspection: chosen("inspect", body.inspectIntervalId),
    },
  };
}
