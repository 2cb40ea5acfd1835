// The growth editors' pure edits, the curve a plan draws and the data a track fits; the track screen's fit
// (its data and options) against `relbench growth fit` on the same records.
import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { duaneChartFit } from "../../../../src/app/components/charts/growth/charts.ts";
import { SheetStore } from "../../../../src/app/components/spreadsheet/store.ts";
import {
  addFailure,
  addPhase,
  documentProblems,
  emptyBody,
  emptyFailure,
  failureColumns,
  type GrowthBody,
  parseNumber,
  plannedCurve,
  removePhase,
  setFailureField,
  setPhaseField,
  setPlanField,
  type TrackBody,
  trackData,
  trackOptions,
} from "../../../../src/app/features/growth/document.ts";
import {
  FAILURE_TABLE,
  sheetFailureColumns,
  sheetFailureFields,
  sheetToFailures,
  usedRows,
} from "../../../../src/app/features/growth/sheets.ts";
import { idealizedMtbf } from "../../../../src/kernels/growth/planning.ts";
import { fitCrowAmsaa, fitDuaneModel } from "../../../../src/kernels/growth.ts";
import { growthTrackProblems } from "../../../../src/shared/growth.ts";
import { rgtBodySchema } from "../../../../src/shared/schemas/modules.ts";
import { isClose, readFixture } from "../../../helpers/accuracy.ts";

// biome-ignore lint/suspicious/noExplicitAny: fixture JSON
const R: any = readFixture("growth/growth.json");
const dir = mkdtempSync(join(tmpdir(), "relbench-growth-screen-"));

/** `relbench growth fit FILE ...args --json` on the given CSV text. */
function cliFit(csv: string, ...args: string[]) {
  const file = join(dir, `${args.join("_").replace(/[^a-z0-9_]/gi, "")}.csv`);
  writeFileSync(file, csv);
  const r = spawnSync(process.execPath, ["bin/relbench.cjs", "growth", "fit", file, ...args, "--json"], {
    encoding: "utf8",
  });
  expect(r.status, r.stderr).toBe(0);
  return JSON.parse(r.stdout);
}

/** A track whose failure records are `times` (prototype numbers 1, 2, ... when given). */
function trackOf(times: readonly number[], prototype?: readonly number[]): TrackBody {
  const body = emptyBody("track") as TrackBody;
  return {
    ...body,
    failures: times.map((time, i) => ({
      ...emptyFailure(),
      time,
      prototype: prototype ? prototype[i] + 1 : null,
    })),
  };
}

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

describe("the track screen's fit is the command line's", () => {
  for (const sided of ["lower", "upper", "two"] as const)
    it(`--sided ${sided}: MIL-HDBK-189 Example 1 time-terminated at 3000, Crow bounds at 90%`, async () => {
      let body = setPlanField(trackOf(R.exampleB.times), "testTime", 3000);
      body = setPlanField(body, "sided", sided);
      const screen = await fitCrowAmsaa(trackData(failureColumns(body.failures), 3000), trackOptions(body));
      const cli = cliFit(`Time\n${R.exampleB.times.join("\n")}\n`, "--end", "3000", "--sided", sided);
      // JSON writes an infinite bound as null.
      const json = (x: number) => (Number.isFinite(x) ? x : null);
      for (const key of ["beta", "lambda", "cumulativeMtbf", "instantaneousMtbf", "intensity"] as const) {
        expect(screen[key]).toBe(cli[key]);
        expect(json(screen.bounds[key].lower)).toBe(cli.bounds[key].lower);
        expect(json(screen.bounds[key].upper)).toBe(cli.bounds[key].upper);
      }
      if (sided === "lower") expect(screen.bounds.instantaneousMtbf.upper).toBe(Number.POSITIVE_INFINITY);
      if (sided === "upper") expect(screen.bounds.instantaneousMtbf.lower).toBe(0);
    });
});

describe("several prototypes with their own test times", () => {
  it("the screen's data for R's two prototypes ended at 3000 and 2400 gives R's fit and the command line's", async () => {
    const c = R.prototypesDifferent;
    let body = setPlanField(trackOf(c.times, c.prototype), "testTimes", c.ends);
    body = setPlanField(setPlanField(body, "bounds", "fisher"), "confidence", c.confidence);
    const data = trackData(failureColumns(body.failures), body.plan.testTime, body.plan.testTimes);
    expect(data).toMatchObject({ termination: "time", ends: [3000, 2400], prototype: c.prototype });
    const screen = await fitCrowAmsaa(data, trackOptions(body));
    // tests/fixtures/growth/growth.R (multi): the likelihood over both prototypes, to 1e-9.
    for (const [actual, expected] of [
      [screen.beta, c.beta],
      [screen.lambda, c.lambda],
      [screen.instantaneousMtbf, c.instantaneousMtbf],
      [screen.bounds.beta.lower, c.fisherBeta.lower],
      [screen.bounds.beta.upper, c.fisherBeta.upper],
      [screen.bounds.instantaneousMtbf.lower, c.fisherInstantaneousMtbf.lower],
      [screen.bounds.instantaneousMtbf.upper, c.fisherInstantaneousMtbf.upper],
    ])
      expect(isClose(actual, expected, { rtol: 1e-9 }), `${actual} vs ${expected}`).toBe(true);
    const csv = `Time,Prototype\n${c.times.map((t: number, i: number) => `${t},${c.prototype[i] + 1}`).join("\n")}\n`;
    const cli = cliFit(csv, "--end", "3000,2400", "--bounds", "fisher", "--ci", String(c.confidence));
    expect(screen.beta).toBe(cli.beta);
    expect(screen.bounds.instantaneousMtbf).toEqual(cli.bounds.instantaneousMtbf);
    expect(screen.prototypes).toBe(2);
  });

  it("grouped: the helicopter's intervals as records (time = interval end, count = failures) give R's fit and `--grouped`'s", async () => {
    const c = R.helicopter;
    // Two records of the first interval (7 + 5 = 12 failures) add up; the records need not be in order.
    const records = c.ends.flatMap((end: number, i: number) =>
      i === 0
        ? [
            { ...emptyFailure(), time: end, occurrenceCount: 7 },
            { ...emptyFailure(), time: end, occurrenceCount: 5 },
          ]
        : [{ ...emptyFailure(), time: end, occurrenceCount: c.counts[i] }],
    );
    let body = { ...(emptyBody("track") as TrackBody), failures: records.reverse() };
    body = setPlanField(setPlanField(body, "data", "grouped"), "bounds", "fisher");
    const data = trackData(failureColumns(body.failures), body.plan.testTime, body.plan.testTimes, true);
    expect(data).toEqual({ kind: "grouped", ends: c.ends, counts: c.counts });
    const screen = await fitCrowAmsaa(data, trackOptions(body));
    for (const key of ["beta", "lambda", "cumulativeMtbf", "instantaneousMtbf"] as const)
      expect(isClose(screen[key], c[key], { rtol: 1e-9 }), `${key}: ${screen[key]} vs ${c[key]}`).toBe(true);
    expect(screen.goodnessOfFit?.test).toBe("chiSquared");
    const csv = `Time,Count\n${c.ends.map((t: number, i: number) => `${t},${c.counts[i]}`).join("\n")}\n`;
    const cli = cliFit(csv, "--grouped", "--bounds", "fisher");
    expect(screen.beta).toBe(cli.beta);
    expect(screen.bounds.instantaneousMtbf).toEqual(cli.bounds.instantaneousMtbf);
    expect(screen.goodnessOfFit?.statistic).toBe(cli.goodnessOfFit.statistic);
    // A test time after the last interval closes a last interval without failures.
    expect(trackData(failureColumns(body.failures), 600, [], true)).toEqual({
      kind: "grouped",
      ends: [...c.ends, 600],
      counts: [...c.counts, 0],
    });
  });

  it("grouped: an interval without failures is a record with the count 0 and an interval of its own (R, the sheet, `--grouped`)", async () => {
    const c = R.helicopterEmptyInterval;
    expect(c.counts[2]).toBe(0);
    // Typed on the failure sheet as a person would: interval end, then the count, 0 included.
    const store = new SheetStore(FAILURE_TABLE);
    const col = (key: string) => FAILURE_TABLE.columns.findIndex((x) => x.key === key);
    store.setCells(
      c.ends.flatMap((end: number, i: number) => [
        { row: i, col: col("time"), input: String(end) },
        { row: i, col: col("occurrenceCount"), input: String(c.counts[i]) },
      ]),
    );
    expect(store.issues().count).toBe(0);
    const rows = usedRows(store);
    const data = trackData(sheetFailureColumns(store, rows), null, [], true);
    expect(data).toEqual({ kind: "grouped", ends: c.ends, counts: c.counts });
    // The stored body reads the same (the records the save writes), and the server's schema keeps the 0.
    let body = { ...(emptyBody("track") as TrackBody), failures: sheetToFailures(store, rows) };
    body = setPlanField(setPlanField(body, "data", "grouped"), "bounds", "fisher");
    const stored = rgtBodySchema.parse(JSON.parse(JSON.stringify(body))) as TrackBody;
    expect(trackData(failureColumns(stored.failures), null, [], true)).toEqual(data);
    expect(documentProblems(stored, "2030-01-01")).toEqual([]);
    expect(growthTrackProblems(sheetFailureFields(store, rows), true)).toEqual([]);
    const screen = await fitCrowAmsaa(data, trackOptions(body));
    for (const key of ["beta", "lambda", "cumulativeMtbf", "instantaneousMtbf"] as const)
      expect(isClose(screen[key], c[key], { rtol: 1e-9 }), `${key}: ${screen[key]} vs ${c[key]}`).toBe(true);
    // Not the helicopter's fit, which is this test with the empty interval joined to the next.
    expect(Math.abs(screen.beta - R.helicopter.beta)).toBeGreaterThan(0.03);
    const csv = `Time,Count\n${c.ends.map((t: number, i: number) => `${t},${c.counts[i]}`).join("\n")}\n`;
    const cli = cliFit(csv, "--grouped", "--bounds", "fisher");
    expect(cli.beta).toBe(screen.beta);
    expect(cli.bounds.instantaneousMtbf).toEqual(screen.bounds.instantaneousMtbf);
    expect(cli.goodnessOfFit.statistic).toBe(screen.goodnessOfFit?.statistic);
    expect(cli.goodnessOfFit.df).toBe(screen.goodnessOfFit?.df);
  });

  it("a count of 0 needs grouped data; a negative or fractional count is refused in either mode", () => {
    const failures = [10, 20, 30].map((time, i) => ({ ...emptyFailure(String(i + 1)), time }));
    const track = (counts: number[], data: "individual" | "grouped") =>
      setPlanField(
        {
          ...(emptyBody("track") as TrackBody),
          failures: failures.map((f, i) => ({ ...f, occurrenceCount: counts[i] })),
        },
        "data",
        data,
      );
    const keys = (body: TrackBody) =>
      documentProblems(body, "2030-01-01").map((p) => `${p.key} ${p.where?.join(".")}`);
    expect(keys(track([1, 0, 2], "individual"))).toEqual([
      "growth.countZeroIndividual failures.2.occurrenceCount",
    ]);
    expect(keys(track([1, 0, 2], "grouped"))).toEqual([]);
    for (const data of ["individual", "grouped"] as const)
      expect(keys(track([1, -1, 1.5], data))).toEqual([
        "growth.countInvalid failures.2.occurrenceCount",
        "growth.countInvalid failures.3.occurrenceCount",
      ]);
    // The server's schema takes 0 (its release check names it for failure times) and refuses the others.
    expect(rgtBodySchema.safeParse(track([1, 0, 2], "individual")).success).toBe(true);
    expect(rgtBodySchema.safeParse(track([1, -1, 2], "grouped")).success).toBe(false);
    expect(rgtBodySchema.safeParse(track([1, 1.5, 2], "grouped")).success).toBe(false);
    // On the sheet a negative or fractional count is flagged in its cell; 0 is a value there.
    const store = new SheetStore(FAILURE_TABLE);
    const col = FAILURE_TABLE.columns.findIndex((x) => x.key === "occurrenceCount");
    store.setCells([
      { row: 0, col, input: "0" },
      { row: 1, col, input: "-2" },
      { row: 2, col, input: "1.5" },
    ]);
    expect([store.message(0, col), store.message(1, col)?.key, store.message(2, col)?.key]).toEqual([
      null,
      "grid:cell.negative",
      "grid:cell.notInteger",
    ]);
  });

  it("a failure after its own prototype's test time is refused", async () => {
    const body = setPlanField(trackOf([10, 50, 20, 30], [0, 0, 1, 1]), "testTimes", [100, 25]);
    await expect(
      fitCrowAmsaa(trackData(failureColumns(body.failures), null, body.plan.testTimes), trackOptions(body)),
    ).rejects.toThrow("growth.timeAfterEnd");
  });
});

describe("Duane on the track screen", () => {
  it("the screen's Duane fit is `relbench growth fit --model duane`'s, and its chart line is b t^alpha", async () => {
    let body = setPlanField(trackOf(R.exampleB.times), "testTime", 3000);
    body = setPlanField(setPlanField(body, "model", "duane"), "target", 100);
    const data = trackData(failureColumns(body.failures), body.plan.testTime, body.plan.testTimes);
    if (data.kind !== "individual") throw new Error("individual data");
    const screen = await fitDuaneModel(data, { target: trackOptions(body).target });
    const cli = cliFit(
      `Time\n${R.exampleB.times.join("\n")}\n`,
      "--end",
      "3000",
      "--model",
      "duane",
      "--target",
      "100",
    );
    expect(screen).toEqual(cli);
    // The growth plot's N(t) = lambda t^beta is t over Duane's cumulative MTBF b t^alpha; the MTBF chart's
    // instantaneous curve 1 / (lambda beta t^(beta - 1)) is b t^alpha / (1 - alpha).
    const line = duaneChartFit(screen);
    for (const t of [10, 300, 3000]) {
      const cumulative = screen.b * t ** screen.alpha;
      expect(isClose(line.lambda * t ** line.beta, t / cumulative, { rtol: 1e-12 })).toBe(true);
      const instantaneous = 1 / (line.lambda * line.beta * t ** (line.beta - 1));
      expect(isClose(instantaneous, cumulative / (1 - screen.alpha), { rtol: 1e-12 })).toBe(true);
    }
    expect("bounds" in line).toBe(false);
  });
});

describe("a PM2 plan (MIL-HDBK-189C) on the plan screen", () => {
  const c = R.pm2;
  /** R's PM2 example as a plan: its phases end at R's times, the last at the total test time. */
  function pm2Body(fields: Record<string, unknown> = {}) {
    let body = emptyBody("growthPlan");
    for (const [field, value] of Object.entries({
      model: "pm2",
      initialLevel: c.initialMtbf,
      finalTarget: c.goalMtbf,
      managementStrategy: c.managementStrategy,
      fixEffectiveness: c.fixEffectiveness,
      ...fields,
    }))
      body = setPlanField(body, field, value);
    for (const testTime of c.times)
      body = setPhaseField(addPhase(body), body.phases.length, "testTime", testTime);
    return body;
  }

  it("solves beta from the goal and draws M(t), R's values at each phase end (tests/fixtures/growth/growth.R)", () => {
    const curve = plannedCurve(pm2Body());
    if (!curve?.pm2) throw new Error("no PM2 curve");
    expect(isClose(curve.pm2.beta, c.beta, { rtol: 1e-9 })).toBe(true);
    expect(isClose(curve.pm2.growthPotential, c.growthPotential, { rtol: 1e-9 })).toBe(true);
    expect(isClose(curve.pm2.expectedModes, c.expectedModes, { rtol: 1e-9 })).toBe(true);
    curve.steps.forEach((step, i) => {
      expect(isClose(step.idealizedEnd, c.mtbf[i], { rtol: 1e-9 }), `M(${step.end})`).toBe(true);
    });
    // The curve ends at the goal; the steps hold M_I in phase 1, then M at each previous end.
    expect(isClose(curve.curve[curve.curve.length - 1].mtbf, c.goalMtbf, { rtol: 1e-9 })).toBe(true);
    expect(curve.steps[0].mtbf).toBe(c.initialMtbf);
    expect(isClose(curve.steps[1].mtbf, c.mtbf[0], { rtol: 1e-9 })).toBe(true);
  });

  it("a fix lag moves each step back by the lag", () => {
    const lagged = plannedCurve(pm2Body({ fixLag: 500 }));
    const plain = plannedCurve(pm2Body());
    if (!lagged?.pm2 || !plain?.pm2) throw new Error("no PM2 curve");
    // Phase 3 (from 2500) at M(2500 - 500) instead of M(2500).
    expect(lagged.steps[2].mtbf).toBeLessThan(plain.steps[2].mtbf);
  });

  it("its rules: fractions in (0, 1], the goal below the growth potential, the level as an MTBF", () => {
    const keys = (body: GrowthBody) =>
      documentProblems(body, "2026-01-01")
        .filter((p) => p.where?.[0] === "plan")
        .map((p) => `${p.key}@${p.where?.[1]}`);
    expect(keys(pm2Body({ managementStrategy: 1.5, fixEffectiveness: 0 }))).toEqual(
      expect.arrayContaining([
        "growth.fractionRange@managementStrategy",
        "growth.fractionRange@fixEffectiveness",
      ]),
    );
    // Growth potential 50 / (1 - 0.95 * 0.7) = 149.25: a goal of 150 is out of reach, and no curve is drawn.
    expect(keys(pm2Body({ finalTarget: 150 }))).toContain("growth.pm2Infeasible@finalTarget");
    expect(plannedCurve(pm2Body({ finalTarget: 150 }))).toBeNull();
    expect(keys(pm2Body({ initialForm: "reliability" }))).toContain("growth.pm2NeedsMtbf@initialForm");
    expect(keys(pm2Body()).filter((k) => /fraction|pm2|lag/.test(k))).toEqual([]);
    // Stored as the server stores it.
    expect(rgtBodySchema.parse(pm2Body({ fixLag: 250 }))).toEqual(pm2Body({ fixLag: 250 }));
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
