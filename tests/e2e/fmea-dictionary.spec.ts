// Issue 17's dictionaries by keyboard alone: a failure dictionary created from the palette, an xlsx with bad lines
// imported (each problem reported with its line), a clean file imported and saved, its rows searched; a risk event
// list imported; then in a DFMEA's trees the name editor suggests a device (structure element) and a failure
// from the dictionaries, picked with the arrows and Enter; the failure an open risk event concerns is marked, and
// the risk event check says which events concern a failure the FMEA lacks. Against the production build and the
// real server.
import { mkdirSync, writeFileSync } from "node:fs";
import * as XLSX from "@e965/xlsx";
import { expect, type Page, test } from "@playwright/test";
import {
  api,
  expectRoute,
  reloadAnsweringLeave,
  runFromPalette,
  shot,
  signInNewOwner,
  uniqueName,
} from "./support/shell.ts";

const PASSWORD = "Dict#2026x";
const OUT = "test-results/dictionary-e2e";

function xlsx(rows: unknown[][], file: string) {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), "Sheet1");
  writeFileSync(file, XLSX.write(book, { type: "buffer", bookType: "xlsx" }));
}

async function importFile(page: Page, file: string) {
  await expect(page.getByTestId("dictionary-editor")).toBeVisible();
  const chooser = page.waitForEvent("filechooser");
  await page.keyboard.press("Control+i");
  await (await chooser).setFiles(file);
  await expect(page.getByTestId("dictionary-import-report")).toBeVisible();
}

/** Names a new node: types into its name field, waits for the suggestion wanted, picks it with the arrows. */
async function nameBySuggestion(page: Page, key: string, typed: string, wanted: string) {
  await page.keyboard.press(key);
  const input = page.locator(".fmea-name-input");
  await expect(input).toBeFocused();
  await page.keyboard.type(typed);
  const list = page.getByTestId("fmea-suggest");
  await expect(list.getByRole("option").first()).toContainText(wanted);
  await page.keyboard.press("ArrowDown");
  await expect(input).toHaveAttribute("aria-activedescendant", /-0$/);
  await expect(list.getByRole("option").first()).toHaveAttribute("aria-selected", "true");
  return { input, list };
}

test("FMEA dictionaries: import with per-line messages, search, and names suggested in the trees", async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  mkdirSync(OUT, { recursive: true });
  const errors = await signInNewOwner(page, request, "dict", PASSWORD);

  await runFromPalette(page, "FMEA dictionaries", /FMEA dictionaries/);
  await expectRoute(page, "/fmeaDictionary");
  await expect(page.getByTestId("dictionary-page")).toBeVisible();
  await runFromPalette(page, "new failure dictionary", "New failure dictionary");
  await expect(page.getByTestId("dictionary-editor")).toHaveAttribute("data-kind", "failure");

  // A file with a problem on every line but the first: the report names each line.
  const bad = `${OUT}/failures-bad.xlsx`;
  xlsx(
    [
      ["Code", "Name", "Level", "Category"],
      ["F-1", "Bearing seizure", "FM", "mechanical"],
      ["", "No code", "mode", ""],
      ["F-3", "x".repeat(160), "cause", ""],
      ["F-4", "Coil short", "root", ""],
      ["F-1", "Again", "effect", ""],
    ],
    bad,
  );
  await importFile(page, bad);
  const report = page.getByTestId("dictionary-import-report");
  await expect(page.getByTestId("dictionary-import-summary")).toContainText("5 rows read");
  await expect(report).toContainText("Code 'F-1' is already used on line 2.");
  const lineNumbers = await report.locator("tbody tr td:first-child").allTextContents();
  expect(lineNumbers.map(Number)).toEqual(expect.arrayContaining([3, 4, 5, 6]));
  await shot(page, "dictionary-import-report");
  await page.keyboard.press("Escape");
  await expect(report).toBeHidden();
  // Every row kept, bad cells marked: saving is refused with the first problem's row.
  await expect(page.getByTestId("dictionary-state")).toContainText("5 rows");
  await page.keyboard.press("Control+s");
  await expect(page.getByText(/Row 2, Code:/)).toBeVisible();

  const clean = `${OUT}/failures.xlsx`;
  xlsx(
    [
      ["Code", "Name", "Level", "Category", "Description"],
      ["F-1", "Bearing seizure", "mode", "mechanical", "Rolling elements weld to the race."],
      ["F-2", "Motor stalls", "effect", "function", ""],
      ["F-3", "Lubricant degraded", "cause", "material", ""],
      ["F-4", "Winding insulation breakdown", "mode", "electrical", ""],
    ],
    clean,
  );
  await importFile(page, clean);
  await expect(page.getByTestId("dictionary-import-summary")).toContainText("4 rows read, 0 with errors");
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("dictionary-import-report")).toBeHidden();
  await page.keyboard.press("Control+s");
  await expect(page.getByTestId("dictionary-state")).not.toContainText("unsaved");
  await expect(page.getByTestId("dictionary-list").locator("tbody tr td:nth-child(2)")).toHaveText(["4"]);

  // Search the rows (focus is in the sheet, where "/" would be typed into a cell): Enter moves the sheet to the hit.
  await runFromPalette(page, "search the open dictionary", "Search the open dictionary");
  await expect(page.getByLabel("Search entries")).toBeFocused();
  await page.keyboard.type("insulation");
  await expect(page.getByTestId("dictionary-hit-count")).toHaveText("1 match");
  await page.keyboard.press("Enter");
  await expect(page.locator(".ag-cell-focus")).toContainText("Winding insulation breakdown");
  await shot(page, "dictionary-failure");

  // A risk event list from a file: the date and severity checked per line.
  await runFromPalette(page, "new risk event list", "New risk event list");
  await expect(page.getByTestId("dictionary-editor")).toHaveAttribute("data-kind", "risk");
  const risks = `${OUT}/risks.xlsx`;
  xlsx(
    [
      ["Code", "Name", "Source", "Date", "Severity", "Status", "Failure"],
      ["R-1", "Seized bearings returned from the field", "field", "2026-03-14", 8, "open", "F-1"],
      ["R-2", "Audit: grease lot not traceable", "audit", "14.03.2026", 11, "", "F-3"],
    ],
    risks,
  );
  await importFile(page, risks);
  await expect(page.getByTestId("dictionary-import-report")).toContainText(
    "A date must be written as YYYY-MM-DD.",
  );
  await expect(page.getByTestId("dictionary-import-report")).toContainText(
    "Severity must be a whole number from 1 to 10.",
  );
  await shot(page, "dictionary-risk-report");
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("dictionary-state")).toContainText("2 rows · unsaved changes");

  // Nothing imported is lost: leaving asks first, and the list opened again offers the rows kept in the browser.
  const token = await page.evaluate(() =>
    decodeURIComponent(document.cookie.match(/Admin-Token=([^;]+)/)?.[1] ?? ""),
  );
  const stored = await api<{ items: { id: number }[] }>(request, token, "GET", "/dict/analyses?kind=risk");
  expect(await reloadAnsweringLeave(page)).toBe(true);
  await page.goto(`/#/fmeaDictionary?id=${stored.items[0].id}`);
  await expect(page.getByText("Restore unsaved changes?")).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("dictionary-state")).toContainText("2 rows · unsaved changes");
  await expect(page.getByTestId("dictionary-editor")).toHaveAttribute("data-kind", "risk");

  // A device dictionary made through the API by the same user (the screen's import is the failure one's).
  await api(request, token, "POST", "/dict/analyses", {
    name: uniqueName("devices"),
    body: {
      kind: "device",
      entries: [
        { code: "FAN-01", name: "Cooling fan", distribution: "weibull2p", p1: 1.8, p2: 40000 },
        { code: "MOT-2", name: "Hub motor", distribution: "exponential", p1: 2e-6 },
      ],
    },
  });

  // A risk event list stored through the API: one event names a failure by its dictionary code, one a failure
  // this FMEA will not have, one is closed.
  await api(request, token, "POST", "/dict/analyses", {
    name: uniqueName("field events"),
    body: {
      kind: "risk",
      entries: [
        {
          code: "R-1",
          name: "Seized bearings returned",
          source: "field",
          severity: 8,
          status: "open",
          failure: "F-1",
        },
        {
          code: "R-2",
          name: "Gear noise complaint",
          source: "customer",
          status: "monitoring",
          failure: "Gear pitting",
        },
        {
          code: "R-3",
          name: "Old bearing finding",
          source: "audit",
          status: "closed",
          failure: "bearing seizure",
        },
      ],
    },
  });

  // In a DFMEA: a structure element and a failure named from the dictionaries.
  await runFromPalette(page, "DFMEA", /DFMEA/);
  await expectRoute(page, "/dfmea");
  await expect(page.getByTestId("fmea-list")).toBeVisible();
  await page.keyboard.press("Alt+n");
  await expectRoute(page, "/fmeaTree");
  await expect(page.locator("[data-fmea-pane=left]")).toBeFocused();
  const root = await nameBySuggestion(page, "r", "motor", "Hub motor");
  await shot(page, "dictionary-suggest-device");
  await page.keyboard.press("Enter");
  await expect(root.input).toBeHidden();
  await expect(page.locator("[data-fmea-pane=left] .fmea-name")).toHaveText(["Hub motor"]);
  await page.keyboard.press("f");
  await expect(page.locator(".fmea-name-input")).toBeFocused();
  await page.keyboard.type("Convert power");
  await page.keyboard.press("Enter");
  await expect(page.locator("[data-fmea-pane=right]")).toBeFocused();
  // Arrows go round: down to the first name, up back to the typed text (Enter then keeps what was typed).
  const failure = await nameBySuggestion(page, "Insert", "seiz", "Bearing seizure");
  await page.keyboard.press("ArrowUp");
  await expect(failure.input).not.toHaveAttribute("aria-activedescendant", /./);
  await page.keyboard.press("ArrowDown");
  await shot(page, "dictionary-suggest-failure");
  await page.keyboard.press("Enter");
  await expect(failure.input).toBeHidden();
  await expect(page.getByTestId("fmea-tree")).toHaveAttribute("data-pending", "0");
  await expect(page.locator("[data-fmea-pane=right] .fmea-name")).toHaveText([
    "Convert power",
    "Bearing seizure",
  ]);
  // What was typed stays when no suggestion is chosen.
  await page.keyboard.press("ArrowUp");
  await expect(page.locator("[data-fmea-pane=right] [aria-selected=true] .fmea-name")).toHaveText(
    "Convert power",
  );
  await page.keyboard.press("Insert");
  await expect(page.locator(".fmea-name-input")).toBeFocused();
  await page.keyboard.type("Motor");
  await expect(page.getByTestId("fmea-suggest").getByRole("option").first()).toContainText("Motor stalls");
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("fmea-tree")).toHaveAttribute("data-pending", "0");
  await expect(page.locator("[data-fmea-pane=right] .fmea-name").filter({ hasText: /^Motor$/ })).toHaveCount(
    1,
  );

  // Risk events: the failure an open event concerns (named by its code) is marked; the check lists every
  // event and says which failure is not in this FMEA.
  const seizure = page
    .locator("[data-fmea-pane=right] [role=treeitem]")
    .filter({ hasText: "Bearing seizure" });
  await expect(seizure.getByTestId("fmea-risk")).toHaveText("⚠ 1");
  await expect(seizure.getByTestId("fmea-risk")).toHaveAttribute(
    "title",
    "Risk events: R-1 Seized bearings returned",
  );
  await expect(page.getByTestId("fmea-risk")).toHaveCount(1);
  await runFromPalette(page, "risk events", /Risk events against/);
  const check = page.getByTestId("fmea-risk-events");
  await expect(check.getByTestId("fmea-risk-summary")).toHaveText(
    "3 risk events; 1 open or monitored concern a failure that is not in this FMEA (marked red).",
  );
  await expect(check.locator("tbody tr")).toHaveText([
    /R-1.*Open.*8.*F-1.*1 failure node/,
    /R-2.*Monitoring.*Gear pitting.*Not in this FMEA/,
    /R-3.*Closed.*bearing seizure.*1 failure node/,
  ]);
  await shot(page, "fmea-risk-events");
  await page.keyboard.press("Escape");
  await expect(check).toBeHidden();
  expect(errors).toEqual([]);
});

test("FMEA dictionaries: a device dictionary at the spec's import limit of 10,000 rows", async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  mkdirSync(OUT, { recursive: true });
  const errors = await signInNewOwner(page, request, "dictbig", PASSWORD);
  const big = `${OUT}/devices-10001.xlsx`;
  const rows: unknown[][] = [["Code", "Name", "Distribution", "P1", "P2", "P3"]];
  for (let i = 1; i <= 10_001; i++)
    rows.push([
      `D-${i}`,
      `Device ${i}`,
      i % 2 ? "Exponential" : "Weibull-2P",
      i % 2 ? 1e-6 * i : 1.5,
      i % 2 ? null : 1000 * i,
      null,
    ]);
  xlsx(rows, big);

  await runFromPalette(page, "FMEA dictionaries", /FMEA dictionaries/);
  await expectRoute(page, "/fmeaDictionary");
  await runFromPalette(page, "new device dictionary", "New device dictionary");
  await expect(page.getByTestId("dictionary-editor")).toHaveAttribute("data-kind", "device");
  const started = Date.now();
  await importFile(page, big);
  const imported = Date.now() - started;
  await expect(page.getByTestId("dictionary-import-report")).toContainText(
    "Only the first 10000 rows were read; 1 more were left out.",
  );
  await expect(page.getByTestId("dictionary-import-summary")).toContainText("10000 rows read, 0 with errors");
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("dictionary-state")).toContainText("10000 rows · unsaved changes");
  const saving = Date.now();
  await page.keyboard.press("Control+s");
  await expect(page.getByTestId("dictionary-state")).toHaveText("10000 rows");
  const saved = Date.now() - saving;
  await runFromPalette(page, "search the open dictionary", "Search the open dictionary");
  await expect(page.getByLabel("Search entries")).toBeFocused();
  await page.keyboard.type("Device 9999");
  await expect(page.getByTestId("dictionary-hit-count")).toHaveText("1 match");
  await page.keyboard.press("Enter");
  await expect(page.locator(".ag-cell-focus")).toHaveText("Device 9999");
  await shot(page, "dictionary-device-10000");
  // Seen on the shared machine, not asserted: reported with the test.
  test.info().annotations.push({
    type: "dictionary-10000",
    description: JSON.stringify({ importToReportMs: imported, saveMs: saved }),
  });
  console.log(`dictionary 10,000 rows: import to report ${imported} ms, save ${saved} ms`);
  expect(errors).toEqual([]);
});
