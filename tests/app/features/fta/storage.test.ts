// The stored form of a fault tree (/api/ftaexe, spec 3's events and gates) and the one-sheet xlsx form both
// read back to the same model; the REST schema accepts what the editor writes; an xlsx with mistakes gets a
// message per line.
import { describe, expect, it } from "vitest";
import { importRows } from "../../../../src/app/components/spreadsheet/import.ts";
import {
  modelFromSheet,
  SHEET_SCHEMA,
  sheetFromModel,
} from "../../../../src/app/features/fta/sheet-format.ts";
import { fromStoredBody, toStoredBody } from "../../../../src/app/features/fta/storage.ts";
import { emptyModel, type FtaModel } from "../../../../src/kernels/fta/model.ts";
import { ftaBodySchema } from "../../../../src/shared/schemas/modules.ts";

function sample(): FtaModel {
  return {
    ...emptyModel("Cooling"),
    missionTime: 1000,
    top: "TOP",
    gates: [
      { code: "TOP", name: "Loss of cooling", type: "or", inputs: ["G1", "VALVE", "H1"] },
      { code: "G1", type: "atleast", k: 2, inputs: ["P1", "P2", "P3"], remark: "2 of 3 pumps" },
      { code: "SUB", type: "and", inputs: ["P1", "VALVE"], tree: "SUB" },
    ],
    basicEvents: [
      { code: "P1", name: "Pump 1", distribution: { type: "exponential", lambda: 1e-4 } },
      { code: "P2", distribution: { type: "weibull2p", beta: 1.5, eta: 5000 } },
      {
        code: "P3",
        distribution: { type: "weibull3p", beta: 1.5, eta: 5000, gamma: 100 },
        undeveloped: true,
      },
      { code: "VALVE", distribution: { type: "lognormal", mu: 9, sigma: 1.2 } },
    ],
    houseEvents: [{ code: "H1", state: false, name: "Maintenance" }],
  };
}

describe("stored form (/api/ftaexe)", () => {
  it("writes spec 3's event and gate types and reads the same model back", () => {
    const model: FtaModel = { ...sample(), gates: [...sample().gates] };
    model.gates[0] = { ...model.gates[0], inputs: [...model.gates[0].inputs, "SUB"] };
    const body = toStoredBody(model);
    expect(body.events.find((e) => e.code === "TOP")?.type).toBe("top");
    expect(body.events.find((e) => e.code === "G1")?.type).toBe("middle");
    expect(body.events.find((e) => e.code === "P1")).toMatchObject({
      type: "repeated",
      distribution: "exponential",
      p1: 1e-4,
    });
    expect(body.events.find((e) => e.code === "P3")?.type).toBe("unexpanded");
    expect(body.events.find((e) => e.code === "H1")).toMatchObject({ type: "house", state: false });
    expect(body.gates.find((g) => g.output === "G1")).toMatchObject({ type: "vote", requiredPath: 2 });
    expect(body.events.find((e) => e.code === "SUB")?.tree).toBe("SUB");
    const parsed = ftaBodySchema.parse(body);
    expect(parsed.events).toHaveLength(body.events.length);
    expect(fromStoredBody(body, "ignored")).toEqual(model);
  });

  it("reads a body written by hand in the spec's shape (ids that are not codes)", () => {
    const model = fromStoredBody(
      {
        settings: { missionTime: 8760 },
        events: [
          { id: "t", type: "top", code: "TOP", name: "Top", remark: "" },
          {
            id: "a",
            type: "elementary",
            code: "A",
            name: "",
            remark: "",
            distribution: "fixedProb",
            p1: 0.1,
          },
          {
            id: "b",
            type: "elementary",
            code: "B",
            name: "",
            remark: "",
            distribution: "fixedProb",
            p1: 0.2,
          },
        ],
        gates: [{ id: 1, type: "and", output: "t", inputs: ["a", "b"] }],
      },
      "Hand made",
    );
    expect(model.gates).toEqual([{ code: "TOP", name: "Top", type: "and", inputs: ["A", "B"] }]);
    expect(model.top).toBe("TOP");
    expect(model.name).toBe("Hand made");
  });
});

/** The cells an exported sheet holds, as the spreadsheet worker would read them back. */
function cells(model: FtaModel): Array<Array<string | number | null>> {
  const sheet = sheetFromModel(model);
  const n = sheet.columns[0].values.length;
  const rows: Array<Array<string | number | null>> = [sheet.columns.map((c) => c.header)];
  for (let i = 0; i < n; i++)
    rows.push(sheet.columns.map((c) => (c.values[i] as string | number | null) ?? null));
  return rows;
}

describe("one-sheet xlsx form", () => {
  it("round-trips a model through the sheet", () => {
    const result = importRows(SHEET_SCHEMA, cells(sample()), { maxRows: 1000 });
    const { model, issues } = modelFromSheet(result, "Cooling", 1000);
    expect(issues).toEqual([]);
    const expected = sample();
    delete expected.top;
    expect(model).toEqual(expected);
  });

  it("names the line of every problem: empty code, unknown distribution, ranges, duplicates, unknown inputs", () => {
    const rows: Array<Array<string | number | null>> = [
      ["Code", "Type", "Gate", "K", "Inputs", "Distribution", "P1", "P2"],
      ["TOP", "Gate", "OR", null, "A, B, C, MISSING", null, null, null],
      [null, "Basic", null, null, null, "Fixed Prob", 0.1, null],
      ["A", "Basic", null, null, null, "Beta", 0.1, null],
      ["B", "Basic", null, null, null, "Fixed Prob", 1.5, null],
      ["C", "Basic", null, null, null, "Lognormal", 31, 0.5],
      ["A", "Basic", null, null, null, "Fixed Prob", 0.2, null],
    ];
    const { model, issues } = modelFromSheet(importRows(SHEET_SCHEMA, rows, { maxRows: 100 }), "Bad");
    expect(model).toBeNull();
    expect(issues.map((i) => [i.line, i.key])).toEqual([
      [2, "fta:file.sheet.unknownInput"],
      [3, "grid:cell.empty"],
      [4, "grid:cell.unknownChoice"],
      [5, "messages:parameterOpenRange"],
      [6, "messages:parameterOpenRange"],
      [7, "fta:file.sheet.duplicate"],
    ]);
    expect(issues[0].params).toEqual({ input: "MISSING", code: "TOP" });
    // The failure model's message values: mu' of a lognormal lies in (0, 30).
    expect(issues[4].params).toEqual({ parameter: "μ'", min: 0, max: 30 });
  });

  it("reports a code defined twice with the line of its first definition", () => {
    const rows: Array<Array<string | number | null>> = [
      ["Code", "Type", "Gate", "Inputs", "Distribution", "P1"],
      ["TOP", "Gate", "AND", "A, B", null, null],
      ["A", "Basic", null, null, "Fixed Prob", 0.1],
      ["B", "Basic", null, null, "Fixed Prob", 0.1],
      ["A", "Undeveloped", null, null, "Fixed Prob", 0.2],
    ];
    const { issues } = modelFromSheet(importRows(SHEET_SCHEMA, rows, { maxRows: 100 }), "Dup");
    expect(issues).toEqual([{ key: "fta:file.sheet.duplicate", params: { code: "A", first: 3 }, line: 5 }]);
  });
});

describe("results stored with the tree (issue 15, point 7)", () => {
  it("keep what the analysis gave and the settings it ran with, and read back from JSON", async () => {
    const { analyzeFaultTree } = await import("../../../../src/kernels/fta.ts");
    const { resultSummary, storedResults } = await import("../../../../src/app/features/fta/storage.ts");
    const model: FtaModel = {
      ...emptyModel("Pumps"),
      missionTime: 1000,
      top: "TOP",
      gates: [{ code: "TOP", type: "and", inputs: ["A", "B"] }],
      basicEvents: [
        { code: "A", distribution: { type: "fixed", probability: 0.01 } },
        { code: "B", distribution: { type: "fixed", probability: 0.02 } },
      ],
      houseEvents: [],
    };
    const result = await analyzeFaultTree(model, { algorithm: "bdd", limitOrder: 7, cutOff: 1e-9 });
    const back = storedResults(JSON.parse(JSON.stringify(toStoredBody(model, result).results)));
    expect(back).toEqual({
      top: "TOP",
      algorithm: "bdd",
      missionTime: 1000,
      limitOrder: 7,
      cutOff: 1e-9,
      probability: {
        exact: result.probability.exact,
        rareEvent: result.probability.rareEvent,
        mcub: result.probability.mcub,
      },
      cutSetCount: 1,
      byOrder: result.cutSets.byOrder,
    });
    expect(back?.probability.exact).toBeCloseTo(2e-4, 15);
    expect(resultSummary(result).cutOff).toBe(1e-9);
    // A body without results, or with something else in their place, opens without them.
    expect(storedResults(null)).toBeNull();
    expect(storedResults({ top: "TOP" })).toBeNull();
  });

  it("the stored list counts events as the user adds them, not the gates' output events", async () => {
    const { ftaModule } = await import("../../../../src/server/modules/ftaexe/index.ts");
    const model: FtaModel = {
      ...emptyModel("Three events"),
      top: "TOP",
      gates: [
        { code: "TOP", type: "or", inputs: ["G1", "C"] },
        { code: "G1", type: "and", inputs: ["A", "B"] },
      ],
      basicEvents: [
        { code: "A", distribution: { type: "fixed", probability: 0.01 } },
        { code: "B", distribution: { type: "fixed", probability: 0.02 } },
        { code: "C", distribution: { type: "fixed", probability: 0.03 } },
      ],
      houseEvents: [],
    };
    const body = ftaBodySchema.parse(toStoredBody(model));
    expect(ftaModule.summarize?.(body)).toMatchObject({ events: 3, gates: 2, hasResults: false });
  });
});
