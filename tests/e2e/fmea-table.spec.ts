// Issue 18 by keyboard alone: a DFMEA's two failure chains rated in the risk table (spec 5's message for an O
// of 11), the action priority changing with the ratings and back with undo, an optimisation action added,
// re-rated and completed ("(H)" until then), the workbook exported and read back here; the action list and
// the management summary (the figures on a 20,000-node FMEA are fmea-table-20k.spec.ts). The FMEA's structure
// is stored through the REST operations (the tree screens that build it by keyboard are issue 17's spec);
// everything on the table is keys.
import { readFileSync, writeFileSync } from "node:fs";
import * as XLSX from "@e965/xlsx";
import { expect, test } from "@playwright/test";
import { createFmea, enter, fmeaOps, formCell, press, settled, tokenOf } from "./support/fmea.ts";
import { api, expectRoute, runFromPalette, shot, signInNewOwner } from "./support/shell.ts";

const PASSWORD = "Fmea#2026x";

let { add, link } = fmeaOps();
const cell = formCell;

test("DFMEA risk table: ratings, AP, an optimisation action, undo, xlsx read back, action list and summary", async ({
  page,
  request,
}, info) => {
  test.setTimeout(240_000);
  const errors = await signInNewOwner(page, request, "fmtab", PASSWORD);
  const token = await tokenOf(page);
  ({ add, link } = fmeaOps());
  const id = await createFmea(request, token, "design", "E-bike drive DFMEA", [
    add("sys", null, "stru", "E-bike", "system"),
    add("fSys", "sys", "func", "Move rider"),
    add("fe", "fSys", "fail", "Rider stranded"),
    add("drive", "sys", "stru", "Drive", "subsystem"),
    add("fDrive", "drive", "func", "Deliver torque"),
    add("fm", "fDrive", "fail", "No torque"),
    add("motor", "drive", "stru", "Motor", "component"),
    add("fMotor", "motor", "func", "Convert power"),
    add("fc1", "fMotor", "fail", "Winding open"),
    add("pc1", "fc1", "preMeas", "Design rule DR-7"),
    add("ctrl", "drive", "stru", "Controller", "component"),
    add("fCtrl", "ctrl", "func", "Switch current"),
    add("fc2", "fCtrl", "fail", "MOSFET short"),
    link("l1", "fe", "fm"),
    link("l2", "fm", "fc1"),
    link("l3", "fm", "fc2"),
  ]);
  await page.goto(`/#/fmeaTree?fmeaId=${id}`);
  await expect(page.locator("[data-fmea-pane=left]")).toBeFocused();
  // Spec 2's top button, as a command: the FMEA table.
  await runFromPalette(page, "FMEA table", /FMEA table/);
  await expectRoute(page, "/fmeaTable");
  await expect(page.getByTestId("fmea-table-count")).toHaveText("2 of 2 lines");
  await expect(cell(page, 0, "mode")).toHaveText("No torque");
  await expect(cell(page, 1, "cause")).toHaveText("MOSFET short");
  await expect(cell(page, 0, "prevention")).toHaveText("Design rule DR-7");
  // The parent cells of the second line are merged into the first's.
  await expect(cell(page, 1, "focusElement")).toHaveClass(/fmea-merged/);
  await expect(cell(page, 0, "higherElement")).toBeFocused();

  // S on the effect: one rating for both lines.
  await press(page, "ArrowRight", 7);
  await expect(cell(page, 0, "severity")).toBeFocused();
  await enter(page, "8");
  await expect(cell(page, 1, "severity")).toHaveText("8");
  await settled(page);
  // O of 11: spec 5's message, the typed text kept in its cell.
  await press(page, "ArrowUp");
  await press(page, "ArrowRight", 4);
  await enter(page, "11");
  await expect(cell(page, 0, "occurrence")).toHaveText("11");
  await expect(cell(page, 0, "occurrence")).toHaveClass(/sheet-invalid/);
  await press(page, "ArrowUp");
  await expect(page.locator(".fmea-form-sheet .data-sheet-message")).toHaveText(
    "Columns O and D accept only numbers 1 to 10.",
  );
  await shot(page, "fmea-table-o-out-of-range");
  await enter(page, "6");
  await press(page, "ArrowUp");
  await press(page, "ArrowRight", 2);
  await enter(page, "7");
  await expect(cell(page, 0, "ap")).toHaveText("H");
  await expect(cell(page, 0, "ap")).toHaveClass(/fmea-ap-H/);
  // The second chain: D 2, O 3 -> L (Enter on the last line stays on it).
  await enter(page, "2");
  await press(page, "ArrowLeft", 2);
  await enter(page, "3");
  await expect(cell(page, 1, "ap")).toHaveText("L");
  await settled(page);
  await shot(page, "fmea-table-ap");

  // A better occurrence lowers the first chain to M; undo brings H back.
  await press(page, "ArrowUp");
  await expect(cell(page, 0, "occurrence")).toBeFocused();
  await enter(page, "2");
  await expect(cell(page, 0, "ap")).toHaveText("M");
  await settled(page);
  await page.keyboard.press("Control+z");
  await expect(cell(page, 0, "ap")).toHaveText("H");
  await expect(cell(page, 0, "occurrence")).toHaveText("6");
  await settled(page);

  // An optimisation action on the first chain: "(H)" until it is completed.
  await press(page, "ArrowUp");
  await page.keyboard.press("Alt+a");
  await expect(cell(page, 0, "preventionAction")).toBeFocused();
  await enter(page, "Thermal fuse in winding");
  await expect(cell(page, 0, "ap")).toHaveText("(H)");
  await press(page, "ArrowUp");
  await press(page, "ArrowRight", 2);
  await enter(page, "Ann Lee");
  await press(page, "ArrowUp");
  await press(page, "ArrowRight");
  await enter(page, "2027-03-01");
  await press(page, "ArrowUp");
  await press(page, "ArrowRight", 6);
  await expect(cell(page, 0, "newOccurrence")).toBeFocused();
  await enter(page, "2");
  await expect(cell(page, 0, "newAp")).toHaveText("M");
  await press(page, "ArrowUp");
  await press(page, "ArrowLeft", 5);
  await expect(cell(page, 0, "status")).toBeFocused();
  await enter(page, "Completed");
  await expect(cell(page, 0, "status")).toHaveText("Completed");
  await expect(cell(page, 0, "ap")).toHaveText("H");
  await settled(page);
  // Form A's step 6 goes on after the re-rating: the special characteristic after the action, AP, remarks.
  await press(page, "ArrowUp");
  await press(page, "ArrowRight", 7);
  await expect(cell(page, 0, "newSpecial")).toBeFocused();
  await enter(page, "cc");
  await expect(cell(page, 0, "newSpecial")).toHaveText("CC");
  await press(page, "ArrowUp");
  await press(page, "ArrowRight", 2);
  await expect(cell(page, 0, "remarks")).toBeFocused();
  await enter(page, "Fuse rating per supplier datasheet");
  await expect(cell(page, 0, "remarks")).toHaveText("Fuse rating per supplier datasheet");
  await settled(page);
  await press(page, "ArrowUp");
  await shot(page, "fmea-table-rated");

  // The workbook, read back here.
  const download = page.waitForEvent("download");
  await page.keyboard.press("Alt+e");
  const file = await download;
  const path = info.outputPath("fmea.xlsx");
  await file.saveAs(path);
  const book = XLSX.read(readFileSync(path), { type: "buffer", cellStyles: true });
  expect(book.SheetNames).toEqual(["FMEA form", "Actions"]);
  const sheet = book.Sheets["FMEA form"];
  const grid = XLSX.utils.sheet_to_json<(string | number | null)[]>(sheet, { header: 1, defval: null });
  const header = grid.findIndex((r) => r.includes("Failure mode (FM)"));
  const col = (title: string) => grid[header].indexOf(title);
  expect(grid[0][0]).toBe("DFMEA: E-bike drive DFMEA");
  expect(grid[header + 1][col("Failure cause (FC)")]).toBe("Winding open");
  expect(grid[header + 1][col("S")]).toBe(8);
  expect(grid[header + 1][col("O")]).toBe(6);
  expect(grid[header + 1][col("Prevention action")]).toBe("Thermal fuse in winding");
  expect(grid[header + 1][col("Status")]).toBe("Completed");
  expect(grid[header + 1][col("Special characteristic new")]).toBe("CC");
  expect(grid[header + 1][col("Remarks")]).toBe("Fuse rating per supplier datasheet");
  expect(grid[header + 2][col("AP")]).toBe("L");
  const ap = sheet[XLSX.utils.encode_cell({ r: header + 1, c: col("AP") })];
  expect(ap.v).toBe("H");
  expect(String(ap.s?.fgColor?.rgb)).toMatch(/F4B6B6$/);
  const merges = (sheet["!merges"] ?? []).map((m) => XLSX.utils.encode_range(m));
  expect(merges).toContain(
    XLSX.utils.encode_range({
      s: { r: header + 1, c: col("Failure mode (FM)") },
      e: { r: header + 2, c: col("Failure mode (FM)") },
    }),
  );

  // The file read back into the system E-bike (selected in the structure tree): a line with an O of 11 is
  // reported with its line number and nothing is imported on Escape; the file as written imports whole.
  const o = col("O");
  sheet[XLSX.utils.encode_cell({ r: header + 2, c: o })] = { t: "n", v: 11 };
  const bad = info.outputPath("fmea-bad.xlsx");
  writeFileSync(bad, XLSX.write(book, { type: "buffer", bookType: "xlsx" }));
  let chooser = page.waitForEvent("filechooser");
  await page.keyboard.press("Alt+o");
  await (await chooser).setFiles(bad);
  const dialog = page.getByTestId("fmea-import-dialog");
  await expect(dialog).toContainText("1 lines ready, 1 with problems");
  await expect(dialog).toContainText("Please verify data before importing.");
  await expect(page.getByTestId("fmea-import-problems")).toContainText(
    `Line ${header + 3}: O must be a whole number from 1 to 10.`,
  );
  await shot(page, "fmea-import-dialog");
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(cell(page, 1, "occurrence")).toHaveText("3");
  chooser = page.waitForEvent("filechooser");
  await page.keyboard.press("Alt+o");
  await (await chooser).setFiles(path);
  await expect(dialog).toContainText("2 lines ready, 0 with problems");
  await page.keyboard.press("Enter");
  await expect(dialog).toBeHidden();
  await settled(page);
  await expect(page.getByTestId("fmea-table-count")).toHaveText("2 of 2 lines");

  // The action list and the management summary.
  await page.keyboard.press("Alt+Shift+L");
  await expect(page.getByTestId("fmea-action-list")).toContainText("Thermal fuse in winding");
  await shot(page, "fmea-table-actions");
  await page.keyboard.press("Alt+Shift+S");
  await expect(page.getByTestId("summary-ap-H")).toHaveText("1");
  await expect(page.getByTestId("summary-ap-L")).toHaveText("1");
  await shot(page, "fmea-table-summary");
  await page.keyboard.press("Alt+Shift+T");
  await expect(cell(page, 0, "ap")).toHaveText("H");
  expect(errors).toEqual([]);
});

test("PFMEA: the control plan derived from the process steps, edited in place", async ({ page, request }) => {
  test.setTimeout(180_000);
  const errors = await signInNewOwner(page, request, "fmcp", PASSWORD);
  const token = await tokenOf(page);
  ({ add, link } = fmeaOps());
  const created = await api<{ id: number }>(request, token, "POST", "/epfe/analyses", {
    name: "Housing line PFMEA",
    body: {},
  });
  await api(request, token, "POST", `/epfe/analyses/${created.id}/ops`, {
    ops: [
      add("item", null, "stru", "Housing line", "procItem"),
      add("op20", "item", "stru", "OP20 press bearing", "procStep"),
      add("depth", "op20", "prod", "Bearing depth"),
      add("press", "op20", "stru", "Press 40 t", "machine"),
      add("force", "press", "procSpec", "Press force"),
      add("shallow", "depth", "fail", "Bearing too shallow"),
      add("gauge", "shallow", "findMeas", "Depth gauge 100%"),
      add("op30", "item", "stru", "OP30 leak test", "check"),
      add("leak", "op30", "prod", "Leak rate"),
    ],
  });
  await page.goto(`/#/pFmeaTree?fmeaId=${created.id}`);
  await expect(page.locator("[data-fmea-pane=left]")).toBeFocused();
  await runFromPalette(page, "FMEA table", /FMEA table/);
  await expectRoute(page, "/pFmeaTable");
  await expect(page.getByTestId("fmea-table-count")).toHaveText("1 of 1 lines");
  await expect(
    page.locator('.fmea-form-sheet .ag-row[row-index="0"] .ag-cell[col-id="higherElement"]'),
  ).toBeFocused();
  await page.keyboard.press("Alt+Shift+C");
  const plan = page.getByTestId("fmea-control-plan");
  const at = (row: number, key: string) =>
    plan.locator(`.ag-row[row-index="${row}"] .ag-cell[col-id="${key}"]`);
  await expect(at(0, "product")).toHaveText("Bearing depth");
  await expect(at(0, "machine")).toHaveText("Press 40 t");
  await expect(at(0, "controlMethod")).toHaveText("Depth gauge 100%");
  await expect(at(1, "process")).toHaveText("Press force");
  await expect(at(2, "processNo")).toHaveText("20");
  await expect(at(2, "product")).toHaveText("Leak rate");
  // Keys only: the specification of the first line, then its reaction plan.
  await at(0, "processNo").focus();
  await press(page, "ArrowRight", 7);
  await expect(at(0, "specification")).toBeFocused();
  await enter(page, "12.0 mm");
  await press(page, "ArrowUp");
  await press(page, "ArrowRight");
  await enter(page, "+/- 0.1");
  await press(page, "ArrowUp");
  await press(page, "ArrowRight", 5);
  await expect(at(0, "reactionPlan")).toBeFocused();
  await enter(page, "Quarantine, re-inspect");
  await expect(page.getByTestId("fmea-table")).toHaveAttribute("data-pending", "0");
  await shot(page, "fmea-control-plan");
  // Stored on the characteristic's node: seen again after a reload.
  await page.reload();
  await expect(
    page.locator('.fmea-form-sheet .ag-row[row-index="0"] .ag-cell[col-id="higherElement"]'),
  ).toBeFocused();
  await page.keyboard.press("Alt+Shift+C");
  await expect(at(0, "specification")).toHaveText("12.0 mm");
  await expect(at(0, "tolerance")).toHaveText("+/- 0.1");
  await expect(at(0, "reactionPlan")).toHaveText("Quarantine, re-inspect");
  expect(errors).toEqual([]);
});

// A 16 x 16 PNG, an orange diamond: the icon of a special characteristic class.
const ICON_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAYAAAAf8/9hAAAAQ0lEQVR42mNgoCV4VsHwH4Qp0kyWIeiaSTIEl2aiDCGkGa8hxGrGagipmjEModgAir1AlUCkSjRSJSFRJSlTJTMRCwDS3wjABn7/NQAAAABJRU5ErkJggg==",
  "base64",
);

test("DFMEA on its configuration: a class shown by its icon, custom attributes as columns typed and checked, the same values in the attribute dialog and the workbook", async ({
  page,
  request,
}, info) => {
  test.setTimeout(240_000);
  const errors = await signInNewOwner(page, request, "fmattr", PASSWORD);
  const token = await tokenOf(page);
  const upload = await request.post("/api/authority/uploadFile", {
    headers: { Authorization: `Bearer ${token}` },
    multipart: { file: { name: "safety.png", mimeType: "image/png", buffer: ICON_PNG }, purpose: "image" },
  });
  const stored = (await upload.json()).data as { id: string; size: number };
  expect(stored.id).toBeTruthy();
  const config = await api<{ id: number }>(request, token, "POST", "/edfe/configs", {
    name: "Drive classes and attributes",
    settings: {
      specialCharacteristics: [
        { name: "Safety", markingName: "", icon: { file: stored.id, bytes: stored.size } },
        { name: "Fit and function", markingName: "FF" },
      ],
      customAttributes: [
        { key: "cost", label: "Cost", type: "number", kinds: ["fail"] },
        { key: "dept", label: "Department", type: "choice", choices: ["Design", "Quality"], kinds: ["fail"] },
        { key: "station", label: "Station", type: "text", kinds: ["stru"] },
      ],
    },
  });
  // Enabled while the FMEA is made to reference it, then disabled: no other FMEA of this run falls back on it.
  await api(request, token, "PUT", `/edfe/configs/${config.id}/enable`);
  const created = await api<{ id: number }>(request, token, "POST", "/edfe/analyses", {
    name: "Drive on its configuration",
    body: { configId: config.id },
  });
  await api(request, token, "PUT", `/edfe/configs/${config.id}/disable`);
  ({ add, link } = fmeaOps());
  await api(request, token, "POST", `/edfe/analyses/${created.id}/ops`, {
    ops: [
      add("sys", null, "stru", "E-bike", "system"),
      add("fSys", "sys", "func", "Move rider"),
      add("fe", "fSys", "fail", "Rider stranded"),
      add("drive", "sys", "stru", "Drive", "subsystem"),
      add("fDrive", "drive", "func", "Deliver torque"),
      add("fm", "fDrive", "fail", "No torque"),
      add("motor", "drive", "stru", "Motor", "component"),
      add("fMotor", "motor", "func", "Convert power"),
      add("fc", "fMotor", "fail", "Winding open"),
      link("l1", "fe", "fm"),
      link("l2", "fm", "fc"),
    ],
  });
  await page.goto(`/#/fmeaTable?fmeaId=${created.id}`);
  await expect(cell(page, 0, "higherElement")).toBeFocused();
  await expect(page.getByTestId("fmea-table")).toHaveAttribute("data-fmea", String(created.id));

  // The special characteristic typed by its class name is shown by the class's icon with the name as text.
  await press(page, "ArrowRight", 15);
  await expect(cell(page, 0, "special")).toBeFocused();
  // One line: Enter keeps the cursor on it.
  await enter(page, "safety");
  await expect(cell(page, 0, "special")).toHaveText("Safety");
  await expect(cell(page, 0, "special")).toHaveClass(/fmea-sc-icon-0/);
  await expect
    .poll(() => cell(page, 0, "special").evaluate((el) => getComputedStyle(el).backgroundImage))
    .toContain(`/api/file/${stored.id}?inline=1`);
  await settled(page);
  await shot(page, "fmea-table-class-icon");

  // The configuration's attributes are the last columns: Cost, Department (on the mode), Station (on the
  // focus element). A cost that is no number stays as typed with its message.
  await page.keyboard.press("End");
  await expect(cell(page, 0, "attr.station")).toBeFocused();
  await press(page, "ArrowLeft", 2);
  await expect(cell(page, 0, "attr.cost")).toBeFocused();
  await enter(page, "12,5");
  await expect(cell(page, 0, "attr.cost")).toHaveClass(/sheet-invalid/);
  await expect(page.locator(".fmea-form-sheet .data-sheet-message")).toHaveText(
    "Cost: '12,5' is not a number.",
  );
  await shot(page, "fmea-table-attribute-refused");
  await enter(page, "12.5");
  await expect(cell(page, 0, "attr.cost")).toHaveText("12.5");
  await expect(cell(page, 0, "attr.cost")).not.toHaveClass(/sheet-invalid/);
  await press(page, "ArrowRight");
  await enter(page, "quality");
  await expect(cell(page, 0, "attr.dept")).toHaveText("Quality");
  await press(page, "ArrowRight");
  await enter(page, "ST-40");
  await expect(cell(page, 0, "attr.station")).toHaveText("ST-40");
  await settled(page);
  await shot(page, "fmea-table-attributes");

  // The workbook has the attribute columns under their labels.
  const download = page.waitForEvent("download");
  await page.keyboard.press("Alt+e");
  const path = info.outputPath("attributes.xlsx");
  await (await download).saveAs(path);
  const grid = XLSX.utils.sheet_to_json<(string | number | null)[]>(
    XLSX.read(readFileSync(path), { type: "buffer" }).Sheets["FMEA form"],
    { header: 1, defval: null },
  );
  const header = grid.findIndex((r) => r.includes("Failure mode (FM)"));
  const col = (title: string) => grid[header].indexOf(title);
  expect(grid[header + 1][col("Special characteristic")]).toBe("Safety");
  expect(grid[header + 1][col("Cost")]).toBe("12.5");
  expect(grid[header + 1][col("Department")]).toBe("Quality");
  expect(grid[header + 1][col("Station")]).toBe("ST-40");

  // One model: the failure mode's attribute dialog shows the values typed in the table, checked alike.
  await runFromPalette(page, "Structure tree", /Structure tree/);
  await expectRoute(page, "/fmeaTree");
  await expect(page.locator("[data-fmea-pane=left]")).toBeFocused();
  const selectedName = (pane: string) =>
    page.locator(`[data-fmea-pane=${pane}] [aria-selected=true] .fmea-name`).textContent();
  await page.keyboard.press("ArrowDown");
  await expect.poll(() => selectedName("left")).toBe("Drive");
  await page.keyboard.press("Tab");
  await press(page, "ArrowDown", 2);
  await expect.poll(() => selectedName("right")).toBe("No torque");
  await page.keyboard.press("Alt+Enter");
  const dialog = page.getByTestId("fmea-attributes");
  await expect(dialog.getByRole("textbox", { name: "Name" })).toBeFocused();
  await page.keyboard.press("Shift+Tab");
  await press(page, "ArrowRight", 2);
  await expect(dialog.getByRole("tab", { name: "Custom attributes" })).toBeFocused();
  await press(page, "Tab", 2);
  const cost = dialog.getByLabel("Cost");
  await expect(cost).toBeFocused();
  await expect(cost).toHaveValue("12.5");
  await expect(dialog.getByLabel("Department")).toHaveValue("Quality");
  await page.keyboard.press("Control+a");
  await page.keyboard.type("a dozen");
  await page.keyboard.press("Enter");
  await expect(dialog).toContainText("Cost: 'a dozen' is not a number.");
  await shot(page, "fmea-attributes-custom");
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  expect(errors).toEqual([]);
});
