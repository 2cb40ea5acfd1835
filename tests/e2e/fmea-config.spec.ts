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
import { enter, fmeaOps, formCell, press, settled, tokenOf } from "./support/fmea.ts";
import { api, expectRoute, runFromPalette, shot, signInNewOwner } from "./support/shell.ts";

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
  await press(page, "ArrowUp");
  await press(page, "ArrowRight", 2);
  await expect(cell(page, 0, "severityEndUser")).toBeFocused();
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
