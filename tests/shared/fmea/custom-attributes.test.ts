// The configuration's custom attributes in the form (issue 18): a column per attribute on a kind of node a
// line has, each value typed by its attribute's type (number, date, choice, text) with its message, stored on
// the line's node that holds it (the failure mode, its function or characteristic, the focus element, the
// action), where the attribute dialog stores it, and written to the workbook under the attribute's label.
import * as XLSX from "@e965/xlsx";
import { describe, expect, it } from "vitest";
import en from "../../../locales/en/fmeatable.json";
import { linkNodes } from "../../../src/shared/fmea/actions.ts";
import { type CustomAttribute, customAttributeSchema } from "../../../src/shared/fmea/config.ts";
import { appliesTo, attributesOf, parseAttribute } from "../../../src/shared/fmea/custom-attributes.ts";
import {
  attributeColumns,
  cellOps,
  columnValue,
  type EditContext,
  formColumns,
  formRows,
} from "../../../src/shared/fmea/form.ts";
import { applyOps, dataOf, type FmeaDoc, type FmeaOp } from "../../../src/shared/fmea/tree.ts";
import { writeFmeaWorkbook } from "../../../src/shared/fmea/xlsx.ts";
import { designTree } from "./build.ts";

const attribute = (a: Partial<CustomAttribute> & Pick<CustomAttribute, "key" | "type">): CustomAttribute =>
  customAttributeSchema.parse({ label: a.key, ...a });

const COST = attribute({ key: "cost", label: "Cost", type: "number", kinds: ["fail"] });
const REVIEW = attribute({ key: "review", label: "Review date", type: "date", kinds: ["fail"] });
const DEPT = attribute({ key: "dept", label: "Department", type: "choice", choices: ["Design", "Quality"] });
const STATION = attribute({ key: "station", label: "Station", type: "text", kinds: ["stru"] });
const VERIFIED = attribute({ key: "verified", label: "Verified by", type: "text", kinds: ["optMeas"] });
/** On interfaces only: no line of the form has one. */
const PORT = attribute({ key: "port", label: "Port", type: "text", kinds: ["api"] });
const ALL = [COST, REVIEW, DEPT, STATION, VERIFIED, PORT];

function ok(result: { ok: true; ops: FmeaOp[] } | { ok: false; problem: unknown }): FmeaOp[] {
  if (!result.ok) throw new Error(JSON.stringify(result.problem));
  return result.ops;
}

function chain() {
  const t = designTree();
  const { b } = t;
  b.apply(ok(linkNodes(b.doc, b.ctx, "failure", t.fe, t.fm)));
  b.apply(ok(linkNodes(b.doc, b.ctx, "failure", t.fm, t.fc)));
  return t;
}

function type(doc: FmeaDoc, key: string, input: string, ctx: EditContext): FmeaDoc {
  const applied = applyOps(doc, ok(cellOps(doc, formRows(doc)[0], `attr.${key}`, input, ctx)));
  if (!applied.ok) throw new Error(JSON.stringify(applied));
  return applied.doc;
}

describe("custom attribute values", () => {
  it("are typed by their attribute's type: numbers, dates, choices, text; empty clears", () => {
    expect(parseAttribute(COST, " 12.5 ")).toEqual({ ok: true, value: 12.5 });
    expect(parseAttribute(COST, "-3e2")).toEqual({ ok: true, value: -300 });
    expect(parseAttribute(COST, "")).toEqual({ ok: true, value: null });
    expect(parseAttribute(COST, "12,5")).toEqual({
      ok: false,
      problem: { key: "fmea.attributeNumber", params: { label: "Cost", value: "12,5" } },
    });
    expect(parseAttribute(COST, "Infinity")).toMatchObject({ ok: false });
    expect(parseAttribute(REVIEW, "2027-02-28")).toEqual({ ok: true, value: "2027-02-28" });
    expect(parseAttribute(REVIEW, "28.02.2027")).toEqual({
      ok: false,
      problem: { key: "fmea.dateInvalid", params: { value: "28.02.2027" } },
    });
    // A choice is found in either case and stored as the configuration spells it.
    expect(parseAttribute(DEPT, "quality")).toEqual({ ok: true, value: "Quality" });
    expect(parseAttribute(DEPT, "Sales")).toEqual({
      ok: false,
      problem: {
        key: "fmea.attributeChoice",
        params: { label: "Department", value: "Sales", choices: "Design, Quality" },
      },
    });
    expect(parseAttribute(STATION, "x".repeat(4001))).toEqual({ ok: false, problem: { key: "tooLong" } });
  });

  it("an attribute naming no node types is on every node; the others on theirs", () => {
    expect(appliesTo(DEPT, "api")).toBe(true);
    expect(appliesTo(STATION, "stru")).toBe(true);
    expect(appliesTo(STATION, "fail")).toBe(false);
    expect(attributesOf(ALL, "fail").map((a) => a.key)).toEqual(["cost", "review", "dept"]);
    // Stored settings without node types read as every type.
    expect(customAttributeSchema.parse({ key: "a", label: "A", type: "text" }).kinds).toEqual([]);
  });
});

describe("custom attributes as form columns", () => {
  it("one column per attribute a line's nodes can have, after form A's", () => {
    const columns = formColumns("design", { attributes: ALL });
    const keys = columns.map((c) => c.key);
    expect(keys.slice(-5)).toEqual([
      "attr.cost",
      "attr.review",
      "attr.dept",
      "attr.station",
      "attr.verified",
    ]);
    expect(keys.indexOf("remarks")).toBe(keys.length - 6);
    expect(keys).not.toContain("attr.port");
    expect(
      formColumns("process", { attributes: ALL })
        .map((c) => c.key)
        .slice(-5),
    ).toEqual(attributeColumns(ALL).map((c) => c.key));
    expect(attributeColumns(ALL).map((c) => c.attribute?.label)).toEqual([
      "Cost",
      "Review date",
      "Department",
      "Station",
      "Verified by",
    ]);
  });

  it("a cell edits the attribute on the line's node that holds it, the node the attribute dialog edits", () => {
    const t = chain();
    const ctx: EditContext = { newId: t.b.ctx.newId, customAttributes: ALL };
    let doc = type(t.b.doc, "cost", "1250", ctx);
    doc = type(doc, "dept", "design", ctx);
    doc = type(doc, "station", "ST-40", ctx);
    // On the failure mode (fail), on the mode too (every type: the line's focus first), on its focus element.
    expect(doc.nodes.get(t.fm)?.attrs.customAttr).toEqual({ cost: 1250, dept: "Design" });
    expect(doc.nodes.get(t.subsystem)?.attrs.customAttr).toEqual({ station: "ST-40" });
    const columns = formColumns("design", { attributes: ALL });
    const at = (key: string) => columns.find((c) => c.key === `attr.${key}`);
    const row = formRows(doc)[0];
    expect(columnValue(row, at("cost") ?? columns[0])).toBe("1250");
    expect(columnValue(row, at("station") ?? columns[0])).toBe("ST-40");
    // Refused with its message, nothing changed; an action's attribute waits for an action.
    expect(cellOps(doc, row, "attr.cost", "twelve", ctx)).toEqual({
      ok: false,
      problem: { key: "fmea.attributeNumber", params: { label: "Cost", value: "twelve" } },
    });
    expect(cellOps(doc, row, "attr.verified", "Ann", ctx)).toEqual({
      ok: false,
      problem: { key: "fmea.attributeNoNode", params: { label: "Verified by", kinds: "optMeas" } },
    });
    // The same value again sends nothing; an attribute the configuration no longer has cannot be typed.
    expect(cellOps(doc, row, "attr.cost", "1250.0", ctx)).toEqual({ ok: true, ops: [] });
    expect(cellOps(doc, row, "attr.gone", "1", ctx)).toMatchObject({ ok: false });
    doc = type(doc, "cost", "", ctx);
    expect(doc.nodes.get(t.fm)?.attrs.customAttr?.cost).toBeNull();
  });

  it("are written to the workbook under their labels", () => {
    const t = chain();
    const ctx: EditContext = { newId: t.b.ctx.newId, customAttributes: ALL };
    const doc = type(type(t.b.doc, "cost", "99.5", ctx), "station", "ST-40", ctx);
    const bytes = writeFmeaWorkbook({
      data: dataOf(doc),
      fmeaName: "E-bike",
      fmeaId: "1",
      planning: {},
      labels: {
        columns: en.columns,
        controlPlan: en.controlPlan,
        header: en.export.header,
        sheets: { form: "Form", controlPlan: "Plan", actions: "Actions" },
        status: en.status,
      },
      customAttributes: ALL,
    });
    const sheet = XLSX.read(bytes, { type: "array" }).Sheets.Form;
    const grid = XLSX.utils.sheet_to_json<(string | number | null)[]>(sheet, { header: 1, defval: null });
    const header = grid.findIndex((r) => r.includes("Failure mode (FM)"));
    expect(grid[header].slice(-5)).toEqual(["Cost", "Review date", "Department", "Station", "Verified by"]);
    const line = grid[header + 1];
    expect(line[grid[header].indexOf("Cost")]).toBe("99.5");
    expect(line[grid[header].indexOf("Station")]).toBe("ST-40");
  });
});
