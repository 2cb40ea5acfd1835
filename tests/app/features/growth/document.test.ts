// The growth editors' pure edits, the curve a plan draws and the data a track fits.
import { describe, expect, it } from "vitest";
import {
  addFailure,
  addPhase,
  documentProblems,
  emptyBody,
  emptyFailure,
  failureColumns,
  parseNumber,
  plannedCurve,
  removePhase,
  setFailureField,
  setPhaseField,
  setPlanField,
  type TrackBody,
  trackData,
} from "../../../../src/app/features/growth/document.ts";
import { idealizedMtbf } from "../../../../src/kernels/growth/planning.ts";
import { rgtBodySchema } from "../../../../src/shared/schemas/modules.ts";

describe("growth document", () => {
  it("every empty body is what the server stores", () => {
    for (const kind of ["draft", "growthPlan", "track"] as const) {
      const body = emptyBody(kind);
      expect(rgtBodySchema.parse(body)).toEqual(body);
    }
  });

  it("edits leave the original untouched", () => {
    const a = emptyBody("growthPlan");
    const b = setPhaseField(addPhase(a), 0, "testTime", 2500);
    expect(a.phases).toHaveLength(0);
    expect(b.phases[0].testTime).toBe(2500);
    expect(removePhase(b, 0).phases).toHaveLength(0);
    expect(setPlanField(a, "growthRate", 0.3).plan).toMatchObject({ growthRate: 0.3 });
    expect(a.plan).toMatchObject({ growthRate: null });
  });

  it("numbers as typed: empty is null, text NaN", () => {
    expect(parseNumber("")).toBeNull();
    expect(parseNumber(" 12.5 ")).toBe(12.5);
    expect(parseNumber("12,5")).toBeNaN();
  });

  it("the planned curve appears once M_I, t1 and alpha are typed, with a step per increasing phase end", () => {
    let body = emptyBody("growthPlan");
    expect(plannedCurve(body)).toBeNull();
    body = setPlanField(
      setPlanField(setPlanField(body, "initialLevel", 50), "growthStartTime", 1000),
      "growthRate",
      0.23,
    );
    for (const t of [2500, 10000]) body = setPhaseField(addPhase(body), body.phases.length, "testTime", t);
    const curve = plannedCurve(body);
    expect(curve?.total).toBe(10000);
    expect(curve?.curve.at(-1)?.mtbf).toBeCloseTo(
      idealizedMtbf({ initialMtbf: 50, initialTime: 1000, alpha: 0.23 }, 10000),
      12,
    );
    expect(curve?.steps.map((s) => s.end)).toEqual([2500, 10000]);
    // A reliability-form initial level draws no MTBF curve.
    expect(plannedCurve(setPlanField(body, "initialForm", "reliability"))).toBeNull();
  });

  it("a track's failures expand by occurrence count and prototypes", () => {
    let body = emptyBody("track") as TrackBody;
    body = addFailure(addFailure(body));
    body = setFailureField(setFailureField(body, 0, "time", 10), 1, "time", 20);
    body = setFailureField(body, 1, "occurrenceCount", 2);
    const data = (b: TrackBody) => trackData(failureColumns(b.failures), b.plan.testTime);
    expect(data(body)).toEqual({ kind: "individual", times: [10, 20, 20], termination: "failure" });
    body = setPlanField(setFailureField(body, 1, "prototype", 2), "testTime", 100);
    expect(data(body)).toMatchObject({ termination: "time", ends: [100, 100], prototype: [0, 1, 1] });
  });

  it("a track at the import limit: 200,000 records become data without overflowing the call stack", () => {
    const failures = Array.from({ length: 200_000 }, (_, i) => ({ ...emptyFailure(), time: i + 1 }));
    const data = trackData(failureColumns(failures), 300_000);
    expect(data).toMatchObject({ termination: "time", ends: [300_000] });
    expect(data.kind === "individual" && data.times.length).toBe(200_000);
  });

  it("problems follow spec 5 as the user types", () => {
    const today = "2026-01-01";
    expect(documentProblems(emptyBody("track"), today).map((p) => p.key)).toEqual(["growthNoFailureRecords"]);
    const plan = setPlanField(emptyBody("growthPlan"), "growthRate", 1.2);
    expect(documentProblems(plan, today).map((p) => p.key)).toContain("growth.rateRange");
  });
});

describe("a draft becomes a growth plan", () => {
  it("carries its numbers and table across, and is a valid stored plan", async () => {
    const { planFromDraft } = await import("../../../../src/app/features/growth/document.ts");
    let draft = emptyBody("draft");
    if (draft.kind !== "draft") throw new Error("kind");
    draft = {
      ...draft,
      plan: { ...draft.plan, initialMtbf: 50, growthStartTime: 1000, growthRate: 0.23, growthTarget: 110 },
    };
    draft = setPhaseField(addPhase(draft), 0, "testTime", 10000);
    const plan = planFromDraft(draft, 7);
    expect(plan.plan).toMatchObject({
      initialLevel: 50,
      growthStartTime: 1000,
      growthRate: 0.23,
      finalTarget: 110,
      draftId: 7,
      phaseCount: 1,
    });
    expect(plan.phases[0]).toMatchObject({ testTime: 10000, growthRate: 0.23 });
    expect(rgtBodySchema.parse(plan)).toEqual(plan);
    expect(plannedCurve(plan)?.steps).toHaveLength(1);
  });
});
