// The FMEA model of spec 3 (codes, tabs) and the configuration rules of spec 4 and 5, and the
// operations' version checks.
import { describe, expect, it } from "vitest";
import {
  defaultScales,
  fmeaSettingsSchema,
  specialCharacteristicSchema,
} from "../../../src/shared/fmea/config.ts";
import {
  ALLOWED_TABS,
  ATTRIBUTE_TABS,
  fmeaNodeSchema,
  NODE_KINDS,
  NODE_TYPES,
  planningSchema,
  STRUCTURE_TYPES,
  TAB_FIELDS,
} from "../../../src/shared/fmea/model.ts";
import { applyOps, opsSchema } from "../../../src/shared/fmea/tree.ts";
import { designTree } from "./build.ts";

describe("spec 3's codes and tabs", () => {
  it("node types and structure element types carry spec 3's codes", () => {
    expect(NODE_TYPES).toEqual({
      stru: "01",
      func: "02",
      prod: "03",
      fail: "04",
      cMeas: "05",
      optMeas: "06",
      measGroup: "07",
      preMeas: "08",
      findMeas: "09",
      api: "10",
      procSpec: "11",
      check: "12",
      controlMethod: "13",
      responsePlan: "14",
    });
    expect(STRUCTURE_TYPES).toEqual({
      procItem: "01",
      procStep: "02",
      man: "03",
      machine: "04",
      material: "05",
      method: "06",
      environments: "07",
      check: "08",
    });
  });

  it("a failure opens exactly spec 3's tabs; every type has a list of known tabs starting with name", () => {
    expect(ALLOWED_TABS.fail).toEqual([
      "name",
      "excelOutputSetting",
      "customAttr",
      "assessments",
      "featureClassify",
      "des",
      "about",
    ]);
    for (const kind of NODE_KINDS) {
      expect(ALLOWED_TABS[kind][0]).toBe("name");
      for (const tab of ALLOWED_TABS[kind]) expect(ATTRIBUTE_TABS).toContain(tab);
      expect(new Set(ALLOWED_TABS[kind]).size).toBe(ALLOWED_TABS[kind].length);
    }
    // Every tab is used by some type.
    for (const tab of ATTRIBUTE_TABS)
      expect(
        NODE_KINDS.some((k) => ALLOWED_TABS[k].includes(tab)),
        tab,
      ).toBe(true);
  });

  it("node and planning schemas refuse what cannot be stored and default the rest", () => {
    expect(
      fmeaNodeSchema.safeParse({ id: "a b", parentId: null, kind: "stru", name: "x", ord: 0 }).success,
    ).toBe(false);
    const node = fmeaNodeSchema.parse({
      id: "a",
      parentId: null,
      kind: "stru",
      elementType: "system",
      name: "x",
      ord: 0,
    });
    expect(node).toMatchObject({ hidden: false, attrs: {}, version: 1 });
    const tooLong = fmeaNodeSchema.safeParse({
      id: "a",
      parentId: null,
      kind: "func",
      name: "x".repeat(501),
      ord: 0,
    });
    expect(tooLong.error?.issues[0].message).toBe("tooLong");
    const planning = planningSchema.parse({ company: "ACME", startDate: "2026-01-05" });
    expect(planning).toMatchObject({
      company: "ACME",
      startDate: "2026-01-05",
      revisionDate: null,
      intent: "",
    });
    expect(planningSchema.safeParse({ startDate: "5.1.2026" }).success).toBe(false);
  });
});

describe("configurations (spec 4, 5)", () => {
  it("defaults to the AIAG-VDA scales: severity, occurrence, detection each 10 down to 1", () => {
    const settings = fmeaSettingsSchema("design").parse({});
    for (const scale of [settings.severity, settings.occurrence, settings.detection])
      expect(scale.map((r) => r.rating)).toEqual([10, 9, 8, 7, 6, 5, 4, 3, 2, 1]);
    expect(settings.severity).toEqual(defaultScales("design").severity);
    expect(fmeaSettingsSchema("process").parse({}).severity).toEqual(defaultScales("process").severity);
    expect(settings.specialCharacteristics.map((c) => c.markingName)).toEqual(["CC", "SC"]);
  });

  it("a scale needs each rating 1 to 10 once; ratings outside 1 to 10 answer spec 8's O and D message", () => {
    const scale = defaultScales("design").occurrence;
    const twice = scale.map((r) => (r.rating === 1 ? { ...r, rating: 2 } : r));
    expect(fmeaSettingsSchema("design").safeParse({ occurrence: twice }).error?.issues[0].message).toBe(
      "fmea.scaleRatings",
    );
    const eleven = scale.map((r) => (r.rating === 10 ? { ...r, rating: 11 } : r));
    expect(fmeaSettingsSchema("design").safeParse({ detection: eleven }).error?.issues[0].message).toBe(
      "oAndDRange",
    );
    expect(
      fmeaSettingsSchema("design").safeParse({ severity: scale.slice(1) }).error?.issues[0].message,
    ).toBe("fmea.scaleRatings");
  });

  it("special characteristic classes: name required, at most 150; marking at most 150; icon at most 2 MB; one of the two", () => {
    const key = (value: unknown) => specialCharacteristicSchema.safeParse(value).error?.issues[0].message;
    const icon = { file: "0f1e2d3c-4b5a-4968-8776-655443322110", bytes: 2 * 1024 * 1024 };
    expect(key({ name: "Critical", markingName: "CC" })).toBeUndefined();
    expect(key({ name: "Critical", icon })).toBeUndefined();
    expect(key({ name: "", markingName: "CC" })).toBe("characteristicNameRequired");
    expect(key({ name: "   ", markingName: "CC" })).toBe("characteristicNameRequired");
    expect(key({ name: "x".repeat(151), markingName: "CC" })).toBe("characteristicNameTooLong");
    expect(key({ name: "x".repeat(150), markingName: "m".repeat(151) })).toBe("markingNameTooLong");
    expect(key({ name: "Critical", icon: { ...icon, bytes: icon.bytes + 1 } })).toBe("iconTooLarge");
    expect(key({ name: "Critical" })).toBe("iconOrMarkingName");
    expect(key({ name: "Critical", markingName: "" })).toBe("iconOrMarkingName");
    const dup = fmeaSettingsSchema("process").safeParse({
      specialCharacteristics: [
        { name: "A", markingName: "A" },
        { name: "A", markingName: "B" },
      ],
    });
    expect(dup.error?.issues[0].message).toBe("fmea.classDuplicate");
  });
});

describe("operations against versions", () => {
  it("edits of different nodes based on one version both apply; a second edit of one node is refused with its value", () => {
    const { b, subsystem, component } = designTree();
    const base = b.doc;
    const sub = base.nodes.get(subsystem);
    const comp = base.nodes.get(component);
    if (!sub || !comp) throw new Error();
    const first = applyOps(base, [
      { op: "update", id: subsystem, base: sub.version, set: { name: "Drive unit" } },
    ]);
    if (!first.ok) throw new Error();
    const second = applyOps(first.doc, [
      { op: "update", id: component, base: comp.version, set: { name: "Hub motor" } },
    ]);
    if (!second.ok) throw new Error();
    expect(second.doc.nodes.get(subsystem)?.name).toBe("Drive unit");
    expect(second.doc.nodes.get(component)?.name).toBe("Hub motor");
    const stale = applyOps(second.doc, [
      { op: "update", id: subsystem, base: sub.version, set: { name: "Gearbox" } },
    ]);
    expect(stale.ok).toBe(false);
    if (stale.ok) return;
    expect(stale.conflicts).toEqual([{ id: subsystem, current: second.doc.nodes.get(subsystem) }]);
  });

  it("a batch is all or nothing, and says where it stopped", () => {
    const { b, system, fSub } = designTree();
    const result = applyOps(b.doc, [
      {
        op: "add",
        node: {
          id: "x1",
          parentId: system,
          kind: "func",
          elementType: null,
          name: "ok",
          ord: 9,
          hidden: false,
          attrs: {},
        },
      },
      {
        op: "add",
        node: {
          id: "x2",
          parentId: fSub,
          kind: "func",
          elementType: null,
          name: "bad",
          ord: 0,
          hidden: false,
          attrs: {},
        },
      },
    ]);
    expect(result.ok ? null : result.problems[0]).toMatchObject({ key: "fmea.pasteLevel", where: [1] });
    expect(b.doc.nodes.has("x1")).toBe(false);
  });

  it("the wire schema refuses unknown operations, bad ids and extra fields in an update", () => {
    expect(opsSchema.safeParse([]).success).toBe(false);
    expect(opsSchema.safeParse([{ op: "rename", id: "a" }]).success).toBe(false);
    expect(opsSchema.safeParse([{ op: "unlink", id: "a/b" }]).success).toBe(false);
    expect(opsSchema.safeParse([{ op: "update", id: "a", base: 1, set: { version: 9 } }]).success).toBe(
      false,
    );
    expect(opsSchema.safeParse([{ op: "update", id: "a", base: 1, set: { name: "b" } }]).success).toBe(true);
  });
});

describe("attribute tabs on a node", () => {
  it("a node keeps its type's tabs only; S, O, D ratings are whole numbers 1 to 10 or empty", () => {
    const { b, fm, fSub } = designTree();
    const fail = b.doc.nodes.get(fm);
    const func = b.doc.nodes.get(fSub);
    if (!fail || !func) throw new Error();
    const set = (id: string, base: number, attrs: object) =>
      applyOps(b.doc, [{ op: "update", id, base, set: { attrs } }]);
    const ok = set(fm, fail.version, {
      assessments: { severity: 8, occurrence: "3", detection: "" },
      des: { description: "Motor stops" },
    });
    expect(ok.ok && ok.doc.nodes.get(fm)?.attrs.assessments).toEqual({
      severity: 8,
      occurrence: "3",
      detection: "",
    });
    for (const bad of [0, 11, 2.5, "x"]) {
      const r = set(fm, fail.version, { assessments: { occurrence: bad } });
      expect(r.ok ? null : r.problems[0]).toMatchObject({
        key: "oAndDRange",
        where: [0, fm, "assessments", "occurrence"],
      });
    }
    const wrongTab = set(fSub, func.version, { assessments: { severity: 5 } });
    expect(wrongTab.ok ? null : wrongTab.problems[0].key).toBe("fmea.tabNotAllowed");
    // An added node is held to the same rules as an updated one.
    const add = (kind: "func" | "fail", attrs: object) =>
      applyOps(b.doc, [
        {
          op: "add",
          node: {
            id: "n-new",
            parentId: kind === "fail" ? fSub : func.parentId,
            kind,
            elementType: null,
            name: "new",
            ord: 9,
            hidden: false,
            attrs,
          },
        },
      ]);
    expect(add("func", { assessments: { severity: 5 } })).toMatchObject({
      ok: false,
      problems: [{ key: "fmea.tabNotAllowed", where: [0, "n-new", "assessments"] }],
    });
    expect(add("fail", { assessments: { detection: 0 } })).toMatchObject({
      ok: false,
      problems: [{ key: "oAndDRange", where: [0, "n-new", "assessments", "detection"] }],
    });
    expect(add("fail", { assessments: { detection: 2 } }).ok).toBe(true);
    for (const kind of NODE_KINDS)
      for (const tab of ALLOWED_TABS[kind]) expect(TAB_FIELDS[tab]).toBeDefined();
  });
});
