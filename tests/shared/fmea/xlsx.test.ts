// The FMEA workbook round trip: a rated DFMEA with controls and an action written to xlsx, read back and
// imported into an FMEA holding only the system: the same form lines, cell for cell. Also the merged
// parent cells, the AP fills, the per-line messages and the level check of the import.
import * as XLSX from "@e965/xlsx";
import { describe, expect, it } from "vitest";
import enFmea from "../../../locales/en/fmea.json";
import en from "../../../locales/en/fmeatable.json";
import esFmea from "../../../locales/es/fmea.json";
import es from "../../../locales/es/fmeatable.json";
import jaFmea from "../../../locales/ja/fmea.json";
import ja from "../../../locales/ja/fmeatable.json";
import zhFmea from "../../../locales/zh/fmea.json";
import zh from "../../../locales/zh/fmeatable.json";
import { linkNodes } from "../../../src/shared/fmea/actions.ts";
import { cellOps, cellText, formColumns, formRows } from "../../../src/shared/fmea/form.ts";
import { applyOps, dataOf, type FmeaDoc, type FmeaOp } from "../../../src/shared/fmea/tree.ts";
import {
  type LanguageLabels,
  linesInCodes,
  planFormImport,
  readFmeaForm,
  type WorkbookLabels,
  workElementType,
  writeFmeaWorkbook,
} from "../../../src/shared/fmea/xlsx.ts";
import { Builder, designTree, processTree } from "./build.ts";

const labels: WorkbookLabels = {
  columns: en.columns,
  controlPlan: en.controlPlan,
  header: en.export.header,
  sheets: {
    form: en.export.sheetForm,
    controlPlan: en.export.sheetControlPlan,
    actions: en.export.sheetActions,
  },
  status: en.status,
};
const title = (key: string) => (en.columns as Record<string, string>)[key] ?? key;

function ok(result: { ok: true; ops: FmeaOp[] } | { ok: false; problem: unknown }): FmeaOp[] {
  if (!result.ok) throw new Error(JSON.stringify(result.problem));
  return result.ops;
}

function edit(doc: FmeaDoc, row: number, key: string, input: string, ctx: { newId(): string }) {
  const applied = applyOps(doc, ok(cellOps(doc, formRows(doc)[row], key, input, ctx)));
  if (!applied.ok) throw new Error(JSON.stringify(applied));
  return applied.doc;
}

function ratedDesign() {
  const t = designTree();
  const { b } = t;
  const fe2 = b.run(t.fSystem, "addChild", { kind: "fail", name: "Rider injured" });
  const fc2 = b.run(t.fComp, "addChild", { kind: "fail", name: "Magnet loose" });
  for (const [from, to] of [
    [t.fe, t.fm],
    [fe2, t.fm],
    [t.fm, t.fc],
    [t.fm, fc2],
  ])
    b.apply(ok(linkNodes(b.doc, b.ctx, "failure", from, to)));
  let doc = b.doc;
  const set = (row: number, key: string, value: string) => {
    doc = edit(doc, row, key, value, b.ctx);
  };
  set(0, "severity", "7");
  set(2, "severity", "9");
  set(0, "occurrence", "5");
  set(0, "detection", "6");
  set(1, "occurrence", "3");
  set(1, "detection", "2");
  set(1, "detectionControl", "End-of-line test");
  set(0, "special", "CC");
  set(0, "filterCode", "EB-12");
  set(0, "preventionAction", "Add winding thermal fuse");
  set(0, "responsible", "Ann");
  set(0, "targetDate", "2027-03-01");
  set(0, "status", "implementationPending");
  set(0, "newOccurrence", "2");
  set(0, "newSpecial", "SC");
  set(0, "remarks", "Fuse rating from supplier datasheet");
  return { doc, ctx: b.ctx };
}

const texts = (doc: FmeaDoc) => {
  const columns = formColumns(doc.variant, { rpn: true });
  return formRows(doc).map((r) => columns.map((c) => cellText(r, c.key)));
};

describe("FMEA workbook", () => {
  it("round trip: export, import into the bare system, the same form", () => {
    const { doc } = ratedDesign();
    expect(formRows(doc)).toHaveLength(4);
    const bytes = writeFmeaWorkbook({
      data: dataOf(doc),
      fmeaName: "E-bike DFMEA",
      fmeaId: "7",
      planning: { company: "ACME" },
      labels,
      rpn: true,
    });
    // Step 1's header above the form: the title, then each field's label beside its value.
    const book = XLSX.read(bytes, { type: "array" });
    const top = XLSX.utils.sheet_to_json<(string | null)[]>(book.Sheets[en.export.sheetForm], {
      header: 1,
      defval: null,
    });
    expect(top[0][0]).toBe("DFMEA: E-bike DFMEA");
    const beside = (label: string) => {
      const line = top.slice(1, 6).find((l) => l.includes(label));
      return line ? line[line.indexOf(label) + 1] : undefined;
    };
    expect(beside(en.export.header.company)).toBe("ACME");
    expect(beside(en.export.header.fmeaId)).toBe("7");
    expect(beside(en.export.header.confidentiality)).toBeNull();
    const read = readFmeaForm(bytes, "design", en.columns);
    if (!read.ok) throw new Error(read.problem.key);
    expect(read.lines).toHaveLength(4);
    // Form A's step 6 ends with the re-rated special characteristic, the AP after the action and remarks.
    expect(read.lines[0].cells.newSpecial).toBe("SC");
    expect(read.lines[0].cells.remarks).toBe("Fuse rating from supplier datasheet");
    // The filter code is the mode's: on every line of the mode.
    expect(read.lines.map((l) => l.cells.filterCode)).toEqual(["EB-12", "EB-12", "EB-12", "EB-12"]);

    const fresh = new Builder("design");
    const root = fresh.run(null, "addRoot", { name: "E-bike" });
    const plan = planFormImport(fresh.doc, root, read.lines, fresh.ctx, title, en.status);
    if (!plan.ok) throw new Error(plan.problem.key);
    expect(plan.checks.every((c) => c.problems.length === 0)).toBe(true);
    expect(plan.imported).toBe(4);
    fresh.apply(plan.ops);
    expect(texts(fresh.doc)).toEqual(texts(doc));

    // Importing the same file again changes nothing: names are matched, not added twice.
    const again = planFormImport(fresh.doc, root, read.lines, fresh.ctx, title, en.status);
    if (!again.ok) throw new Error(again.problem.key);
    const size = fresh.doc.nodes.size;
    if (again.ops.length > 0) fresh.apply(again.ops);
    expect(texts(fresh.doc)).toEqual(texts(doc));
    expect(fresh.doc.nodes.size).toBe(size);
  });

  it("merges parent cells and colours the AP cells", () => {
    const { doc } = ratedDesign();
    const bytes = writeFmeaWorkbook({
      data: dataOf(doc),
      fmeaName: "E-bike",
      fmeaId: "7",
      planning: {},
      labels,
    });
    const book = XLSX.read(bytes, { type: "array", cellStyles: true });
    const sheet = book.Sheets[en.export.sheetForm];
    const merges = (sheet["!merges"] ?? []).map((m) => XLSX.utils.encode_range(m));
    const grid = XLSX.utils.sheet_to_json<string[]>(sheet, { header: 1, defval: null });
    const header = grid.findIndex((r) => r?.includes(en.columns.mode));
    const col = (key: string) => grid[header].indexOf((en.columns as Record<string, string>)[key]);
    const first = header + 1;
    // The focus element "Drive" covers all four lines; the effect "Rider stranded" the first two.
    expect(merges).toContain(
      XLSX.utils.encode_range({
        s: { r: first, c: col("focusElement") },
        e: { r: first + 3, c: col("focusElement") },
      }),
    );
    expect(merges).toContain(
      XLSX.utils.encode_range({ s: { r: first, c: col("effect") }, e: { r: first + 1, c: col("effect") } }),
    );
    const ap = sheet[XLSX.utils.encode_cell({ r: first, c: col("ap") })];
    expect(ap.v).toBe("(H)");
    expect(ap.s?.fgColor?.rgb ?? ap.s?.patternType).toBeTruthy();
    expect(String(ap.s?.fgColor?.rgb)).toMatch(/F4B6B6$/);
    expect(book.SheetNames).toEqual([en.export.sheetForm, en.export.sheetActions]);
  });

  it("reports each bad line and imports only the verified ones; refuses the wrong level", () => {
    const { doc } = ratedDesign();
    const bytes = writeFmeaWorkbook({
      data: dataOf(doc),
      fmeaName: "E-bike",
      fmeaId: "7",
      planning: {},
      labels,
    });
    const read = readFmeaForm(bytes, "design", en.columns);
    if (!read.ok) throw new Error(read.problem.key);
    read.lines[0].cells.occurrence = "11";
    read.lines[1].cells.mode = "";
    read.lines[2].cells.detection = "0";
    read.lines[3].cells.cause = "x".repeat(501);
    const fresh = new Builder("design");
    const root = fresh.run(null, "addRoot", { name: "E-bike" });
    const plan = planFormImport(fresh.doc, root, read.lines, fresh.ctx, title, en.status);
    if (!plan.ok) throw new Error(plan.problem.key);
    expect(plan.imported).toBe(0);
    expect(plan.ops).toEqual([]);
    expect(plan.checks.map((c) => c.problems.map((p) => p.key))).toEqual([
      ["fmea.importRating"],
      ["fmea.importEmptyName"],
      ["fmea.importRating"],
      ["fmea.importNameTooLong"],
    ]);
    expect(plan.checks[0].problems[0].params).toMatchObject({ line: read.lines[0].line, column: "O" });
    // A component is not the level the file's next-higher element "E-bike" names.
    const motor = fresh.run(root, "addStructure", { name: "Motor" });
    expect(planFormImport(fresh.doc, motor, read.lines, fresh.ctx, title)).toMatchObject({
      ok: false,
      problem: { key: "importLevelMismatch" },
    });
    expect(readFmeaForm(new Uint8Array([1, 2, 3]), "design", en.columns)).toMatchObject({ ok: false });
  });
});

describe("PFMEA workbook: the 4M type", () => {
  const processTitles: Record<string, string> = { ...en.columns, ...en.processColumns };
  const processLabels: WorkbookLabels = { ...labels, columns: processTitles, elements: enFmea.elements };

  function ratedProcess() {
    const t = processTree();
    const { b } = t;
    const fe = b.run(t.fItem, "addChild", { kind: "fail", name: "Leak at customer" });
    const fm = b.run(t.prod, "addChild", { kind: "fail", name: "Bearing too shallow" });
    const fc1 = b.run(t.procSpec, "addChild", { kind: "fail", name: "Force too low" });
    const fMan = b.run(t.man, "addFunction", { name: "Load the part" });
    const fc2 = b.run(fMan, "addChild", { kind: "fail", name: "Part tilted" });
    for (const [from, to] of [
      [fe, fm],
      [fm, fc1],
      [fm, fc2],
    ])
      b.apply(ok(linkNodes(b.doc, b.ctx, "failure", from, to)));
    return b.doc;
  }

  it("is written by its name and read back by its name or its code: the same work elements", () => {
    const doc = ratedProcess();
    const bytes = writeFmeaWorkbook({
      data: dataOf(doc),
      fmeaName: "Housing line",
      fmeaId: "9",
      planning: {},
      labels: processLabels,
    });
    const grid = XLSX.utils.sheet_to_json<(string | null)[]>(
      XLSX.read(bytes, { type: "array" }).Sheets[en.export.sheetForm],
      { header: 1, defval: null },
    );
    const header = grid.findIndex((r) => r.includes(en.columns.mode));
    const type = grid[header].indexOf(en.columns.lowerType);
    expect(grid.slice(header + 1).map((l) => l[type])).toEqual(["Machine", "Man"]);

    const read = readFmeaForm(bytes, "process", processTitles);
    if (!read.ok) throw new Error(read.problem.key);
    const fresh = new Builder("process");
    const root = fresh.run(null, "addRoot", { name: "Housing line" });
    const plan = planFormImport(
      fresh.doc,
      root,
      read.lines,
      fresh.ctx,
      (k) => processTitles[k] ?? k,
      en.status,
      enFmea.elements,
    );
    if (!plan.ok) throw new Error(plan.problem.key);
    expect(plan.imported).toBe(2);
    fresh.apply(plan.ops);
    expect(texts(fresh.doc)).toEqual(texts(doc));
    const types = [...fresh.doc.nodes.values()]
      .filter((n) => n.kind === "stru" && n.name !== "Housing line" && n.elementType !== "procStep")
      .map((n) => [n.name, n.elementType]);
    expect(types).toEqual([
      ["Press", "machine"],
      ["Operator", "man"],
    ]);
  });

  it("a 4M type is known by its code or its name in any case; anything else is none", () => {
    expect(workElementType("Man", enFmea.elements)).toBe("man");
    expect(workElementType(" environment ", enFmea.elements)).toBe("environments");
    expect(workElementType("机", zhFmea.elements)).toBe("machine");
    expect(workElementType("material", {})).toBe("material");
    expect(workElementType("Measurement", enFmea.elements)).toBeNull();
    expect(workElementType("", enFmea.elements)).toBeNull();
  });
});

describe("a form written in another language", () => {
  const tables = { en, zh, es, ja };
  const elements = { en: enFmea.elements, zh: zhFmea.elements, es: esFmea.elements, ja: jaFmea.elements };
  const language = (lng: keyof typeof tables, variant: "design" | "process"): LanguageLabels => ({
    titles: { ...tables[lng].columns, ...(variant === "process" ? tables[lng].processColumns : {}) },
    status: tables[lng].status,
    elements: elements[lng],
  });

  it("imports for a user of each other language as for its writer: titles, statuses and 4M types", () => {
    const { doc } = ratedDesign();
    const bytes = writeFmeaWorkbook({
      data: dataOf(doc),
      fmeaName: "E-bike",
      fmeaId: "7",
      planning: {},
      labels,
    });
    for (const user of ["zh", "es", "ja"] as const) {
      const mine = language(user, "design");
      const others = (["en", "zh", "es", "ja"] as const)
        .filter((l) => l !== user)
        .map((l) => language(l, "design"));
      // The user's own titles alone do not find the English header line.
      expect(readFmeaForm(bytes, "design", mine.titles)).toEqual({
        ok: false,
        problem: { key: "importLevelMismatch" },
      });
      const read = readFmeaForm(bytes, "design", [mine.titles, ...others.map((o) => o.titles)]);
      if (!read.ok) throw new Error(read.problem.key);
      expect(read.lines[0].cells.status).toBe(en.status.implementationPending);
      const lines = linesInCodes(read.lines, others);
      expect(lines[0].cells.status).toBe("implementationPending");
      const fresh = new Builder("design");
      const root = fresh.run(null, "addRoot", { name: "E-bike" });
      const plan = planFormImport(fresh.doc, root, lines, fresh.ctx, (k) => mine.titles[k] ?? k, mine.status);
      if (!plan.ok) throw new Error(plan.problem.key);
      expect(plan.checks.every((c) => c.problems.length === 0)).toBe(true);
      fresh.apply(plan.ops);
      expect(texts(fresh.doc)).toEqual(texts(doc));
    }
  });

  it("reads a Chinese PFMEA's 4M types for an English user; a cell in no language stays as typed", () => {
    const lines = linesInCodes(
      [
        { line: 5, cells: { lowerType: zhFmea.elements.machine, status: zh.status.completed } },
        { line: 6, cells: { lowerType: "Measurement", status: "" } },
      ],
      [language("zh", "process"), language("es", "process"), language("ja", "process")],
    );
    expect(lines[0].cells).toEqual({ lowerType: "machine", status: "completed" });
    expect(lines[1].cells).toEqual({ lowerType: "Measurement", status: "" });
  });
});

describe("PFMEA import: a 4M type that is none", () => {
  it("is reported with its line and the types there are; that line is not imported", () => {
    const fresh = new Builder("process");
    const root = fresh.run(null, "addRoot", { name: "Housing line" });
    const cells = {
      higherElement: "Housing line",
      focusElement: "OP20 press bearing",
      mode: "Bearing too shallow",
      lowerElement: "Gauge",
      cause: "Gauge drift",
    };
    const plan = planFormImport(
      fresh.doc,
      root,
      [
        { line: 5, cells: { ...cells, lowerType: "Measurement" } },
        { line: 6, cells: { ...cells, lowerType: "" } },
      ],
      fresh.ctx,
      (k) => k,
      en.status,
      enFmea.elements,
    );
    if (!plan.ok) throw new Error(plan.problem.key);
    expect(plan.checks[0].problems).toEqual([
      {
        key: "fmea.importWorkElementType",
        params: { line: 5, value: "Measurement", types: "Man, Machine, Material, Method, Environment" },
      },
    ]);
    // Without a type the line is imported, its work element a machine.
    expect(plan.checks[1].problems).toEqual([]);
    expect(plan.imported).toBe(1);
    fresh.apply(plan.ops);
    const gauge = [...fresh.doc.nodes.values()].find((n) => n.name === "Gauge");
    expect(gauge?.elementType).toBe("machine");
  });
});
