// The ePDT editor's pure parts: tree edits and order, part lines through the sheet and back, the stored body.
import { describe, expect, it } from "vitest";
import { SheetStore } from "../../../../src/app/components/spreadsheet/store.ts";
import {
  addAssembly,
  dictionaryRate,
  dictionaryToSheet,
  fromStoredBody,
  newTree,
  partsToSheet,
  removeAssembly,
  sheetToDictionary,
  toStoredBody,
  treeOrder,
  updateAssembly,
} from "../../../../src/app/features/prediction/document.ts";
import { PARTS_SCHEMA, partFromRow } from "../../../../src/app/features/prediction/schema.ts";
import type { PredictionPart } from "../../../../src/kernels/prediction/model.ts";
import { predictionBodySchema } from "../../../../src/shared/schemas/modules.ts";

describe("the system tree", () => {
  it("adds, renames, orders depth first and removes a subtree (never the system)", () => {
    let tree = newTree("Radar");
    const a = addAssembly(tree, "system", "PSU");
    tree = a.assemblies;
    const b = addAssembly(tree, a.id, "Filter");
    tree = b.assemblies;
    const c = addAssembly(tree, "system", "CPU");
    tree = updateAssembly(c.assemblies, c.id, { name: "Processor", environment: "AUF" });
    expect(treeOrder(tree).map((o) => [o.assembly.name, o.depth])).toEqual([
      ["Radar", 0],
      ["PSU", 1],
      ["Filter", 2],
      ["Processor", 1],
    ]);
    expect(new Set([a.id, b.id, c.id]).size).toBe(3);
    const removed = removeAssembly(tree, a.id);
    expect([...removed.removed].sort()).toEqual([a.id, b.id].sort());
    expect(removed.assemblies.map((x) => x.name)).toEqual(["Radar", "Processor"]);
    expect(removeAssembly(tree, "system").assemblies).toHaveLength(4);
  });
});

const parts: PredictionPart[] = [
  {
    id: "p1",
    assembly: "system",
    ref: "R1-R4",
    name: "Film",
    partClass: "resistor",
    subtype: "RN",
    quantity: 4,
    quality: "M",
    method: "partsStress",
    stress: { temperature: 60, power: 0.1, powerRatio: 0.3 },
    userRate: null,
    userRateUnit: null,
    source: "",
    device: null,
  },
  {
    id: "p2",
    assembly: "system",
    ref: "F1",
    name: "",
    partClass: null,
    subtype: null,
    quantity: 1,
    quality: null,
    method: null,
    stress: {},
    userRate: 120,
    userRateUnit: "fit",
    source: "vendor",
    device: "FUSE-2",
  },
  {
    id: "p3",
    assembly: "system",
    ref: "K1",
    name: "Relay",
    partClass: "relay",
    subtype: "generalPurpose",
    quantity: 1,
    quality: "M",
    method: "partsStress",
    stress: {
      temperature: 40,
      currentRatio: 0.5,
      loadType: "inductive",
      contactForm: "DPDT",
      cycleRate: 10,
      ratedTemperature: 125,
      application: "generalPurpose",
      construction: "balancedArmature",
      matingCycles: 0.5,
      contactCurrent: 2,
      contactGauge: 22,
    },
    userRate: null,
    userRateUnit: null,
    source: "",
    device: null,
  },
];

describe("part lines through the sheet", () => {
  it("reads back what was written, and a quantity that is not a number stays an error", () => {
    const store = new SheetStore(PARTS_SCHEMA, partsToSheet(parts));
    const back = [0, 1, 2].map((r) => partFromRow(store, r, "system", parts[r].id));
    expect(back).toEqual(parts);
    const q = PARTS_SCHEMA.columns.findIndex((c) => c.key === "quantity");
    store.setCells([{ row: 0, col: q, input: "four" }]);
    expect(Number.isNaN(partFromRow(store, 0, "system", "p1").quantity)).toBe(true);
    store.setCells([{ row: 0, col: q, input: null }]);
    expect(partFromRow(store, 0, "system", "p1").quantity).toBe(1);
  });

  it("stores a body the server's schema accepts and reads it back", () => {
    const dictionary = sheetToDictionary(
      dictionaryToSheet([
        { code: "FAN", name: "Fan", distribution: "weibull2p", p1: 1.8, p2: 40000, p3: null },
        { code: "PSU", name: "Module", distribution: "exponential", p1: 2e-6, p2: null, p3: null },
      ]),
    );
    const state = {
      name: "Board",
      description: "",
      settings: { method: "partsCount" as const, missionTime: Number.NaN, target: null, allocation: null },
      assemblies: newTree("Board"),
      parts,
      dictionary,
    };
    const body = toStoredBody(state);
    expect(body.settings.missionTime).toBeNull();
    expect(predictionBodySchema.safeParse(body).success).toBe(true);
    const back = fromStoredBody("Board", body);
    expect(back.parts).toEqual(parts);
    expect(Number.isNaN(back.settings.missionTime)).toBe(true);
    expect(dictionaryRate(dictionary[1])).toBe(2e-6);
    expect(dictionaryRate(dictionary[0])).toBeNull();
  });
});
