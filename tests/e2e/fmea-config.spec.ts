// Issue 18, the FMEA configuration in the risk table, by keyboard alone: a PFMEA whose configuration has its
// own special characteristic classes (Safety "S", Fit and function "FF") and Excel output settings (the
// description tab as a further column). The effect rated on the three severity columns (S the highest), a
// class typed by its mark and one refused that the configuration lacks, the table filtered by class, the
// control plan showing the class, a work element left out of the export in its attributes, the mark in the
// structure tree, and the workbook read back here. The FMEA and its configuration are stored through REST
// (the tree screens that build one by keyboard are issue 17's spec); everything on screen is keys.
import { readFileSync } from "node:fs";
import * as XLSX from "@e965/xlsx";
import { expect, test } from "@playwright/test";
import { createFmea, enter, fmeaOps, formCell, press, settled, tokenOf } from "./support/fmea.ts";
import {
  api,
  expectRoute,
  pointerEvents,
  reloadAnsweringLeave,
  runFromPalette,
  shot,
  signInNewOwner,
  typeInto,
} from "./support/shell.ts";

const PASSWORD = "Fmea#2026x";

let { add, link } = fmeaOps();
const cell = formCell;

test("PFMEA on its configuration: three severities, classes by mark, filter, control plan, Excel output", async ({
  page,
  request,
}, info) => {
  test.setTimeout(240_000);
  const errors = await signInNewOwner(page, request, "fmcfg", PASSWORD);
  const token = await tokenOf(page);
  // The configuration, enabled while the FMEA is made to reference it, then disabled again: the FMEA keeps
  // it (its compiler reads it), and no other FMEA of this run falls back on it.
  const config = await api<{ id: number }>(request, token, "POST", "/epfe/configs", {
    name: "Plant classes",
    settings: {
      specialCharacteristics: [
        { name: "Safety", markingName: "S" },
        { name: "Fit and function", markingName: "FF" },
      ],
      excelOutput: { tabs: ["name", "des"], mergeCells: true },
    },
  });
  await api(request, token, "PUT", `/epfe/configs/${config.id}/enable`);
  const created = await api<{ id: number }>(request, token, "POST", "/epfe/analyses", {
    name: "Housing line PFMEA",
    body: { configId: config.id },
  });
  await api(request, token, "PUT", `/epfe/configs/${config.id}/disable`);
  ({ add, link } = fmeaOps());
  await api(request, token, "POST", `/epfe/analyses/${created.id}/ops`, {
    ops: [
      add("item", null, "stru", "Housing line", "procItem"),
      add("fItem", "item", "func", "Sealed housing"),
      add("fe", "fItem", "fail", "Leak at customer"),
      add("op20", "item", "stru", "OP20 press bearing", "procStep"),
      add("depth", "op20", "prod", "Bearing depth"),
      add("fm", "depth", "fail", "Bearing too shallow", null, {
        des: { description: "Depth below 11.9 mm" },
      }),
      add("press", "op20", "stru", "Press 40 t", "machine"),
      add("force", "press", "procSpec", "Press force"),
      add("fc1", "force", "fail", "Force too low"),
      add("man", "op20", "stru", "Operator", "man"),
      add("fMan", "man", "func", "Load the part"),
      add("fc2", "fMan", "fail", "Part tilted"),
      link("l1", "fe", "fm"),
      link("l2", "fm", "fc1"),
      link("l3", "fm", "fc2"),
    ],
  });

  await page.goto(`/#/pFmeaTree?fmeaId=${created.id}`);
  await expect(page.locator("[data-fmea-pane=left]")).toBeFocused();
  await runFromPalette(page, "FMEA table", /FMEA table/);
  await expectRoute(page, "/pFmeaTable");
  await expect(page.getByTestId("fmea-table-count")).toHaveText("2 of 2 lines");
  await expect(cell(page, 0, "higherElement")).toBeFocused();

  // The effect on three columns: plant 5, end user 9; S is 9 on both lines of the mode.
  await press(page, "ArrowRight", 8);
  await expect(cell(page, 0, "severityPlant")).toBeFocused();
  await enter(page, "5");
  await expect(cell(page, 0, "severity")).toHaveText("5");
  // The rating hint follows the focused cell: a rated one shows its criteria (both lines share the effect), an
  // empty one the scale's two ends.
  const hint = page.getByTestId("fmea-rating-hint");
  await expect(hint).toHaveText(
    "Severity (S) 5: Part of the run scrapped or sorted, or degradation of a secondary function.",
  );
  await press(page, "ArrowUp");
  await press(page, "ArrowRight", 2);
  await expect(cell(page, 0, "severityEndUser")).toBeFocused();
  await expect(hint).toContainText("Severity (S), 1 to 10. 10: Health or safety risk to the worker");
  await shot(page, "fmea-config-rating-hint");
  await enter(page, "9");
  await expect(cell(page, 0, "severity")).toHaveText("9");
  await expect(cell(page, 1, "severity")).toHaveText("9");
  await settled(page);
  // S itself follows the columns: another S is refused with the message, the typed text kept.
  await press(page, "ArrowUp");
  await press(page, "ArrowRight");
  await expect(cell(page, 0, "severity")).toBeFocused();
  await enter(page, "3");
  await expect(cell(page, 0, "severity")).toHaveClass(/sheet-invalid/);
  await press(page, "ArrowUp");
  await expect(page.locator(".fmea-form-sheet .data-sheet-message")).toHaveText(
    "S is the highest of the plant, ship-to plant and end-user severities: rate those columns.",
  );
  await shot(page, "fmea-config-severity-refused");
  // Cleared, the cell shows the S of the columns again.
  await page.keyboard.press("Delete");
  await expect(cell(page, 0, "severity")).toHaveText("9");
  await expect(cell(page, 0, "severity")).not.toHaveClass(/sheet-invalid/);
  // O 4 and D 5 on the first cause: AP H.
  await press(page, "ArrowRight", 4);
  await expect(cell(page, 0, "occurrence")).toBeFocused();
  await enter(page, "4");
  await press(page, "ArrowUp");
  await press(page, "ArrowRight", 2);
  await enter(page, "5");
  await expect(cell(page, 0, "ap")).toHaveText("H");
  await settled(page);

  // Special characteristics: typed by the mark, shown by the mark; a class the configuration lacks is refused.
  await press(page, "ArrowUp");
  await press(page, "ArrowRight", 2);
  await expect(cell(page, 0, "special")).toBeFocused();
  await enter(page, "ff");
  await expect(cell(page, 0, "special")).toHaveText("FF");
  await expect(cell(page, 1, "special")).toBeFocused();
  await enter(page, "CC");
  await expect(cell(page, 1, "special")).toHaveClass(/sheet-invalid/);
  await expect(page.locator(".fmea-form-sheet .data-sheet-message")).toHaveText(
    "'CC' is no special characteristic class of this FMEA's configuration (S, FF).",
  );
  await shot(page, "fmea-config-class-refused");
  // The mark belongs to the mode, so both lines of "Bearing too shallow" show the class typed last.
  await enter(page, "Safety");
  await expect(cell(page, 1, "special")).toHaveText("S");
  await expect(cell(page, 0, "special")).toHaveText("S");
  await settled(page);
  await shot(page, "fmea-config-table");

  // The filter lists the configuration's classes: Safety keeps both lines, Fit and function none.
  await page.keyboard.press("Alt+k");
  const filters = page.locator("[data-fmea-filters]");
  await expect(filters.locator("select").first()).toBeFocused();
  await press(page, "Tab", 4);
  // AP, S at least, status, then (after the responsible field) the special characteristic.
  const special = filters.locator("select").nth(3);
  await expect(special).toBeFocused();
  await expect(special.locator("option")).toHaveText([
    "All",
    "Any marked",
    "S - Safety",
    "FF - Fit and function",
  ]);
  await press(page, "ArrowDown", 3);
  await expect(special).toHaveValue("Fit and function");
  await expect(page.getByTestId("fmea-table-count")).toHaveText("0 of 2 lines");
  await page.keyboard.press("ArrowUp");
  await expect(special).toHaveValue("Safety");
  await expect(page.getByTestId("fmea-table-count")).toHaveText("2 of 2 lines");
  await shot(page, "fmea-config-filter");
  await runFromPalette(page, "Clear the table's filters", /Clear the table/);
  await expect(special).toHaveValue("");

  // The control plan shows the class of the characteristic's failure mode, by its mark.
  await page.keyboard.press("Alt+Shift+C");
  const plan = page.getByTestId("fmea-control-plan");
  const at = (row: number, key: string) =>
    plan.locator(`.ag-row[row-index="${row}"] .ag-cell[col-id="${key}"]`);
  await expect(at(0, "product")).toHaveText("Bearing depth");
  await expect(at(0, "specialClass")).toHaveText("S");
  await shot(page, "fmea-config-control-plan");

  // In the structure tree: the mark beside the mode, and the operator left out of the export in its
  // attributes (Excel output: no).
  await runFromPalette(page, "Structure tree", /Structure tree/);
  await expectRoute(page, "/pFmeaTree");
  await expect(page.locator("[data-fmea-pane=left]")).toBeFocused();
  const selectedName = (pane: string) =>
    page.locator(`[data-fmea-pane=${pane}] [aria-selected=true] .fmea-name`).textContent();
  // The structure tree keeps the element selected before (the process item, selected on loading).
  await page.keyboard.press("ArrowDown");
  await expect.poll(() => selectedName("left")).toBe("OP20 press bearing");
  // Tab to the function and failure tree: the first arrow selects its first line, the next the failure.
  await page.keyboard.press("Tab");
  await press(page, "ArrowDown", 2);
  await expect.poll(() => selectedName("right")).toBe("Bearing too shallow");
  await expect(
    page.locator("[data-fmea-pane=right] [aria-selected=true] [data-testid=fmea-special]"),
  ).toHaveText("S");
  // Its special characteristic tab offers the configuration's classes.
  await page.keyboard.press("Alt+Enter");
  const dialog = page.getByTestId("fmea-attributes");
  await expect(dialog.getByRole("textbox", { name: "Name" })).toBeFocused();
  await page.keyboard.press("Shift+Tab");
  await press(page, "ArrowRight", 4);
  await expect(dialog.getByRole("tab", { name: "Special characteristic" })).toBeFocused();
  await page.keyboard.press("Tab");
  const classField = dialog.getByLabel("Class");
  await expect(classField).toBeFocused();
  await expect(classField).toHaveValue("Safety");
  await expect(classField.locator("option")).toHaveText(["None", "S - Safety", "FF - Fit and function"]);
  await shot(page, "fmea-config-attributes-class");
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(page.locator("[data-fmea-pane=right]")).toBeFocused();
  await page.keyboard.press("Shift+Tab");
  await press(page, "ArrowDown", 2);
  await expect.poll(() => selectedName("left")).toBe("Operator");
  await page.keyboard.press("Alt+Enter");
  await expect(dialog.getByRole("textbox", { name: "Name" })).toBeFocused();
  await page.keyboard.press("Shift+Tab");
  await page.keyboard.press("ArrowRight");
  await expect(dialog.getByRole("tab", { name: "Excel output" })).toBeFocused();
  await page.keyboard.press("Tab");
  const output = dialog.getByLabel("Write to the Excel export");
  await expect(output).toBeFocused();
  await page.keyboard.type("No");
  await expect(output).toHaveValue("no");
  await shot(page, "fmea-config-attributes-output");
  // Tab to Cancel, then to Save.
  await press(page, "Tab", 2);
  await expect(dialog.getByRole("button", { name: "Save" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("fmea-tree")).toHaveAttribute("data-pending", "0");

  // The workbook: three severities, the class by its mark, the description column, the operator's line out.
  await runFromPalette(page, "FMEA table", /FMEA table/);
  await expectRoute(page, "/pFmeaTable");
  await settled(page);
  // Back on the form (the table kept the control plan in front).
  await page.keyboard.press("Alt+Shift+T");
  await expect(page.getByTestId("fmea-table-count")).toHaveText("2 of 2 lines");
  const download = page.waitForEvent("download");
  await page.keyboard.press("Alt+e");
  const file = await download;
  const path = info.outputPath("pfmea.xlsx");
  await file.saveAs(path);
  const book = XLSX.read(readFileSync(path), { type: "buffer" });
  expect(book.SheetNames).toEqual(["FMEA form", "Control plan", "Actions"]);
  const grid = XLSX.utils.sheet_to_json<(string | number | null)[]>(book.Sheets["FMEA form"], {
    header: 1,
    defval: null,
  });
  const header = grid.findIndex((r) => r.includes("Failure mode (FM)"));
  const col = (title: string) => grid[header].indexOf(title);
  const lines = grid.slice(header + 1);
  expect(lines.map((l) => l[col("Failure cause (FC)")])).toEqual(["Force too low"]);
  const line = lines[0];
  expect([col("S plant"), col("S ship-to"), col("S end user"), col("S")].map((c) => line[c])).toEqual([
    5,
    null,
    9,
    9,
  ]);
  expect(line[col("Special characteristic")]).toBe("S");
  expect(line[col("Description")]).toBe("Depth below 11.9 mm");
  const cp = XLSX.utils.sheet_to_json<(string | number | null)[]>(book.Sheets["Control plan"], {
    header: 1,
    defval: null,
  });
  const cpHeader = cp.findIndex((r) => r.includes("Special char. class"));
  const depth = cp.find((r) => r.includes("Bearing depth"));
  expect(depth?.[cp[cpHeader].indexOf("Special char. class")]).toBe("S");
  expect(errors).toEqual([]);
});

// Issue 17, the configuration screens by keyboard alone: from the DFMEA list to its configurations, a new one,
// a severity criterion and a special characteristic class typed, a class without marking or icon refused with
// spec 5's message and nothing typed lost, saved, enabled after the confirmation, reopened from the list with
// everything stored, unsaved text kept over a reload as a draft, and disabled again (so no other spec reads it).
test("DFMEA configurations: create, edit a scale and a class, a refused value, enable with confirmation, reopen", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const errors = await signInNewOwner(page, request, "fmcfs", PASSWORD);
  const token = await tokenOf(page);
  const editor = page.getByTestId("fmea-config-editor");
  const confirm = page.getByTestId("confirm-dialog");
  const criteria10 = editor.getByLabel("Criteria of rating 10", { exact: true });
  let configId: number | null = null;
  try {
    await page.goto("/#/dfmea");
    await expect(page.getByTestId("fmea-list")).toBeVisible();
    await runFromPalette(page, "Open this variant's FMEA configurations", /FMEA configurations/);
    await expectRoute(page, "/dfmea/config");
    await expect(page.getByTestId("fmea-config-list")).not.toHaveAttribute("aria-busy", "true");
    await shot(page, "fmea-config-list-before");

    // A new configuration opens in the editor with the name field focused and the AIAG-VDA criteria.
    await runFromPalette(page, "New FMEA configuration", /New FMEA configuration/);
    await expectRoute(page, "/dfmea/config/edit");
    await expect(editor).toHaveAttribute("data-ready", "true");
    configId = Number(new URL(page.url().replace("/#/", "/")).searchParams.get("configId"));
    const name = editor.getByLabel("Configuration name", { exact: true });
    await expect(name).toBeFocused();
    await typeInto(page, "Brake system scales");
    await expect(editor).toHaveAttribute("data-dirty", "true");
    // Tab to the section list (Severity shown), then past "Restore" to the criteria of rating 10.
    await page.keyboard.press("Tab");
    await expect(editor.getByRole("tab", { name: "Severity (S)" })).toBeFocused();
    await expect(criteria10).toHaveValue(
      "Affects safe operation of the vehicle or the health of occupants or road users.",
    );
    await press(page, "Tab", 2);
    await expect(criteria10).toBeFocused();
    await typeInto(page, "Loss of braking: injury to occupants or road users possible.");
    await shot(page, "fmea-config-editor-scale");

    // A class added from the palette: its name field takes focus; no marking and no icon is refused.
    await runFromPalette(page, "Add a special characteristic class", /Add a special characteristic/);
    const className = editor.getByLabel("Name of class 3", { exact: true });
    await expect(className).toBeFocused();
    await page.keyboard.type("Brake safety");
    await page.keyboard.press("Control+s");
    const marking = editor.getByLabel("Marking name of class 3", { exact: true });
    await expect(marking).toBeFocused();
    await expect(marking).toHaveAttribute("aria-invalid", "true");
    await expect(editor.getByRole("alert")).toHaveText("Upload an icon or input a marking name.");
    await expect(page.getByTestId("message")).toHaveText("Upload an icon or input a marking name.");
    await expect(className).toHaveValue("Brake safety");
    await expect(criteria10).toHaveCount(0);
    await shot(page, "fmea-config-editor-class-refused");
    await page.keyboard.type("BS");
    await expect(marking).not.toHaveAttribute("aria-invalid", "true");
    // The significant class's marking changed too (Shift+Tab back over its row's remove button and icon upload).
    await press(page, "Shift+Tab", 4);
    await expect(editor.getByLabel("Marking name of class 2", { exact: true })).toBeFocused();
    await typeInto(page, "SIG");
    await page.keyboard.press("Control+s");
    await expect(page.getByTestId("message")).toHaveText("'Brake system scales' saved.");
    await expect(editor).toHaveAttribute("data-dirty", "false");

    // Enabling asks first; Cancel has focus, Tab goes to Enable.
    await expect(editor.getByTestId("fmea-config-state")).toHaveText("Disabled");
    await runFromPalette(page, "Enable this configuration", /Enable this configuration/);
    await expect(confirm).toContainText("Enable 'Brake system scales'?");
    await expect(confirm).toContainText("becomes the configuration in use");
    await shot(page, "fmea-config-enable-confirm");
    await page.keyboard.press("Tab");
    await expect(confirm.getByRole("button", { name: "Enable" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(confirm).toBeHidden();
    await expect(editor.getByTestId("fmea-config-state")).toHaveText("Enabled");

    // Back to the list: the configuration in use comes first, with its compiler.
    await runFromPalette(page, "Back to the configuration list", /Back to the configuration list/);
    await expectRoute(page, "/dfmea/config");
    const row = page.getByTestId("fmea-config-table").locator("tbody tr").first();
    await expect(row).toContainText("Brake system scales");
    await expect(row.getByTestId("fmea-config-state")).toHaveText("Enabled");
    await shot(page, "fmea-config-list");
    // The first row is the table's tab stop; opened by its row command.
    await row.focus();
    await runFromPalette(page, "Open selected FMEA configuration", /Open selected FMEA configuration/);
    await expectRoute(page, "/dfmea/config/edit");
    await expect(editor).toHaveAttribute("data-ready", "true");
    await expect(name).toHaveValue("Brake system scales");
    // The kept editor shows the section it was left on; the severity scale from the palette.
    await runFromPalette(page, "Show the severity scale", /severity scale/);
    await expect(criteria10).toHaveValue("Loss of braking: injury to occupants or road users possible.");
    await runFromPalette(page, "Show the special characteristic classes", /special characteristic classes/);
    await expect(editor.getByLabel("Name of class 3", { exact: true })).toHaveValue("Brake safety");
    await expect(editor.getByLabel("Marking name of class 3", { exact: true })).toHaveValue("BS");
    await expect(editor.getByLabel("Marking name of class 2", { exact: true })).toHaveValue("SIG");
    // A class's buttons (its icon's upload, Remove) on the line of its fields: the same middle, to the pixel.
    const classRow = editor.getByTestId("fmea-config-classes").locator("tbody tr").nth(2);
    const middles = await classRow
      .locator("input.input, .fmea-config-upload, td > .link-button")
      .evaluateAll((parts) =>
        parts.map((p) => {
          const box = p.getBoundingClientRect();
          return Math.round(box.top + box.height / 2);
        }),
      );
    expect(middles).toHaveLength(4);
    expect(new Set(middles).size).toBe(1);
    await shot(page, "fmea-config-editor-classes");
    // What the server holds.
    const stored = await api<{
      enabled: boolean;
      settings: { specialCharacteristics: { markingName: string }[] };
    }>(request, token, "GET", `/edfe/configs/${configId}`);
    expect(stored.enabled).toBe(true);
    expect(stored.settings.specialCharacteristics.map((c) => c.markingName)).toEqual(["CC", "SIG", "BS"]);

    // Typed and not saved: kept over a reload and offered back.
    await editor.getByLabel("Marking name of class 3", { exact: true }).focus();
    await typeInto(page, "BSX");
    await expect(editor).toHaveAttribute("data-dirty", "true");
    expect(await reloadAnsweringLeave(page)).toBe(true);
    await expect(confirm).toContainText("Brake system scales");
    await page.keyboard.press("Enter");
    await expect(editor).toHaveAttribute("data-dirty", "true");
    await runFromPalette(page, "Show the special characteristic classes", /special characteristic classes/);
    await expect(editor.getByLabel("Marking name of class 3", { exact: true })).toHaveValue("BSX");
    await runFromPalette(page, "Discard the configuration's unsaved changes", /Discard/);
    await expect(editor).toHaveAttribute("data-dirty", "false");
    await expect(editor.getByLabel("Marking name of class 3", { exact: true })).toHaveValue("BS");

    // A custom attribute (its key made from the label) and the Excel output section, seen and then discarded.
    await runFromPalette(page, "Add a custom attribute", /Add a custom attribute/);
    await expect(editor.getByLabel("Label of attribute 1", { exact: true })).toBeFocused();
    await page.keyboard.type("Cost centre");
    await expect(editor.getByLabel("Key of attribute 1", { exact: true })).toHaveAttribute(
      "placeholder",
      "costCentre",
    );
    await shot(page, "fmea-config-editor-attributes");
    await runFromPalette(page, "Show the Excel output settings", /Excel output settings/);
    await expect(editor.getByRole("checkbox", { name: "Name", exact: true })).toBeChecked();
    await shot(page, "fmea-config-editor-excel");
    await runFromPalette(page, "Discard the configuration's unsaved changes", /Discard/);
    await expect(editor).toHaveAttribute("data-dirty", "false");

    // Disabled again, after its question.
    await runFromPalette(page, "Disable this configuration", /Disable this configuration/);
    await expect(confirm).toContainText("Disable 'Brake system scales'?");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    await expect(editor.getByTestId("fmea-config-state")).toHaveText("Disabled");
    expect(await pointerEvents(page)).toBe(0);
    expect(errors).toEqual([]);
  } finally {
    // Whatever happened above, no other spec may find this configuration in use.
    if (configId) await api(request, token, "PUT", `/edfe/configs/${configId}/disable`);
  }
});

// Issue 17, the configuration an FMEA uses, chosen on its basic-information tab by keyboard: a DFMEA whose
// failure is marked "Brake safety" shows that name in the tree while it uses the defaults; its compiler picks
// the enabled configuration "Brake marks" (Alt+G, an arrow), saves (Ctrl+S); the configuration is disabled
// again (so no other spec finds it in use), yet the FMEA keeps it: after a reload the choice is still there,
// marked disabled, and the tree shows the class by the configuration's mark "BS".
test("DFMEA basic info: the configuration chosen by keyboard, its class marks after reload", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const errors = await signInNewOwner(page, request, "fmcho", PASSWORD);
  const token = await tokenOf(page);
  let configId: number | null = null;
  try {
    const config = await api<{ id: number }>(request, token, "POST", "/edfe/configs", {
      name: "Brake marks",
      settings: { specialCharacteristics: [{ name: "Brake safety", markingName: "BS" }] },
    });
    configId = config.id;
    ({ add, link } = fmeaOps());
    const fmeaId = await createFmea(request, token, "design", "Caliper DFMEA", [
      add("sys", null, "stru", "Brake system", "system"),
      add("fSys", "sys", "func", "Stop the vehicle"),
      add("fm", "fSys", "fail", "No braking", null, { featureClassify: { specialClass: "Brake safety" } }),
    ]);
    const special = page.locator("[data-fmea-pane=right] [data-testid=fmea-special]");
    await page.goto(`/#/fmeaTree?fmeaId=${fmeaId}`);
    await expect(page.locator("[data-fmea-pane=left]")).toBeFocused();
    // The defaults know no such class: the tree shows its name.
    await expect(special).toHaveText("Brake safety");

    await api(request, token, "PUT", `/edfe/configs/${config.id}/enable`);
    // The tree was opened by its address: the layout's tab still knows the FMEA.
    await page.getByRole("link", { name: "Basic info" }).focus();
    await page.keyboard.press("Enter");
    await expectRoute(page, "/ddashboard");
    await expect(page.getByLabel("Company")).toBeFocused();
    const choice = page.getByLabel("Configuration", { exact: true });
    // The list is read with the record; the enabled configuration is offered once it is there.
    await expect(choice.locator("option")).toHaveText([
      "The variant's enabled configuration (follows its changes)",
      "Brake marks",
    ]);
    await page.keyboard.press("Alt+g");
    await expect(choice).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(choice).toHaveValue(String(config.id));
    await expect(page.getByTestId("fmea-dashboard")).toHaveAttribute("data-dirty", "true");
    await shot(page, "fmea-dashboard-config-chosen");
    await page.keyboard.press("Control+s");
    await expect(page.getByText("Planning header saved.")).toBeVisible();
    await expect(page.getByTestId("fmea-dashboard")).toHaveAttribute("data-dirty", "false");
    const stored = await api<{ body: { configId: number | null } }>(
      request,
      token,
      "GET",
      `/edfe/analyses/${fmeaId}`,
    );
    expect(stored.body.configId).toBe(config.id);
    await api(request, token, "PUT", `/edfe/configs/${config.id}/disable`);

    await page.reload();
    await expect(choice).toHaveValue(String(config.id));
    await expect(choice.locator("option:checked")).toHaveText("Brake marks (disabled)");
    await shot(page, "fmea-dashboard-config-kept");
    await runFromPalette(page, "Structure tree", /Structure tree/);
    await expectRoute(page, "/fmeaTree");
    await expect(page.locator("[data-fmea-pane=left]")).toBeFocused();
    await expect(special).toHaveText("BS");
    await expect(special).toHaveAttribute("title", "Brake safety");
    await shot(page, "fmea-tree-config-mark");
    expect(errors).toEqual([]);
  } finally {
    if (configId) await api(request, token, "PUT", `/edfe/configs/${configId}/disable`);
  }
});

// Issue 17, a special characteristic class marked by an icon, by keyboard and the file chooser: an image over
// spec 5's 2 MB is refused with its message before anything is sent (the class's name kept), a small one is
// uploaded and shown, saved, and shown again after a reload from the stored file.
test("DFMEA configuration: a class icon uploaded through the file chooser, the 2 MB limit, shown after reload", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const errors = await signInNewOwner(page, request, "fmicon", PASSWORD);
  const token = await tokenOf(page);
  const config = await api<{ id: number }>(request, token, "POST", "/edfe/configs", { name: "Icon classes" });
  const editor = page.getByTestId("fmea-config-editor");
  await page.goto(`/#/dfmea/config/edit?configId=${config.id}`);
  await expect(editor).toHaveAttribute("data-ready", "true");
  await runFromPalette(page, "Show the special characteristic classes", /special characteristic classes/);
  await runFromPalette(page, "Add a special characteristic class", /Add a special characteristic/);
  const className = editor.getByLabel("Name of class 3", { exact: true });
  await expect(className).toBeFocused();
  await page.keyboard.type("Brake icon class");
  // Tab past the marking name to the icon's file field (inside its "Upload icon" button).
  await press(page, "Tab", 2);
  const row = editor.getByTestId("fmea-config-classes").locator("tbody tr").nth(2);
  const file = row.locator("input[type=file]");
  await expect(file).toBeFocused();
  const choose = async (name: string, mimeType: string, buffer: Buffer) => {
    const [chooser] = await Promise.all([page.waitForEvent("filechooser"), page.keyboard.press("Space")]);
    await chooser.setFiles({ name, mimeType, buffer });
  };

  // Over 2 MB: refused at once with spec 5's message, nothing uploaded, the name kept.
  await choose("big.png", "image/png", Buffer.alloc(2 * 1024 * 1024 + 1, 7));
  await expect(row.getByRole("alert")).toHaveText("Icon file size is at most 2 MB.");
  await expect(file).toHaveAttribute("aria-invalid", "true");
  await expect(row.getByRole("img")).toHaveCount(0);
  await expect(className).toHaveValue("Brake icon class");
  await shot(page, "fmea-config-icon-too-large");

  // A 1 x 1 red GIF (43 bytes): uploaded, shown, the message gone.
  const gif = Buffer.from("R0lGODlhAQABAIAAAP8AAP///yH5BAAAAAAALAAAAAABAAEAAAICRAEAOw==", "base64");
  await file.focus();
  await choose("brake.gif", "image/gif", gif);
  const icon = row.getByRole("img", { name: "Icon of Brake icon class" });
  await expect(icon).toBeVisible();
  await expect(row.getByRole("alert")).toHaveCount(0);
  await expect(row.locator(".fmea-config-upload")).toContainText("Replace icon");
  await page.keyboard.press("Control+s");
  await expect(page.getByTestId("message")).toHaveText("'Icon classes' saved.");
  await expect(editor).toHaveAttribute("data-dirty", "false");
  const stored = await api<{
    settings: {
      specialCharacteristics: { name: string; markingName: string; icon: { file: string; bytes: number } }[];
    };
  }>(request, token, "GET", `/edfe/configs/${config.id}`);
  const saved = stored.settings.specialCharacteristics[2];
  expect([saved.name, saved.markingName, saved.icon.bytes]).toEqual(["Brake icon class", "", gif.length]);

  // After a reload the icon is drawn from the stored file.
  await page.reload();
  await expect(editor).toHaveAttribute("data-ready", "true");
  await runFromPalette(page, "Show the special characteristic classes", /special characteristic classes/);
  await expect(icon).toBeVisible();
  await expect(icon).toHaveAttribute("src", `/api/file/${saved.icon.file}?inline=1`);
  await expect.poll(() => icon.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
  await shot(page, "fmea-config-icon");
  expect(errors).toEqual([]);
});
