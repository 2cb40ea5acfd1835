// The DOE screen's pure parts: a worksheet becomes the kernel request the CLI would make (the pilot plant's
// effects come out of the sheet as typed), the stored body round-trips a sheet with a cell kept as typed, and
// the schema the server checks accepts what the screen saves.
import { describe, expect, it } from "vitest";
import { fromStoredBody, plainResults, toStoredBody } from "../../../../src/app/features/doe/storage.ts";
import {
  ALL_TOOLS,
  DEFAULT_POWER_FORM,
  DEFAULT_SETTINGS,
  designSheet,
  exampleSheet,
  powerRequest,
  sheetView,
  TOOL_SCHEMAS,
  toolRequest,
} from "../../../../src/app/features/doe/tools.ts";
import { factorialDesign, runDoeTool } from "../../../../src/kernels/doe.ts";
import { doeExperimentBodySchema } from "../../../../src/shared/schemas/modules.ts";

const settings = {
  ...DEFAULT_SETTINGS,
  factors: [
    { name: "T", levels: [160, 180] },
    { name: "C", levels: [20, 40] },
    { name: "K", levels: ["A", "B"] },
  ],
  replicates: 1,
  seed: 3,
};
// BHH's yields by standard order (T fastest).
const yields = [60, 72, 54, 68, 52, 83, 45, 80];

describe("DOE worksheets", () => {
  it("a created factorial design with its responses typed in run order gives BHH's effects", async () => {
    const rows = await factorialDesign(settings);
    const sheet = designSheet(rows);
    const y = sheet.values.y as Float64Array;
    const std = sheet.values.std as Float64Array;
    for (let r = 0; r < sheet.rows; r++) y[r] = yields[std[r] - 1];
    const request = toolRequest("factorial", sheetView(TOOL_SCHEMAS.factorial, sheet), settings);
    const outcome = await runDoeTool(request);
    if (!outcome.ok) throw new Error(JSON.stringify(outcome.problems));
    const result = outcome.result as { terms: { label: string; effect: number }[] };
    expect(Object.fromEntries(result.terms.map((t) => [t.label, t.effect]))).toEqual({
      T: 23,
      C: -5,
      K: 1.5,
      "T*C": 1.5,
      "T*K": 10,
      "C*K": 0,
      "T*C*K": 0.5,
    });
  });

  it("component search: stage 1, swaps and capping rows from the step column", async () => {
    const request = toolRequest(
      "componentSearch",
      sheetView(TOOL_SCHEMAS.componentSearch, exampleSheet("componentSearch")),
      DEFAULT_SETTINGS,
    );
    const outcome = await runDoeTool(request);
    if (!outcome.ok) throw new Error(JSON.stringify(outcome.problems));
    const r = outcome.result as {
      swaps: { name: string; verdict: string }[];
      capping: { confirmed: boolean };
    };
    expect(r.swaps.map((s) => [s.name, s.verdict])).toEqual([
      ["Housing", "unimportant"],
      ["Rotor", "redX"],
      ["Seal", "pinkX"],
    ]);
    expect(r.capping.confirmed).toBe(true);
  });

  it("bad input comes back as problems, not a thrown error", async () => {
    const outcome = await runDoeTool({ tool: "tukey", x: [1], y: [2, 3] });
    expect(outcome).toEqual({ ok: false, problems: [expect.objectContaining({ key: "doe.sampleSize" })] });
  });

  it("every tool's stored body passes the server's schema and reads back the same sheet", async () => {
    for (const tool of ALL_TOOLS) {
      const sheet = exampleSheet(tool);
      const body = toStoredBody(tool, DEFAULT_SETTINGS, sheet, "note", null);
      const parsed = doeExperimentBodySchema.safeParse(body);
      expect(parsed.success, `${tool}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
      const back = fromStoredBody(body);
      expect(back.tool).toBe(tool);
      expect(toStoredBody(tool, back.settings, back.sheet, "note", null)).toEqual(body);
    }
  });

  it("a cell typed wrong is stored as typed and comes back as raw text", () => {
    const sheet = {
      rows: 2,
      values: { x: Float64Array.from([1, Number.NaN]), y: Float64Array.from([2, 3]) },
      raw: { x: new Map([[1, "1,5"]]) },
    };
    const body = toStoredBody("scatter", DEFAULT_SETTINGS, sheet, "", {
      slope: Number.POSITIVE_INFINITY,
      fitted: Float64Array.from([1, 2]),
    });
    expect(body.sheet.columns[0]).toEqual({ name: "x", values: [1, "1,5"] });
    expect(body.results).toEqual({ slope: null, fitted: [1, 2] });
    expect(fromStoredBody(body).sheet.raw?.x?.get(1)).toBe("1,5");
    expect(plainResults({ a: Float64Array.from([Number.NaN]) })).toEqual({ a: [null] });
  });

  it("a factorial with centre points: the stored body keeps the setting, the created sheet the centre runs", async () => {
    const two = { ...settings, factors: settings.factors.slice(0, 2), centrePoints: 2 };
    const rows = await factorialDesign({ ...two, centrePoints: two.centrePoints });
    const sheet = designSheet(rows);
    expect(sheet.rows).toBe(6);
    expect((sheet.values.A as string[]).filter((v) => v === "170")).toHaveLength(2);
    const body = toStoredBody("factorial", two, sheet, "", null);
    expect(doeExperimentBodySchema.safeParse(body).success).toBe(true);
    expect(fromStoredBody(body).settings.centrePoints).toBe(2);
    // Worksheets stored before the setting existed read back with none.
    const { centrePoints: _, ...older } = body.settings as Record<string, unknown>;
    const old = { ...body, settings: older } as typeof body;
    expect(doeExperimentBodySchema.safeParse(old).success).toBe(true);
    expect(fromStoredBody(old).settings.centrePoints).toBe(0);
  });

  it("the power tool's form: a request only while every field it uses is a number", () => {
    expect(powerRequest(DEFAULT_POWER_FORM)).toEqual({
      type: "two.sample",
      delta: 1,
      sd: 1,
      alpha: 0.05,
      sided: "two",
      n: null,
      power: 0.8,
    });
    expect(powerRequest({ ...DEFAULT_POWER_FORM, solve: "power", power: "x" })).toMatchObject({
      n: 10,
      power: null,
    });
    expect(powerRequest({ ...DEFAULT_POWER_FORM, sd: "1,5" })).toBeNull();
    expect(powerRequest({ ...DEFAULT_POWER_FORM, solve: "power", n: "" })).toBeNull();
  });
});
