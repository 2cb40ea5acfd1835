// The configuration editor's form (issue 17, spec 4 and 5): stored settings shown as the form, the form checked
// by the stored settings' own schema with each problem at its field, and a form that passes stored unchanged.
import { describe, expect, it } from "vitest";
import {
  type ConfigForm,
  checkConfigForm,
  defaultScale,
  emptyAttribute,
  emptyClass,
  formOfConfig,
  isUnsaved,
  keyFromLabel,
  sectionOf,
  settingsOfForm,
  without,
} from "../../../../src/app/features/fmea/config-form.ts";
import { defaultScales, fmeaSettingsSchema } from "../../../../src/shared/fmea/config.ts";

const fresh = (variant: "design" | "process" = "design"): ConfigForm =>
  formOfConfig({ name: "Plant scales", settings: {} }, variant);

const problems = (form: ConfigForm, variant: "design" | "process" = "design") => {
  const checked = checkConfigForm(form, variant);
  return checked.ok ? {} : Object.fromEntries(checked.problems);
};

describe("configuration form", () => {
  it("shows a configuration stored without settings as the variant's AIAG-VDA defaults, 10 down to 1", () => {
    const design = fresh("design");
    const process = fresh("process");
    expect(design.severity.map((r) => r.rating)).toEqual([10, 9, 8, 7, 6, 5, 4, 3, 2, 1]);
    expect(design.severity).toEqual(defaultScales("design").severity);
    expect(process.severity).toEqual(defaultScales("process").severity);
    expect(design.severity).not.toEqual(process.severity);
    expect(design.classes.map((c) => c.markingName)).toEqual(["CC", "SC"]);
    expect(design.excelTabs).toEqual(["name"]);
    expect(design.mergeCells).toBe(true);
  });

  it("shows stored rows in rating order whatever order they were stored in", () => {
    const stored = [...defaultScales("design").detection].reverse();
    const form = formOfConfig({ name: "x", settings: { detection: stored } }, "design");
    expect(form.detection.map((r) => r.rating)).toEqual([10, 9, 8, 7, 6, 5, 4, 3, 2, 1]);
  });

  it("a form that passes is stored as the settings it shows, and read back the same", () => {
    const form = fresh("process");
    form.severity[0] = { rating: 10, criteria: "Injury to the operator." };
    form.classes.push({ name: "Fit and function", markingName: "FF", icon: null });
    form.classes.push({
      name: "Customer flag",
      markingName: "",
      icon: { file: "0f1e2d3c-4b5a-4968-8776-655443322110", bytes: 2048 },
    });
    form.attributes.push({
      label: "Cost centre",
      key: "",
      type: "choice",
      choices: "A\n\n B \n",
      kinds: ["fail", "stru"],
    });
    form.excelTabs = ["des", "name"];
    form.mergeCells = false;
    const checked = checkConfigForm(form, "process");
    if (!checked.ok) throw new Error(JSON.stringify([...checked.problems]));
    expect(checked.name).toBe("Plant scales");
    expect(checked.settings.customAttributes).toEqual([
      {
        key: "costCentre",
        label: "Cost centre",
        type: "choice",
        choices: ["A", "B"],
        kinds: ["fail", "stru"],
      },
    ]);
    // The tabs in the order of the attribute tabs.
    expect(checked.settings.excelOutput).toEqual({ tabs: ["name", "des"], mergeCells: false });
    const again = formOfConfig({ name: checked.name, settings: checked.settings }, "process");
    expect(again.severity).toEqual(form.severity);
    expect(again.classes).toEqual(form.classes);
    expect(again.attributes[0].kinds).toEqual(["fail", "stru"]);
    expect(checkConfigForm(again, "process")).toEqual(checked);
    // What is sent is what the server's schema keeps.
    expect(fmeaSettingsSchema("process").parse(settingsOfForm(again))).toEqual(checked.settings);
  });

  it("names each refused field with spec 5's message: class name, marking name, icon or marking", () => {
    const form = fresh();
    form.classes[0] = { name: "", markingName: "CC", icon: null };
    form.classes[1] = { name: "Significant", markingName: "", icon: null };
    form.classes.push({ name: "x".repeat(151), markingName: "m".repeat(151), icon: null });
    expect(problems(form)).toEqual({
      "classes.0.name": "characteristicNameRequired",
      "classes.1.markingName": "iconOrMarkingName",
      "classes.2.name": "characteristicNameTooLong",
      "classes.2.markingName": "markingNameTooLong",
    });
    const icon = fresh();
    icon.classes[0].icon = { file: "0f1e2d3c-4b5a-4968-8776-655443322110", bytes: 2 * 1024 * 1024 + 1 };
    expect(problems(icon)).toEqual({ "classes.0.icon": "iconTooLarge" });
    expect(sectionOf("classes.0.icon")).toBe("classes");
  });

  it("a scale's rating outside 1 to 10 has its column's message: S for severity, O and D for the others", () => {
    for (const [scale, key] of [
      ["severity", "fmea.severityRange"],
      ["occurrence", "oAndDRange"],
      ["detection", "oAndDRange"],
    ] as const) {
      const rows = defaultScales("design")[scale].map((r) => ({ ...r }));
      rows[0].rating = 11;
      const parsed = fmeaSettingsSchema("design").safeParse({ [scale]: rows });
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues.map((i) => [i.path.join("."), i.message])).toContainEqual([
        `${scale}.0.rating`,
        key,
      ]);
    }
  });

  it("names the configuration's name, criteria, duplicate classes and attribute keys", () => {
    const form = fresh();
    form.name = "  ";
    form.occurrence[3] = { ...form.occurrence[3], criteria: "c".repeat(2001) };
    form.classes[1].name = form.classes[0].name;
    form.attributes = [
      { label: "Owner", key: "9lives", type: "text", choices: "", kinds: [] },
      { label: "", key: "", type: "text", choices: "", kinds: [] },
    ];
    expect(problems(form)).toEqual({
      name: "nameRequired",
      "occurrence.3.criteria": "tooLong",
      classes: "fmea.classDuplicate",
      "attributes.0.key": "fmea.attributeKey",
      "attributes.1.key": "fmea.attributeKey",
      "attributes.1.label": "nameRequired",
    });
    expect(sectionOf("occurrence.3.criteria")).toBe("occurrence");
    expect(sectionOf("name")).toBeNull();
    form.name = "n".repeat(151);
    expect(problems(form).name).toBe("nameTooLong");
    const twice = fresh();
    twice.attributes = [
      { label: "Owner", key: "", type: "text", choices: "", kinds: [] },
      { label: "owner", key: "", type: "number", choices: "", kinds: [] },
    ];
    expect(problems(twice)).toEqual({ attributes: "fmea.attributeDuplicate" });
  });

  it("makes attribute keys from labels", () => {
    expect(keyFromLabel("Cost centre")).toBe("costCentre");
    expect(keyFromLabel("  2nd supplier  (EU) ")).toBe("ndSupplierEu");
    expect(keyFromLabel("Prüfmittel-Nr.")).toBe("prufmittelNr");
    expect(keyFromLabel("检查")).toBe("");
    expect(keyFromLabel("a".repeat(60))).toHaveLength(40);
  });

  it("restores a scale's defaults; knows when the form differs from what it opened with", () => {
    const form = fresh("process");
    const baseline = structuredClone(form);
    expect(isUnsaved(null, form)).toBe(false);
    expect(isUnsaved(baseline, form)).toBe(false);
    form.detection[0] = { rating: 10, criteria: "No check." };
    expect(isUnsaved(baseline, form)).toBe(true);
    form.detection = defaultScale("process", "detection");
    expect(isUnsaved(baseline, form)).toBe(false);
    expect(without([emptyClass(), { ...emptyClass(), name: "B" }], 0)).toEqual([
      { ...emptyClass(), name: "B" },
    ]);
    expect(emptyAttribute().type).toBe("text");
  });
});
