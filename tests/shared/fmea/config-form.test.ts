// The FMEA configuration in the form (issue 18): the PFMEA's three severity columns with S the highest of
// them (AIAG & VDA FMEA Handbook 2019, table P1), special characteristics chosen from the configuration's
// classes and shown by their marks (table, filter, control plan, import), and the xlsx export honouring the
// configuration's Excel output settings and each node's excelOutputSetting.
import * as XLSX from "@e965/xlsx";
import { describe, expect, it } from "vitest";
import en from "../../../locales/en/fmeatable.json";
import { DEFAULT_VIEW, viewRows } from "../../../src/app/features/fmea/table.ts";
import { linkNodes } from "../../../src/shared/fmea/actions.ts";
import {
  DEFAULT_SPECIAL_CHARACTERISTICS,
  fmeaSettingsSchema,
  type SpecialCharacteristic,
  specialClassOf,
  specialMark,
} from "../../../src/shared/fmea/config.ts";
import { controlPlan, controlPlanOps } from "../../../src/shared/fmea/control-plan.ts";
import {
  cellOps,
  cellText,
  type EditContext,
  formColumns,
  formRows,
  parseSpecial,
} from "../../../src/shared/fmea/form.ts";
import { failureChains } from "../../../src/shared/fmea/risk.ts";
import {
  applyOps,
  dataOf,
  type FmeaDoc,
  type FmeaOp,
  severityFromColumns,
} from "../../../src/shared/fmea/tree.ts";
import {
  excelTabColumns,
  planFormImport,
  readFmeaForm,
  type WorkbookLabels,
  writeFmeaWorkbook,
} from "../../../src/shared/fmea/xlsx.ts";
import { Builder, designTree, processTree } from "./build.ts";

const titles: Record<string, string> = { ...en.columns, ...en.processColumns };
const labels: WorkbookLabels = {
  columns: titles,
  controlPlan: en.controlPlan,
  header: en.export.header,
  sheets: {
    form: en.export.sheetForm,
    controlPlan: en.export.sheetControlPlan,
    actions: en.export.sheetActions,
  },
  status: en.status,
  tabFields: { "des.description": "Description", "spec.featureValue": "Feature value", "spec.unit": "Unit" },
};

const CLASSES: SpecialCharacteristic[] = [
  { name: "Safety", markingName: "S", icon: null },
  { name: "Fit and function", markingName: "FF", icon: null },
  // Marked by an icon only: shown by its name.
  {
    name: "Customer flag",
    markingName: "",
    icon: { file: "00000000-0000-4000-8000-000000000000", bytes: 1200 },
  },
];

function ops(result: { ok: true; ops: FmeaOp[] } | { ok: false; problem: unknown }): FmeaOp[] {
  if (!result.ok) throw new Error(JSON.stringify(result.problem));
  return result.ops;
}

function apply(doc: FmeaDoc, batch: FmeaOp[]): FmeaDoc {
  const applied = applyOps(doc, batch);
  if (!applied.ok) throw new Error(JSON.stringify(applied));
  return applied.doc;
}

const typeInto = (doc: FmeaDoc, row: number, key: string, input: string, ctx: EditContext) =>
  apply(doc, ops(cellOps(doc, formRows(doc)[row], key, input, ctx)));

/** A PFMEA chain: leak at the customer (FE) <- bearing too shallow (FM, OP20) <- press force too low (FC). */
function ratedProcess() {
  const t = processTree();
  const { b } = t;
  const fe = b.run(t.fItem, "addChild", { kind: "fail", name: "Leak at customer" });
  const fm = b.run(t.prod, "addChild", { kind: "fail", name: "Bearing too shallow" });
  const fc = b.run(t.procSpec, "addChild", { kind: "fail", name: "Press force too low" });
  const fc2 = b.run(t.fMachine, "addChild", { kind: "fail", name: "Wrong tool" });
  for (const [from, to] of [
    [fe, fm],
    [fm, fc],
    [fm, fc2],
  ])
    b.apply(ops(linkNodes(b.doc, b.ctx, "failure", from, to)));
  return { ...t, fe, fm, fc, fc2 };
}

describe("PFMEA severity on three columns", () => {
  it("the process form has the plant, ship-to and end-user columns before S; the design form has none", () => {
    const keys = formColumns("process").map((c) => c.key);
    const s = keys.indexOf("severity");
    expect(keys.slice(s - 4, s + 1)).toEqual([
      "effect",
      "severityPlant",
      "severityShipTo",
      "severityEndUser",
      "severity",
    ]);
    expect(formColumns("design").map((c) => c.key)).not.toContain("severityPlant");
  });

  it("S is the highest of the columns rated, drives AP, and clears with them", () => {
    const t = ratedProcess();
    const ctx = t.b.ctx;
    let doc = t.b.doc;
    doc = typeInto(doc, 0, "severityPlant", "5", ctx);
    expect(cellText(formRows(doc)[0], "severity")).toBe("5");
    doc = typeInto(doc, 0, "severityEndUser", "9", ctx);
    doc = typeInto(doc, 0, "severityShipTo", "7", ctx);
    const row = formRows(doc)[0];
    expect(
      ["severityPlant", "severityShipTo", "severityEndUser", "severity"].map((k) => cellText(row, k)),
    ).toEqual(["5", "7", "9", "9"]);
    // Both lines of the mode take the effect's S of 9: with O 4, D 5 the AP is H (S 9-10, O 4-5, D 5-6).
    doc = typeInto(doc, 0, "occurrence", "4", ctx);
    doc = typeInto(doc, 0, "detection", "5", ctx);
    expect(failureChains(doc)[0]).toMatchObject({ s: 9, sWorst: 9, ap: "H" });
    expect(cellText(formRows(doc)[1], "severity")).toBe("9");
    // Lowering the highest column lowers S.
    doc = typeInto(doc, 0, "severityEndUser", "6", ctx);
    expect(failureChains(doc)[0].sWorst).toBe(7);
    // S itself cannot be typed while it follows the columns: spec-style message, nothing changed; cleared
    // or typed as it is, the cell takes it back without a change.
    expect(cellOps(doc, formRows(doc)[0], "severity", "3", ctx)).toEqual({
      ok: false,
      problem: { key: "fmea.severityByColumns" },
    });
    expect(cellOps(doc, formRows(doc)[0], "severity", "", ctx)).toEqual({ ok: true, ops: [] });
    expect(cellOps(doc, formRows(doc)[0], "severity", "7", ctx)).toEqual({ ok: true, ops: [] });
    // A column out of 1 to 10 is refused with the message that names S.
    expect(cellOps(doc, formRows(doc)[0], "severityPlant", "11", ctx)).toMatchObject({
      ok: false,
      problem: { key: "fmea.severityRange" },
    });
    // All three cleared: no S, and S may be typed again.
    for (const key of ["severityPlant", "severityShipTo", "severityEndUser"])
      doc = typeInto(doc, 0, key, "", ctx);
    expect(failureChains(doc)[0].sWorst).toBeNull();
    doc = typeInto(doc, 0, "severity", "4", ctx);
    expect(failureChains(doc)[0].sWorst).toBe(4);
  });

  it("applyOps keeps S the highest column on every update and add, here and on the server alike", () => {
    expect(
      severityFromColumns({ assessments: { severityPlant: 3, severityShipTo: "8", severity: 2 } }),
    ).toEqual({
      assessments: { severityPlant: 3, severityShipTo: "8", severity: 8 },
    });
    // None rated (or blank): the S given stays.
    expect(severityFromColumns({ assessments: { severity: 6, severityPlant: "" } })).toEqual({
      assessments: { severity: 6, severityPlant: "" },
    });
    expect(severityFromColumns({})).toEqual({});
    const t = ratedProcess();
    const fe = t.b.doc.nodes.get(t.fe);
    if (!fe) throw new Error("no effect");
    const doc = apply(t.b.doc, [
      { op: "update", id: fe.id, base: fe.version, set: { attrs: { assessments: { severityShipTo: 6 } } } },
      {
        op: "add",
        node: {
          id: "fe2",
          parentId: t.fItem,
          kind: "fail",
          elementType: null,
          name: "Noise at customer",
          ord: 9,
          hidden: false,
          attrs: { assessments: { severityEndUser: 4 } },
        },
      },
    ]);
    expect(doc.nodes.get(t.fe)?.attrs.assessments?.severity).toBe(6);
    expect(doc.nodes.get("fe2")?.attrs.assessments?.severity).toBe(4);
  });
});

describe("special characteristics from the configuration", () => {
  it("a class is found by its name or its mark, either case; a cell shows the mark", () => {
    expect(specialClassOf(CLASSES, "ff")?.name).toBe("Fit and function");
    expect(specialClassOf(CLASSES, " safety ")?.name).toBe("Safety");
    expect(specialClassOf(CLASSES, "CC")).toBeNull();
    expect(specialMark(CLASSES, "Safety")).toBe("S");
    expect(specialMark(CLASSES, "Customer flag")).toBe("Customer flag");
    // A mark stored before the configuration had its class stays as it was.
    expect(specialMark(CLASSES, "CC")).toBe("CC");
    // The defaults are AIAG's CC and SC.
    expect(fmeaSettingsSchema("process").parse({}).specialCharacteristics).toEqual(
      DEFAULT_SPECIAL_CHARACTERISTICS,
    );
    expect(specialMark(DEFAULT_SPECIAL_CHARACTERISTICS, "Critical characteristic")).toBe("CC");
  });

  it("typed into the form: stored by class name, refused when the configuration has no such class", () => {
    const t = ratedProcess();
    const ctx: EditContext = { newId: t.b.ctx.newId, specialClasses: CLASSES };
    let doc = typeInto(t.b.doc, 0, "special", "s", ctx);
    expect(doc.nodes.get(t.fm)?.attrs.featureClassify?.specialClass).toBe("Safety");
    expect(cellText(formRows(doc)[0], "special")).toBe("Safety");
    expect(cellOps(doc, formRows(doc)[0], "special", "CC", ctx)).toEqual({
      ok: false,
      problem: { key: "fmea.specialUnknown", params: { value: "CC", classes: "S, FF, Customer flag" } },
    });
    expect(parseSpecial("x".repeat(151), CLASSES)).toEqual({ ok: false, problem: { key: "tooLong" } });
    // Cleared with an empty cell; without classes (no configuration read) any short text is kept.
    doc = typeInto(doc, 0, "special", "", ctx);
    expect(doc.nodes.get(t.fm)?.attrs.featureClassify?.specialClass).toBe("");
    expect(parseSpecial("Anything", undefined)).toEqual({ ok: true, value: "Anything" });
  });

  it("the filter finds a class whether its lines store the name or the mark", () => {
    const t = designTree();
    const { b } = t;
    const fm2 = b.run(t.fSub, "addChild", { kind: "fail", name: "Torque low" });
    b.apply(ops(linkNodes(b.doc, b.ctx, "failure", t.fe, t.fm)));
    b.apply(ops(linkNodes(b.doc, b.ctx, "failure", t.fm, t.fc)));
    let doc = b.doc;
    const ctx: EditContext = { newId: b.ctx.newId, specialClasses: CLASSES };
    doc = typeInto(doc, 0, "special", "FF", ctx);
    // The second mode marked as an older FMEA stored it: by the mark itself.
    const n = doc.nodes.get(fm2);
    if (!n) throw new Error("no mode");
    doc = apply(doc, [
      { op: "update", id: fm2, base: n.version, set: { attrs: { featureClassify: { specialClass: "ff" } } } },
    ]);
    const rows = formRows(doc);
    expect(viewRows(rows, { ...DEFAULT_VIEW, special: "Fit and function" }, CLASSES)).toHaveLength(2);
    expect(viewRows(rows, { ...DEFAULT_VIEW, special: "Safety" }, CLASSES)).toHaveLength(0);
    expect(viewRows(rows, { ...DEFAULT_VIEW, special: "*" }, CLASSES)).toHaveLength(2);
  });

  it("the control plan shows the class and takes one of the configuration's", () => {
    const t = ratedProcess();
    const ctx: EditContext = { newId: t.b.ctx.newId, specialClasses: CLASSES };
    let doc = t.b.doc;
    const line = () => controlPlan(doc).find((l) => l.characteristic.id === t.prod);
    const first = line();
    if (!first) throw new Error("no line");
    doc = apply(doc, ops(controlPlanOps(doc, first, "specialClass", "ff", ctx)));
    expect(line()?.specialClass).toBe("Fit and function");
    expect(specialMark(CLASSES, line()?.specialClass ?? "")).toBe("FF");
    expect(controlPlanOps(doc, first, "specialClass", "Unknown", ctx)).toMatchObject({
      ok: false,
      problem: { key: "fmea.specialUnknown" },
    });
    // The mode's class is the characteristic's where it has none of its own.
    const proc = controlPlan(doc).find((l) => l.characteristic.id === t.procSpec);
    expect(proc?.specialClass).toBe("");
  });
});

function grid(bytes: Uint8Array, sheetName = en.export.sheetForm) {
  const book = XLSX.read(bytes, { type: "array" });
  const sheet = book.Sheets[sheetName];
  const rows = XLSX.utils.sheet_to_json<(string | number | null)[]>(sheet, { header: 1, defval: null });
  const header = rows.findIndex((r) => r?.includes(titles.mode) || r?.includes(en.controlPlan.processName));
  const col = (title: string) => rows[header].indexOf(title);
  return { book, sheet, rows, header, col, lines: rows.slice(header + 1) };
}

describe("xlsx: the configuration's Excel output settings and each node's excelOutputSetting", () => {
  function exported() {
    const t = ratedProcess();
    const ctx: EditContext = { newId: t.b.ctx.newId, specialClasses: CLASSES };
    let doc = t.b.doc;
    doc = typeInto(doc, 0, "severityPlant", "8", ctx);
    doc = typeInto(doc, 0, "severityEndUser", "6", ctx);
    doc = typeInto(doc, 0, "occurrence", "4", ctx);
    doc = typeInto(doc, 0, "detection", "3", ctx);
    doc = typeInto(doc, 1, "occurrence", "2", ctx);
    doc = typeInto(doc, 0, "special", "S", ctx);
    doc = typeInto(doc, 0, "prevention", "Force monitor\nTool check", ctx);
    const fm = doc.nodes.get(t.fm);
    const prod = doc.nodes.get(t.prod);
    if (!fm || !prod) throw new Error("missing");
    doc = apply(doc, [
      {
        op: "update",
        id: fm.id,
        base: fm.version,
        set: { attrs: { des: { description: "Depth < 11.9 mm" } } },
      },
      {
        op: "update",
        id: prod.id,
        base: prod.version,
        set: { attrs: { spec: { featureValue: "12.0", unit: "mm" } } },
      },
    ]);
    return { t, doc, ctx };
  }

  it("writes the three severities, the class marks and the further tabs; merges as configured", () => {
    const { doc } = exported();
    const tabs = fmeaSettingsSchema("process").parse({
      excelOutput: { tabs: ["name", "des", "spec", "status"] },
    }).excelOutput.tabs;
    // name and status are form A's columns already: des and spec give their fields.
    expect(excelTabColumns(tabs).map((c) => c.key)).toEqual([
      "des.description",
      "spec.featureValue",
      "spec.unit",
      "spec.tolerance",
    ]);
    const input = {
      data: dataOf(doc),
      fmeaName: "Housing line",
      fmeaId: "3",
      planning: {},
      labels,
      tabs,
      specialClasses: CLASSES,
    };
    const merged = grid(writeFmeaWorkbook(input));
    const { col, lines } = merged;
    expect(lines).toHaveLength(2);
    expect(lines[0][col(titles.severityPlant)]).toBe(8);
    expect(lines[0][col(titles.severityShipTo)]).toBeNull();
    expect(lines[0][col(titles.severityEndUser)]).toBe(6);
    expect(lines[0][col(titles.severity)]).toBe(8);
    expect(lines[0][col(titles.special)]).toBe("S");
    expect(lines[0][col("Description")]).toBe("Depth < 11.9 mm");
    expect(lines[0][col("Feature value")]).toBe("12.0");
    expect(lines[0][col("Unit")]).toBe("mm");
    expect(lines[0][col("spec.tolerance")]).toBeNull();
    expect((merged.sheet["!merges"] ?? []).length).toBeGreaterThan(1);
    // mergeCells off: only the title line is merged.
    const flat = grid(writeFmeaWorkbook({ ...input, mergeCells: false }));
    expect((flat.sheet["!merges"] ?? []).map((m) => XLSX.utils.encode_range(m))).toEqual(["A1:I1"]);
    // The control plan shows the class by its mark too.
    const plan = grid(writeFmeaWorkbook(input), en.export.sheetControlPlan);
    const depth = plan.lines.find((l) => l[plan.col(en.controlPlan.product)] === "Bearing depth");
    expect(depth?.[plan.col(en.controlPlan.specialClass)]).toBe("S");
  });

  it("leaves out what a node's excelOutputSetting says, with everything below it", () => {
    const { t, doc: rated, ctx } = exported();
    let doc = typeInto(rated, 0, "preventionAction", "Add force monitor", ctx);
    doc = typeInto(doc, 1, "preventionAction", "Poka-yoke tool", ctx);
    const rows = formRows(doc);
    const action = rows.find((r) => r.action?.node.name === "Poka-yoke tool")?.action?.node;
    const measure = rows[0].chain.prevention.find((m) => m.name === "Tool check");
    const force = doc.nodes.get(t.procSpec);
    if (!action || !measure || !force) throw new Error("missing");
    const hide = (id: string, base: number): FmeaOp => ({
      op: "update",
      id,
      base,
      set: { attrs: { excelOutputSetting: { output: "no" } } },
    });
    const input = (d: FmeaDoc) => ({
      data: dataOf(d),
      fmeaName: "Housing line",
      fmeaId: "3",
      planning: {},
      labels,
      specialClasses: CLASSES,
    });
    // An excluded action: its chain keeps a line without it; an excluded measure leaves its cell.
    let out = grid(
      writeFmeaWorkbook(
        input(apply(doc, [hide(action.id, action.version), hide(measure.id, measure.version)])),
      ),
    );
    expect(out.lines.map((l) => l[out.col(titles.cause)])).toEqual(["Press force too low", "Wrong tool"]);
    expect(out.lines[0][out.col(titles.prevention)]).toBe("Force monitor");
    expect(out.lines[1][out.col(titles.preventionAction)]).toBeNull();
    const actions = grid(
      writeFmeaWorkbook(input(apply(doc, [hide(action.id, action.version)]))),
      en.export.sheetActions,
    );
    expect(actions.rows.flat()).not.toContain("Poka-yoke tool");
    expect(actions.rows.flat()).toContain("Add force monitor");
    // An excluded process characteristic: the cause below it, that cause's line and the characteristic's
    // control plan line are left out.
    const hidden = apply(doc, [hide(force.id, force.version)]);
    out = grid(writeFmeaWorkbook(input(hidden)));
    expect(out.lines.map((l) => l[out.col(titles.cause)])).toEqual(["Wrong tool"]);
    const plan = grid(writeFmeaWorkbook(input(hidden)), en.export.sheetControlPlan);
    expect(plan.rows.flat()).not.toContain("Press force");
    expect(plan.rows.flat()).toContain("Bearing depth");
  });

  it("round trip of a PFMEA: the three severities and the class come back; an unknown class is a line problem", () => {
    const { doc } = exported();
    const bytes = writeFmeaWorkbook({
      data: dataOf(doc),
      fmeaName: "Housing line",
      fmeaId: "3",
      planning: {},
      labels,
      specialClasses: CLASSES,
    });
    const read = readFmeaForm(bytes, "process", titles);
    if (!read.ok) throw new Error(read.problem.key);
    const fresh = new Builder("process");
    const root = fresh.run(null, "addRoot", { name: "Housing line" });
    const ctx: EditContext = { newId: fresh.ctx.newId, specialClasses: CLASSES };
    const title = (key: string) => titles[key] ?? key;
    const plan = planFormImport(fresh.doc, root, read.lines, ctx, title, en.status);
    if (!plan.ok) throw new Error(plan.problem.key);
    expect(plan.checks.flatMap((c) => c.problems)).toEqual([]);
    fresh.apply(plan.ops);
    const chain = failureChains(fresh.doc).find((c) => c.fc?.name === "Press force too low");
    expect(chain).toMatchObject({ s: 8, o: 4, d: 3 });
    expect(cellText(formRows(fresh.doc)[0], "severityEndUser")).toBe("6");
    expect(chain?.special).toBe("Safety");

    // The same file into an FMEA whose configuration has only the defaults: the mark S is no class there.
    const other = new Builder("process");
    const otherRoot = other.run(null, "addRoot", { name: "Housing line" });
    const refused = planFormImport(
      other.doc,
      otherRoot,
      read.lines,
      { newId: other.ctx.newId, specialClasses: DEFAULT_SPECIAL_CHARACTERISTICS },
      title,
      en.status,
    );
    if (!refused.ok) throw new Error(refused.problem.key);
    expect(refused.checks.map((c) => c.problems.map((p) => p.key))).toEqual([
      ["fmea.specialUnknown"],
      ["fmea.specialUnknown"],
    ]);
    expect(refused.imported).toBe(0);
  });
});
