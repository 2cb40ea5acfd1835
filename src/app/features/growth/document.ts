// The growth editors' document: the stored /api/rgt body of a draft, a growth plan or a track, edited by pure
// functions (tested without a browser), and what the kernels take from it: the planned curve of a plan or
// draft, the failure data of a track.

import {
  idealizedMtbf,
  idealizedSteps,
  type Pm2Plan,
  pm2Mtbf,
  pm2Plan,
  pm2Steps,
} from "../../../kernels/growth/planning.ts";
import type { GrowthData, GrowthOptions, PlannedPhase } from "../../../kernels/growth.ts";
import {
  type GrowthKind,
  growthDraftProblems,
  growthPlanProblems,
  growthTrackProblems,
} from "../../../shared/growth.ts";
import type { Problem } from "../../../shared/problem.ts";
import type { RgtBody } from "../../../shared/schemas/modules.ts";

export type GrowthBody = RgtBody;
export type PlanBody = Extract<RgtBody, { kind: "growthPlan" }>;
export type DraftBody = Extract<RgtBody, { kind: "draft" }>;
export type TrackBody = Extract<RgtBody, { kind: "track" }>;
export type Phase = PlanBody["phases"][number];
export type Failure = TrackBody["failures"][number];

const common = {
  status: "atWork" as const,
  approval: null,
  objectNumber: "",
  objectName: "",
  projectName: "",
  indicatorName: "MTBF",
  description: "",
};

export function emptyPhase(): Phase {
  return {
    name: "",
    stageRisk: null,
    growthRate: null,
    testTime: null,
    startDate: null,
    endDate: null,
    target: null,
  };
}

export function emptyFailure(number = ""): Failure {
  return {
    number,
    name: "",
    severity: "",
    occurrenceCount: 1,
    state: "unresolved",
    resolutionDate: null,
    reason: "",
    solution: "",
    component: "",
    occurredAt: "",
    description: "",
    time: null,
    prototype: null,
    mode: "A",
    modeId: "",
    effectiveness: null,
  };
}

export function emptyBody(kind: GrowthKind): GrowthBody {
  if (kind === "draft")
    return {
      kind,
      ...common,
      plan: {
        growthTarget: null,
        growthPotential: null,
        startDate: null,
        initialMtbf: null,
        growthStartTime: null,
        growthRate: null,
      },
      phases: [],
    };
  if (kind === "growthPlan")
    return {
      kind,
      ...common,
      plan: {
        confidence: 90,
        growthStartTime: null,
        growthRate: null,
        initialForm: "mtbf",
        initialLevel: null,
        stageTarget: null,
        finalTarget: null,
        phaseCount: null,
        prototypeCount: 1,
        draftId: null,
        model: "mil-hdbk-189",
        managementStrategy: null,
        fixEffectiveness: null,
        fixLag: null,
      },
      phases: [],
    };
  return {
    kind,
    ...common,
    plan: {
      planId: null,
      prototypeCount: 1,
      testTime: null,
      testTimes: [],
      confidence: 90,
      model: "crow-amsaa",
      bounds: "crow",
      sided: "two",
      target: null,
      data: "individual",
    },
    phases: [],
    failures: [],
  };
}

/** A number as typed: "" is null (a field being typed), text that is no number NaN (its message shows). */
export function parseNumber(text: string): number | null {
  const t = text.trim();
  if (t === "") return null;
  const x = Number(t);
  return Number.isFinite(x) ? x : Number.NaN;
}

export function setHeader<B extends GrowthBody>(
  body: B,
  field: "objectNumber" | "objectName" | "projectName" | "indicatorName" | "description",
  value: string,
): B {
  return { ...body, [field]: value };
}

export function setPlanField<B extends GrowthBody>(body: B, field: string, value: unknown): B {
  return { ...body, plan: { ...body.plan, [field]: value } } as B;
}

export function addPhase<B extends GrowthBody>(body: B): B {
  return { ...body, phases: [...body.phases, emptyPhase()] } as B;
}

export function removePhase<B extends GrowthBody>(body: B, index: number): B {
  return { ...body, phases: body.phases.filter((_, i) => i !== index) } as B;
}

export function setPhaseField<B extends GrowthBody>(
  body: B,
  index: number,
  field: keyof Phase,
  value: unknown,
): B {
  return { ...body, phases: body.phases.map((p, i) => (i === index ? { ...p, [field]: value } : p)) } as B;
}

export function addFailure(body: TrackBody): TrackBody {
  return { ...body, failures: [...body.failures, emptyFailure(String(body.failures.length + 1))] };
}

export function removeFailure(body: TrackBody, index: number): TrackBody {
  return { ...body, failures: body.failures.filter((_, i) => i !== index) };
}

export function setFailureField(
  body: TrackBody,
  index: number,
  field: keyof Failure,
  value: unknown,
): TrackBody {
  return { ...body, failures: body.failures.map((f, i) => (i === index ? { ...f, [field]: value } : f)) };
}

/** Spec 5's problems of the document as it stands (the editor lists them; the server refuses a release with them). */
export function documentProblems(body: GrowthBody, today: string): Problem[] {
  if (body.kind === "growthPlan") return growthPlanProblems(body.plan, body.phases);
  if (body.kind === "draft") return growthDraftProblems(body.plan, body.phases, today);
  return growthTrackProblems(body.failures, body.plan.data === "grouped");
}

const finite = (x: number | null | undefined): x is number => typeof x === "number" && Number.isFinite(x);

export interface PlannedCurve {
  /** The idealized curve (MIL-HDBK-189): M_I to t1, then M_I (t / t1)^alpha / (1 - alpha). */
  curve: { time: number; mtbf: number }[];
  /** The planned step per phase: the average MTBF on the curve over each phase. */
  steps: PlannedPhase[];
  total: number;
  /** A PM2 plan's solved quantities (its curve is M(t), its steps M at each previous end less the lag). */
  pm2?: Pm2Plan;
}

/**
 * The curve a plan or draft describes, or null while its inputs are incomplete: initial MTBF (a plan's
 * initial level in MTBF form), growth start time t1 and growth rate alpha; the phases' test times end the
 * steps (ascending, beyond t1).
 */
export function plannedCurve(body: GrowthBody, points = 120): PlannedCurve | null {
  if (body.kind === "track") return null;
  if (body.kind === "growthPlan" && body.plan.model === "pm2") return pm2Curve(body, points);
  const mi =
    body.kind === "growthPlan"
      ? body.plan.initialForm === "mtbf"
        ? body.plan.initialLevel
        : null
      : body.plan.initialMtbf;
  const t1 = body.plan.growthStartTime;
  const alpha = body.plan.growthRate;
  if (!(finite(mi) && mi > 0 && finite(t1) && t1 > 0 && finite(alpha) && alpha > 0 && alpha < 1)) return null;
  const ends = body.phases.map((p) => p.testTime).filter(finite);
  const increasing = ends.every((e, i) => e > (i === 0 ? 0 : ends[i - 1]));
  const total = Math.max(t1 * 4, ...ends);
  const inputs = { initialMtbf: mi, initialTime: t1, alpha };
  const curve = Array.from({ length: points }, (_, i) => {
    const time = (total * (i + 1)) / points;
    return { time, mtbf: idealizedMtbf(inputs, time) };
  });
  return { curve, steps: increasing && ends.length ? idealizedSteps(inputs, ends) : [], total };
}

/**
 * A PM2 plan's curve (MIL-HDBK-189C): M_I the initial level (MTBF form), the goal the final target at the end
 * of the last phase, the management strategy and average fix effectiveness; its steps hold M_I in phase 1
 * and, in each later phase, M(t) at the previous phase's end less the fix lag. Null while the inputs are
 * incomplete, the phases' test times not increasing, or the goal not below the growth potential (the plan's
 * problems say which).
 */
function pm2Curve(body: PlanBody, points: number): PlannedCurve | null {
  const { initialLevel: mi, finalTarget: goal, managementStrategy: ms, fixEffectiveness: d } = body.plan;
  const ends = body.phases.map((p) => p.testTime).filter(finite);
  const increasing = ends.length > 0 && ends.every((e, i) => e > (i === 0 ? 0 : ends[i - 1]));
  if (body.plan.initialForm !== "mtbf" || !increasing) return null;
  if (
    !(finite(mi) && mi > 0 && finite(goal) && finite(ms) && finite(d) && ms > 0 && ms <= 1 && d > 0 && d <= 1)
  )
    return null;
  const total = ends[ends.length - 1];
  const inputs = {
    initialMtbf: mi,
    goalMtbf: goal,
    managementStrategy: ms,
    fixEffectiveness: d,
    totalTime: total,
  };
  const plan = pm2Plan(inputs);
  if (!plan.feasible) return null;
  const curve = Array.from({ length: points + 1 }, (_, i) => {
    const time = (total * i) / points;
    return { time, mtbf: pm2Mtbf(inputs, plan.beta, time) };
  });
  const lag = body.plan.fixLag ?? 0;
  return { curve, steps: pm2Steps(inputs, plan.beta, ends, Math.max(lag, 0)), total, pm2: plan };
}

/**
 * A track's failure records column by column, one entry per record (NaN where a value is not given): the
 * fit's input, read straight from the failure sheet's typed columns, so 200,000 records cost no objects.
 */
export interface FailureColumns {
  time: ArrayLike<number>;
  occurrenceCount: ArrayLike<number>;
  prototype: ArrayLike<number>;
}

/** Records as columns (a stored body's failures; the editor reads its sheet instead, sheets.ts). */
export function failureColumns(failures: readonly Failure[]): FailureColumns {
  return {
    time: failures.map((f) => f.time ?? Number.NaN),
    occurrenceCount: failures.map((f) => f.occurrenceCount),
    prototype: failures.map((f) => f.prototype ?? Number.NaN),
  };
}

/**
 * The track's failures as the fit takes them: one time per occurrence (an empty count is one), several
 * prototypes when numbered; time-terminated at the track's test time when it is given, or at each
 * prototype's own test time (`testTimes`, in prototype order) when those are given. Grouped: see
 * `groupedData`.
 */
export function trackData(
  failures: FailureColumns,
  testTime: number | null,
  testTimes: readonly number[] = [],
  grouped = false,
): GrowthData {
  if (grouped) return groupedData(failures, testTime);
  const times: number[] = [];
  const prototype: number[] = [];
  const n = failures.time.length;
  for (let i = 0; i < n; i++) {
    const count = failures.occurrenceCount[i];
    const occurrences = Number.isFinite(count) ? Math.max(1, count) : 1;
    const p = failures.prototype[i];
    const q = (Number.isNaN(p) ? 1 : p) - 1;
    for (let k = 0; k < occurrences; k++) {
      times.push(failures.time[i]);
      prototype.push(q);
    }
  }
  // A loop, not Math.max(...): spreading 200,000 arguments overflows the call stack.
  let prototypes = 1;
  for (const p of prototype) if (p + 1 > prototypes) prototypes = p + 1;
  // The kernel checks each time against its own prototype's end, and a prototype beyond the list given.
  if (testTimes.length)
    return testTimes.length > 1 || prototypes > 1
      ? { kind: "individual", times, prototype, termination: "time", ends: [...testTimes] }
      : { kind: "individual", times, termination: "time", ends: [...testTimes] };
  if (testTime === null) return { kind: "individual", times, termination: "failure" };
  return prototypes > 1
    ? {
        kind: "individual",
        times,
        prototype,
        termination: "time",
        ends: new Array(prototypes).fill(testTime),
      }
    : { kind: "individual", times, termination: "time", ends: [testTime] };
}

/**
 * Grouped data (MIL-HDBK-189 section 5.3): each record's time is the end of its interval and its count the
 * failures in it (an empty count is one); records with the same end add up; intervals in increasing order.
 * An interval without failures is a record with the count 0, an interval of its own: joined to the next it
 * would be a coarser grouping, a different fit and chi-squared test. A count that is not a whole number of
 * at least 0 goes to the kernel as it is, which names it. A test time after the last interval's end closes a
 * last interval without failures. Prototypes are not told apart (the failures are the fleet's, counted per
 * interval of cumulative time).
 */
export function groupedData(failures: FailureColumns, testTime: number | null): GrowthData {
  const byEnd = new Map<number, number>();
  const n = failures.time.length;
  for (let i = 0; i < n; i++) {
    const count = failures.occurrenceCount[i];
    const t = failures.time[i];
    byEnd.set(t, (byEnd.get(t) ?? 0) + (Number.isNaN(count) ? 1 : count));
  }
  // NaN (a time not given) last, where the kernel names it.
  const ends = [...byEnd.keys()].sort((a, b) => (Number.isNaN(a) ? 1 : Number.isNaN(b) ? -1 : a - b));
  const counts = ends.map((t) => byEnd.get(t) ?? 0);
  const last = ends.at(-1);
  if (testTime !== null && last !== undefined && testTime > last) {
    ends.push(testTime);
    counts.push(0);
  }
  return { kind: "grouped", ends, counts };
}

/** The fit's options from a track's settings: what `relbench growth fit --ci --bounds --sided --target` takes. */
export function trackOptions(body: TrackBody): GrowthOptions {
  return {
    confidence: body.plan.confidence ?? 90,
    sided: body.plan.sided,
    bounds: body.plan.bounds,
    target: body.plan.target ?? undefined,
  };
}

/**
 * The Crow-Extended inputs of a track's records (fix effectiveness per BD mode): each occurrence counts; a BD
 * record without a mode id is a mode of its own.
 */
export function projectionFailures(failures: readonly Failure[]): {
  failures: { time: number; mode: string; classification: Failure["mode"] }[];
  effectiveness: Record<string, number>;
} {
  const list = failures.flatMap((f, i) =>
    Array.from({ length: Math.max(1, f.occurrenceCount) }, () => ({
      time: f.time ?? Number.NaN,
      mode: f.modeId || `#${i + 1}`,
      classification: f.mode,
    })),
  );
  const effectiveness: Record<string, number> = {};
  failures.forEach((f, i) => {
    if (f.mode === "BD" && f.effectiveness !== null) effectiveness[f.modeId || `#${i + 1}`] = f.effectiveness;
  });
  return { failures: list, effectiveness };
}

/**
 * A draft becomes a growth plan (spec 5): its initial MTBF, growth start time and rate, the growth target as
 * the final target, and its planning table as the phases; the plan remembers the draft.
 */
export function planFromDraft(draft: DraftBody, draftId: number | null): PlanBody {
  const plan = emptyBody("growthPlan") as PlanBody;
  return {
    ...plan,
    objectNumber: draft.objectNumber,
    objectName: draft.objectName,
    projectName: draft.projectName,
    indicatorName: draft.indicatorName,
    description: draft.description,
    plan: {
      ...plan.plan,
      growthStartTime: draft.plan.growthStartTime,
      growthRate: draft.plan.growthRate,
      initialLevel: draft.plan.initialMtbf,
      finalTarget: draft.plan.growthTarget,
      phaseCount: draft.phases.length || null,
      draftId,
    },
    phases: draft.phases.map((p) => ({ ...p, growthRate: p.growthRate ?? draft.plan.growthRate })),
  };
}
