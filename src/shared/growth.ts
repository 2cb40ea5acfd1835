// Reliability growth documents (spec 3, 4 and 5): the status machine of drafts, growth plans and tracks,
// with the approvals that move them, and the validation rules of a plan, a draft and a track, each
// answering the shared Problem. Used by the server (on every transition) and the screens (as the user types).
import { type GROWTH_ITEM_STATUSES, LIMITS } from "./constants.ts";
import type { Problem } from "./problem.ts";

export type GrowthItemStatus = (typeof GROWTH_ITEM_STATUSES)[number];
export const GROWTH_KINDS = ["draft", "growthPlan", "track"] as const;
export type GrowthKind = (typeof GROWTH_KINDS)[number];

/**
 * Spec 4: work goes to publishing approval, then released; released goes to abandonment approval, then
 * discarded. The author asks (submitRelease, submitAbandon); the approver approves or rejects, and a
 * rejection returns the item to where it was.
 */
export const GROWTH_ACTIONS = ["submitRelease", "submitAbandon", "approve", "reject"] as const;
export type GrowthAction = (typeof GROWTH_ACTIONS)[number];

const TRANSITIONS: Record<GrowthAction, Partial<Record<GrowthItemStatus, GrowthItemStatus>>> = {
  submitRelease: { atWork: "publishingApproval" },
  submitAbandon: { released: "abandonmentApproval" },
  approve: { publishingApproval: "released", abandonmentApproval: "discarded" },
  reject: { publishingApproval: "atWork", abandonmentApproval: "released" },
};

/** The status after `action`, or null where the action does not apply. */
export function growthTransition(from: GrowthItemStatus, action: GrowthAction): GrowthItemStatus | null {
  return TRANSITIONS[action][from] ?? null;
}

/** Only an item at work can be edited (released ones after confirmation, spec 4; approvals freeze it). */
export function growthEditable(status: GrowthItemStatus): boolean {
  return status === "atWork";
}

/** Whose action it is: the author asks, the approver (project manager or admin) decides. */
export function growthActionActor(action: GrowthAction): "author" | "approver" {
  return action === "approve" || action === "reject" ? "approver" : "author";
}

type Num = number | null | undefined;
const given = (x: Num): x is number => typeof x === "number" && Number.isFinite(x);

export interface GrowthPlanFields {
  confidence?: Num;
  growthStartTime?: Num;
  growthRate?: Num;
  /** The initial level as a reliability (0-1) or as an MTBF. */
  initialForm?: "reliability" | "mtbf";
  initialLevel?: Num;
  stageTarget?: Num;
  finalTarget?: Num;
  phaseCount?: Num;
  prototypeCount?: Num;
  /** The planning model; PM2 takes the three fields below (MIL-HDBK-189C). */
  model?: "mil-hdbk-189" | "pm2";
  managementStrategy?: Num;
  fixEffectiveness?: Num;
  fixLag?: Num;
}

export interface GrowthPhaseFields {
  name?: string;
  stageRisk?: Num;
  growthRate?: Num;
  testTime?: Num;
  startDate?: string | null;
  endDate?: string | null;
  target?: Num;
}

function required(problems: Problem[], value: unknown, where: (string | number)[], field: string): boolean {
  const ok =
    value !== null &&
    value !== undefined &&
    value !== "" &&
    !(typeof value === "number" && Number.isNaN(value));
  if (!ok) problems.push({ key: "growth.fieldRequired", params: { field }, where });
  return ok;
}

/** Spec 5's growth plan rules. `where` paths are plan.<field> and phases.<row>.<field>. */
export function growthPlanProblems(plan: GrowthPlanFields, phases: readonly GrowthPhaseFields[]): Problem[] {
  const p: Problem[] = [];
  const at = (field: string) => ["plan", field];
  if (required(p, plan.confidence, at("confidence"), "confidence")) {
    const c = plan.confidence as number;
    if (!(c >= LIMITS.analysisConfidence.min && c < 100))
      p.push({ key: "ciAnalysisRange", where: at("confidence") });
  }
  if (required(p, plan.growthStartTime, at("growthStartTime"), "growthStartTime")) {
    const t = plan.growthStartTime as number;
    if (!(t >= LIMITS.growthStartTime.min && t <= LIMITS.growthStartTime.max))
      p.push({ key: "growth.startTimeRange", where: at("growthStartTime") });
  }
  if (required(p, plan.growthRate, at("growthRate"), "growthRate")) {
    const a = plan.growthRate as number;
    if (!(a >= LIMITS.growthRate.min && a < LIMITS.growthRate.max))
      p.push({ key: "growth.rateRange", where: at("growthRate") });
  }
  const mtbfForm = (plan.initialForm ?? "mtbf") === "mtbf";
  const levelOk = (x: number) =>
    mtbfForm ? x > LIMITS.growthMtbf.min && x <= LIMITS.growthMtbf.max : x > 0 && x < 1;
  const levelKey = mtbfForm ? "growth.mtbfRange" : "growth.reliabilityRange";
  for (const field of ["initialLevel", "stageTarget", "finalTarget"] as const)
    if (required(p, plan[field], at(field), field) && !levelOk(plan[field] as number))
      p.push({ key: levelKey, where: at(field) });
  if (given(plan.stageTarget) && given(plan.finalTarget) && plan.stageTarget > plan.finalTarget)
    p.push({ key: "growth.stageAboveFinal", where: at("stageTarget") });
  if (given(plan.initialLevel) && given(plan.stageTarget) && !(plan.initialLevel < plan.stageTarget))
    p.push({ key: "growth.initialNotBelowStage", where: at("initialLevel") });
  if (required(p, plan.prototypeCount, at("prototypeCount"), "prototypeCount")) {
    const n = plan.prototypeCount as number;
    if (!(Number.isInteger(n) && n >= LIMITS.prototypes.min && n <= LIMITS.prototypes.max))
      p.push({ key: "growth.prototypesRange", where: at("prototypeCount") });
  }
  if (plan.model === "pm2") pm2Problems(p, plan, mtbfForm);
  if (phases.length === 0) p.push({ key: "growth.planningTableEmpty", where: ["phases"] });
  phases.forEach((row, i) => {
    const w = (field: string) => ["phases", i + 1, field];
    if (given(row.stageRisk) && !(row.stageRisk > 0 && row.stageRisk < 1))
      p.push({ key: "growth.reliabilityRange", where: w("stageRisk") });
    if (required(p, row.growthRate, w("growthRate"), "growthRate")) {
      const a = row.growthRate as number;
      if (!(a >= LIMITS.growthRate.min && a < LIMITS.growthRate.max))
        p.push({ key: "growth.rateRange", where: w("growthRate") });
    }
    if (required(p, row.testTime, w("testTime"), "testTime") && given(plan.growthStartTime))
      if (!((row.testTime as number) > plan.growthStartTime))
        p.push({ key: "growth.testTimeNotAfterStart", where: w("testTime") });
    const hasStart = required(p, row.startDate, w("startDate"), "startDate");
    const hasEnd = required(p, row.endDate, w("endDate"), "endDate");
    if (hasStart && hasEnd && !((row.endDate as string) > (row.startDate as string)))
      p.push({ key: "growth.endDateBeforeStart", where: w("endDate") });
  });
  return p;
}

/**
 * PM2's inputs (MIL-HDBK-189C): the management strategy and the average fix effectiveness in (0, 1], a fix
 * lag of at least 0; the initial level and the final target (the goal) as MTBFs, the goal below the growth
 * potential M_I / (1 - MS mu_d), where no plan reaches it.
 */
function pm2Problems(p: Problem[], plan: GrowthPlanFields, mtbfForm: boolean): void {
  const at = (field: string) => ["plan", field];
  for (const field of ["managementStrategy", "fixEffectiveness"] as const)
    if (required(p, plan[field], at(field), field)) {
      const x = plan[field] as number;
      if (!(x > 0 && x <= 1)) p.push({ key: "growth.fractionRange", where: at(field) });
    }
  if (given(plan.fixLag) && !(plan.fixLag >= 0)) p.push({ key: "growth.lagRange", where: at("fixLag") });
  if (!mtbfForm) {
    p.push({ key: "growth.pm2NeedsMtbf", where: at("initialForm") });
    return;
  }
  const { initialLevel: mi, finalTarget: goal, managementStrategy: ms, fixEffectiveness: d } = plan;
  if (given(mi) && given(goal) && given(ms) && given(d) && ms > 0 && ms <= 1 && d > 0 && d <= 1) {
    const potential = mi / (1 - ms * d);
    if (!(goal < potential))
      p.push({
        key: "growth.pm2Infeasible",
        where: at("finalTarget"),
        params: { potential: Number(potential.toPrecision(6)) },
      });
  }
}

export interface GrowthDraftFields {
  growthTarget?: Num;
  growthPotential?: Num;
  startDate?: string | null;
}

/** Spec 5's draft rules; `today` as YYYY-MM-DD (the start date must be later). */
export function growthDraftProblems(
  draft: GrowthDraftFields,
  phases: readonly GrowthPhaseFields[],
  today: string,
): Problem[] {
  const p: Problem[] = [];
  const at = (field: string) => ["plan", field];
  if (required(p, draft.growthTarget, at("growthTarget"), "growthTarget")) {
    const t = draft.growthTarget as number;
    if (!(t > LIMITS.growthMtbf.min && t <= LIMITS.growthMtbf.max))
      p.push({ key: "growth.mtbfRange", where: at("growthTarget") });
  }
  if (
    required(p, draft.growthPotential, at("growthPotential"), "growthPotential") &&
    given(draft.growthTarget)
  )
    if (!((draft.growthPotential as number) >= draft.growthTarget))
      p.push({ key: "growth.potentialBelowTarget", where: at("growthPotential") });
  if (required(p, draft.startDate, at("startDate"), "startDate") && !((draft.startDate as string) > today))
    p.push({ key: "growth.startDateNotFuture", where: at("startDate") });
  if (phases.length === 0) p.push({ key: "growth.planningTableEmpty", where: ["phases"] });
  phases.forEach((row, i) => {
    const w = (field: string) => ["phases", i + 1, field];
    required(p, row.name, w("name"), "name");
    required(p, row.testTime, w("testTime"), "testTime");
    const hasStart = required(p, row.startDate, w("startDate"), "startDate");
    const hasEnd = required(p, row.endDate, w("endDate"), "endDate");
    if (hasStart && hasEnd && !((row.endDate as string) > (row.startDate as string)))
      p.push({ key: "growth.endDateBeforeStart", where: w("endDate") });
  });
  return p;
}

export interface GrowthFailureFields {
  state?: "unresolved" | "resolved";
  resolutionDate?: string | null;
  reason?: string;
  solution?: string;
  time?: Num;
  /** Occurrences; with grouped data the failures in the interval ending at `time`. NaN or absent: one. */
  occurrenceCount?: number;
}

/**
 * Spec 4: a resolved failure needs a resolution date, reason and measure; every failure a test time. A count
 * is a whole number, at least 1 for failure times; grouped (the track's Data setting), a record is an
 * interval's end and 0 is an interval without failures, which must stay an interval of its own (merged into
 * the next, it would change the grouped fit and its chi-squared test). Takes the records as an array or as
 * anything that hands out record `i` by `at(i)` (the editor's failure sheet, read cell by cell without
 * building 200,000 objects).
 */
export function growthTrackProblems(
  failures: {
    readonly length: number;
    at(index: number): GrowthFailureFields | undefined;
  },
  grouped = false,
): Problem[] {
  const p: Problem[] = [];
  if (failures.length === 0) p.push({ key: "growthNoFailureRecords", where: ["failures"] });
  for (let i = 0; i < failures.length; i++) {
    const f = failures.at(i) as GrowthFailureFields;
    if (!(given(f.time) && f.time > 0))
      p.push({ key: "growth.timeInvalid", where: ["failures", i + 1, "time"] });
    const count = f.occurrenceCount;
    if (count !== undefined && !Number.isNaN(count)) {
      if (!(Number.isInteger(count) && count >= 0))
        p.push({ key: "growth.countInvalid", where: ["failures", i + 1, "occurrenceCount"] });
      else if (count === 0 && !grouped)
        p.push({ key: "growth.countZeroIndividual", where: ["failures", i + 1, "occurrenceCount"] });
    }
    if (f.state === "resolved" && (!f.resolutionDate || !f.reason?.trim() || !f.solution?.trim()))
      p.push({ key: "growth.resolvedNeedsFields", where: ["failures", i + 1, "state"] });
  }
  return p;
}
