// The basic-information tab's pure parts: the header form checked by the stored header's schema (its messages
// per field) and the counts of what the analysis holds.
import { describe, expect, it } from "vitest";
import {
  checkDocument,
  checkPlanning,
  configChoices,
  configIdOf,
  counselorText,
  documentFormOf,
  fmeaCounts,
  formOf,
  parseCounselors,
} from "../../../../src/app/features/fmea/dashboard.ts";
import type { FmeaNode } from "../../../../src/shared/fmea/model.ts";
import { docOf } from "../../../../src/shared/fmea/tree.ts";
import type { FmeaConfig } from "../../../../src/shared/schemas/fmea.ts";

const node = (id: string, kind: FmeaNode["kind"], parentId: string | null, attrs = {}): FmeaNode => ({
  id,
  kind,
  parentId,
  elementType: kind === "stru" ? "system" : null,
  name: id,
  ord: 0,
  hidden: false,
  attrs,
  version: 1,
});

describe("planning header form", () => {
  it("round-trips a stored header and stores empty dates as none", () => {
    const form = formOf({ company: "ACME", startDate: "2026-01-05" });
    expect(form.company).toBe("ACME");
    expect(form.revisionDate).toBe("");
    const checked = checkPlanning(form);
    expect(checked.ok && checked.planning).toMatchObject({
      company: "ACME",
      startDate: "2026-01-05",
      revisionDate: null,
    });
  });

  it("names the field at fault with the rule's message key", () => {
    const bad = checkPlanning({ ...formOf(undefined), startDate: "5.1.2026", company: "x".repeat(151) });
    expect(bad.ok).toBe(false);
    if (bad.ok) return;
    expect(bad.problems).toEqual({ startDate: "fmea.dateInvalid", company: "tooLong" });
  });

  it("refuses a revision before the start", () => {
    const bad = checkPlanning({ ...formOf(undefined), startDate: "2026-03-01", revisionDate: "2026-02-28" });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.problems).toEqual({ revisionDate: "fmea.revisionBeforeStart" });
    expect(
      checkPlanning({ ...formOf(undefined), startDate: "2026-03-01", revisionDate: "2026-03-01" }).ok,
    ).toBe(true);
  });
});

describe("counts", () => {
  it("counts each kind once and open actions by their status", () => {
    const doc = docOf({
      variant: "design",
      nodes: [
        node("s1", "stru", null),
        node("s2", "stru", "s1"),
        node("f1", "func", "s1"),
        node("f2", "func", "s2"),
        node("c1", "prod", "s2"),
        node("e1", "fail", "f1"),
        node("m1", "fail", "f2"),
        node("x1", "fail", "f2"),
        node("p1", "preMeas", "m1"),
        node("d1", "findMeas", "m1"),
        node("a1", "optMeas", "m1", { status: { status: "open" } }),
        node("a2", "optMeas", "m1", { status: { status: "completed" } }),
        node("a3", "optMeas", "m1"),
        node("a4", "optMeas", "m1", { status: { status: "notImplemented" } }),
      ],
      links: [{ id: "l1", kind: "failure", from: "e1", to: "m1" }],
    });
    expect(fmeaCounts(doc)).toEqual({
      structureElements: 2,
      functions: 2,
      characteristics: 1,
      failures: 3,
      linkedFailures: 2,
      measures: 2,
      actions: 4,
      openActions: 2,
    });
  });
});

describe("configuration choice", () => {
  const config = (id: number, name: string, enabled: boolean): FmeaConfig => ({
    id,
    variant: "design",
    name,
    enabled,
    compilerUserId: 1,
    compilerName: "",
    settings: {},
    version: 1,
    createdAt: "2026-01-01T00:00:00.000Z",
    updatedAt: "2026-01-01T00:00:00.000Z",
  });
  const list = [config(3, "Old scales", false), config(7, "Brake scales", true), config(5, "Alpha", false)];

  it("offers the variant's enabled one first, then the enabled configuration; disabled ones cannot be chosen", () => {
    const choices = configChoices(list, null);
    expect(choices.map((c) => [c.value, c.disabled, c.current])).toEqual([
      ["", false, true],
      ["7", false, false],
      ["5", true, false],
      ["3", true, false],
    ]);
  });

  it("keeps the disabled configuration the FMEA already uses choosable", () => {
    const choices = configChoices(list, 3);
    expect(choices.find((c) => c.value === "3")).toMatchObject({
      disabled: false,
      current: true,
      enabled: false,
    });
    expect(choices.find((c) => c.value === "5")?.disabled).toBe(true);
    expect(choices[0].current).toBe(false);
  });

  it("keeps a configuration the list lacks (deleted or unreadable) as a line of its own", () => {
    const choices = configChoices([], 9);
    expect(choices.map((c) => [c.value, c.name, c.disabled])).toEqual([
      ["", null, false],
      ["9", null, false],
    ]);
  });

  it("stores no id for the enabled one", () => {
    expect(configIdOf("")).toBeNull();
    expect(configIdOf("12")).toBe(12);
  });
});

describe("counselors (spec 3's counselorUserId) by user name", () => {
  const directory = [
    { userId: 4, userName: "li.wei" },
    { userId: 9, userName: "Ana" },
  ];

  it("shows the stored ids as user names, an id the directory lacks as #id", () => {
    expect(counselorText([9, 4, 77], directory)).toBe("Ana, li.wei, #77");
    expect(counselorText([], directory)).toBe("");
  });

  it("reads names separated by commas, semicolons or lines, ignoring case, each once; #id as it is", () => {
    expect(parseCounselors(" LI.WEI ; ana,\n#77, li.wei ,", directory)).toEqual({
      ok: true,
      ids: [4, 9, 77],
    });
    expect(parseCounselors("", directory)).toEqual({ ok: true, ids: [] });
    // What is shown reads back as what is stored.
    expect(parseCounselors(counselorText([9, 4, 77], directory), directory)).toEqual({
      ok: true,
      ids: [9, 4, 77],
    });
  });

  it("answers the first name no user has", () => {
    expect(parseCounselors("Ana, Bob, Carol", directory)).toEqual({ ok: false, unknown: "Bob" });
    expect(parseCounselors("#x1", directory)).toEqual({ ok: false, unknown: "#x1" });
  });
});

describe("the FMEA record's own fields (spec 3)", () => {
  it("reads the record's name, object and languages, English where a language is missing or unknown", () => {
    expect(
      documentFormOf({
        name: "Brake",
        body: { objectNumber: "B-7", objectName: "Caliper", fmeaLanguage: "zh" },
      }),
    ).toEqual({
      name: "Brake",
      objectNumber: "B-7",
      objectName: "Caliper",
      fmeaLanguage: "zh",
      pageLanguage: "en",
    });
    expect(documentFormOf({ name: "x", body: { pageLanguage: "xx" } }).pageLanguage).toBe("en");
  });

  it("checks them by the stored rules: a name required and at most 150, the object at most 100 and 150", () => {
    const form = documentFormOf({ name: "  Brake  ", body: {} });
    expect(checkDocument(form)).toEqual({
      ok: true,
      name: "Brake",
      body: { objectNumber: "", objectName: "", fmeaLanguage: "en", pageLanguage: "en" },
    });
    expect(checkDocument({ ...form, name: " " })).toEqual({ ok: false, problems: { name: "nameRequired" } });
    expect(checkDocument({ ...form, name: "n".repeat(151), objectNumber: "9".repeat(101) })).toEqual({
      ok: false,
      problems: { name: "nameTooLong", objectNumber: "tooLong" },
    });
  });
});
