// Issue 23's walk through /experimentalDesign by keyboard alone, against the production build and the real
// server: the start page with its questions and the seven test-design planners; a 2^3 factorial with two
// replicates created, its responses typed in run order, its effects and ANOVA on screen as R computes them
// (tests/fixtures/doe/stats.json), saved and opened again; a B vs C and a component search walked through.
import { mkdirSync, readFileSync } from "node:fs";
import * as XLSX from "@e965/xlsx";
import { expect, type Page, test } from "@playwright/test";
import { fixtureNumber, readFixture } from "../helpers/accuracy.ts";
import {
  pointerEvents,
  reloadAnsweringLeave,
  runFromPalette,
  shot,
  signInNewOwner,
  typeInto,
} from "./support/shell.ts";

const R = readFixture<Record<string, Record<string, unknown>[]>>("doe/stats.json");

function cell(page: Page, table: string, row: string, column: number) {
  const tr = page
    .getByTestId(`doe-table-${table}`)
    .locator("tbody tr")
    .filter({ has: page.locator("td", { hasText: new RegExp(`^${row}$`) }) });
  return tr.first().locator("td").nth(column);
}

async function cellText(page: Page, table: string, row: string, column: number): Promise<string> {
  return (await cell(page, table, row, column).textContent()) ?? "";
}

/** A number cell's full value (its title) against R's, relative 1e-9; its text shows six digits of it. */
async function expectNumber(
  page: Page,
  table: string,
  row: string,
  column: number,
  expected: number,
  label: string,
) {
  const c = cell(page, table, row, column);
  const full = Number(await c.getAttribute("title"));
  expect(Math.abs(full - expected), `${label}: ${full} vs R ${expected}`).toBeLessThanOrEqual(
    1e-9 * Math.abs(expected),
  );
  expect(Number(await c.textContent())).toBeCloseTo(expected, 3 - Math.floor(Math.log10(Math.abs(expected))));
}

test("DOE: a 2^3 factorial typed in by keyboard gives R's effects and ANOVA; B vs C and component search", async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  mkdirSync("test-results/screenshots", { recursive: true });
  const errors = await signInNewOwner(page, request, "doe", "Design#2026");

  // The start page: four questions and the reliability test-design planners.
  await runFromPalette(page, "go to design of experiments", "Go to Design of experiments");
  const home = page.getByTestId("doe-home");
  await expect(home).toBeVisible();
  await expect(home.getByRole("heading", { name: "Which part or variable is the Red X?" })).toBeVisible();
  const planners = home.getByRole("region", { name: "Reliability test design" }).getByRole("button");
  await expect(planners).toHaveCount(7);
  await shot(page, "doe-home");

  // Full factorial: three factors, two replicates, the design created with a seed.
  const row = R.factorial.find((f) => fixtureNumber(f.factors) === 3) as Record<string, unknown>;
  const y = (row.y as unknown[]).map(fixtureNumber);
  await runFromPalette(page, "open full factorial", "Open Full factorial");
  await expect(page.getByTestId("doe-factorial")).toBeVisible();
  await runFromPalette(page, "create the factorial design", "Create the factorial design");
  const sheet = page.getByTestId("doe-sheet");
  await expect(sheet).toContainText("Rows: 16");
  // The responses in run order: each run's standard order says which of R's responses it is.
  const std: number[] = [];
  for (let r = 0; r < 16; r++)
    std.push(Number(await sheet.locator(`.ag-row[row-index="${r}"] .ag-cell[col-id="std"]`).textContent()));
  await runFromPalette(page, "go to the worksheet", "Go to the worksheet");
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.closest(".ag-cell")?.getAttribute("col-id")))
    .toBe("y");
  for (const s of std) {
    await page.keyboard.type(String(y[s - 1]));
    await page.keyboard.press("Enter");
  }
  await expect(sheet.locator('.ag-row[row-index="15"] .ag-cell[col-id="y"]')).toHaveText(
    String(y[std[15] - 1]),
  );
  await page.keyboard.press("Control+Enter");
  await expect(page.getByTestId("doe-table-effects")).toBeVisible();
  const terms = row.terms as string[];
  const effects = (row.effects as unknown[]).map(fixtureNumber);
  const ss = (row.ss as unknown[]).map(fixtureNumber);
  const f = (row.f as unknown[]).map(fixtureNumber);
  const p = (row.p as unknown[]).map(fixtureNumber);
  for (const [i, term] of terms.entries()) {
    if (term === "Residuals") {
      await expectNumber(page, "anova", "Error", 2, ss[i], "SS error");
      continue;
    }
    await expectNumber(page, "effects", term, 2, effects[i], `effect ${term}`);
    await expectNumber(page, "anova", term, 2, ss[i], `SS ${term}`);
    await expectNumber(page, "anova", term, 4, f[i], `F ${term}`);
    await expectNumber(page, "anova", term, 5, p[i], `p ${term}`);
  }
  await expect(page.getByTestId("doe-chart").first()).toBeVisible();
  await shot(page, "doe-factorial");
  // The results as xlsx: one sheet per table, every digit.
  const download = page.waitForEvent("download");
  await runFromPalette(page, "export the results", "Export the results (xlsx)");
  const book = XLSX.read(readFileSync(await (await download).path()));
  expect(book.SheetNames).toEqual(["Effects and coefficients", "Analysis of variance", "Model"]);
  const exported = XLSX.utils.sheet_to_json<Record<string, unknown>>(book.Sheets["Effects and coefficients"]);
  expect(Math.abs(Number(exported[6].Effect) - effects[6])).toBeLessThanOrEqual(1e-9 * Math.abs(effects[6]));
  // Saved through /api/doe, then opened again from its address: the same numbers.
  await page.keyboard.press("Control+s");
  await expect.poll(() => page.evaluate(() => location.hash)).toMatch(/[?&]id=\d+/);
  const saved = await page.evaluate(() => location.hash);
  await page.reload();
  await expect(page.getByTestId("doe-table-effects")).toBeVisible({ timeout: 30_000 });
  expect(await page.evaluate(() => location.hash)).toBe(saved);
  await expectNumber(page, "effects", "ABC", 2, effects[6], "effect ABC after reopening");
  // The start page lists it; the palette opens it by name.
  await runFromPalette(page, "all tools", "Design of experiments: all tools");
  const storedList = page.getByTestId("doe-home").getByRole("region", { name: "Stored worksheets" });
  await expect(storedList.getByRole("button")).toHaveCount(1);
  await expect(storedList).toContainText("Full factorial");
  await shot(page, "doe-home-stored");
  await runFromPalette(
    page,
    "open full factorial 20",
    /^Open Full factorial 20\d\d-\d\d-\d\d \(Full factorial\)/,
  );
  await expect(page.getByTestId("doe-table-effects")).toBeVisible();

  // B vs C with its example: three B's above six C's.
  await runFromPalette(page, "open b vs c", "Open B vs C");
  await expect(page.getByTestId("doe-bvc")).toBeVisible();
  await page.keyboard.press("Control+Enter");
  await expect(page.getByTestId("doe-table-bvc")).toBeVisible();
  expect(await cellText(page, "bvc", "Overlap \\(pairs with C better\\)", 1)).toBe("0");
  await expectNumber(page, "bvc", "Risk of no overlap by chance", 1, 1 / 84, "risk");
  expect(await cellText(page, "bvc", "Decision", 1)).toBe("B is better");
  await shot(page, "doe-bvc");

  // Component search: stage 1 passes, the rotor is the Red X, the seal a Pink X, the capping run confirms.
  await runFromPalette(page, "open component search", "Open Component search");
  await expect(page.getByTestId("doe-componentSearch")).toBeVisible();
  const ratio = page.locator("input[name=dRatio]");
  await ratio.focus();
  await typeInto(page, "5");
  await page.keyboard.press("Control+Enter");
  await expect(page.getByTestId("doe-table-swaps")).toBeVisible();
  expect(await cellText(page, "swaps", "Rotor", 3)).toBe("Red X (complete reversal)");
  expect(await cellText(page, "swaps", "Seal", 3)).toBe("Pink X (partial: interaction)");
  expect(await cellText(page, "swaps", "Capping run", 3)).toBe("Confirmed");
  expect(await cellText(page, "stage1", "Go on to stage 2", 1)).toBe("Yes");
  await shot(page, "doe-component-search");

  // Each tool opens with a worked example: the drivers' tyres (pooled t 1.897), Modarres' repairs (Laplace
  // U 2.409), a multi-vari study.
  await runFromPalette(page, "open hypothesis tests", "Open Hypothesis tests");
  await page.keyboard.press("Control+Enter");
  await expect(page.getByTestId("doe-table-test")).toBeVisible();
  expect(Number(await cellText(page, "test", "Statistic", 1))).toBeCloseTo(1.897, 3);
  await shot(page, "doe-hypothesis");
  // Power and sample size beside the tests, solved in the worker as typed: R's n for 80% power
  // (tests/fixtures/doe/power.json's first case: two-sample, alpha 0.05, two-sided, as the form starts).
  const pw = readFixture<{ cases: Record<string, unknown>[] }>("doe/power.json").cases[0];
  const powerPanel = page.getByTestId("doe-power");
  for (const [name, value] of [
    ["delta", pw.delta],
    ["sd", pw.sd],
  ] as const) {
    await powerPanel.locator(`input[name=power-${name}]`).focus();
    await typeInto(page, String(fixtureNumber(value)));
  }
  const solved = page.getByTestId("doe-power-result").locator("span");
  await expect(solved).toContainText(`plan ${Math.ceil(fixtureNumber(pw.nFor80))}`);
  expect(Math.abs(Number(await solved.getAttribute("title")) - fixtureNumber(pw.nFor80))).toBeLessThan(1e-8);
  await powerPanel.scrollIntoViewIfNeeded();
  await shot(page, "doe-power");
  // Unsaved work survives a reload: a value typed into the worksheet is kept as a local draft, the browser
  // asks before leaving, and the draft is offered back (Enter restores it).
  await runFromPalette(page, "go to the worksheet", "Go to the worksheet");
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.closest(".ag-cell")?.getAttribute("col-id")))
    .toBe("s1");
  await page.keyboard.type("41.5");
  await page.keyboard.press("Enter");
  const firstCell = page.getByTestId("doe-sheet").locator('.ag-row[row-index="0"] .ag-cell[col-id="s1"]');
  await expect(firstCell).toHaveText("41.5");
  expect(await reloadAnsweringLeave(page)).toBe(true);
  const confirm = page.getByTestId("confirm-dialog");
  await expect(confirm).toContainText("Restore unsaved changes?");
  await expect(confirm).toContainText("'Hypothesis tests'");
  await expect(confirm.getByRole("button", { name: "Restore" })).toBeFocused();
  await shot(page, "doe-draft-offer");
  await page.keyboard.press("Enter");
  await expect(confirm).toBeHidden();
  await expect(firstCell).toHaveText("41.5");
  await expect(
    page.getByTestId("doe-sheet").locator('.ag-row[row-index="0"] .ag-cell[col-id="s2"]'),
  ).toHaveText("28");
  await runFromPalette(page, "open time trend", "Open Time trend");
  await page.keyboard.press("Control+Enter");
  await expect(page.getByTestId("doe-table-trend")).toBeVisible();
  expect(Number(await cellText(page, "trend", "Statistic", 1))).toBeCloseTo(2.409, 3);
  await shot(page, "doe-trend");
  await runFromPalette(page, "open multi-vari", "Open Multi-vari");
  await page.keyboard.press("Control+Enter");
  await expect(page.getByTestId("doe-table-families")).toBeVisible();
  expect(await cellText(page, "families", "Red X family", 1)).toBe("Time to time");
  await shot(page, "doe-multivari");

  // Scatter: a CSV imported through the palette's command (Ctrl+I), the line as R's lm fits it.
  const reg = R.regression[1];
  const xs = (reg.x as unknown[]).map(fixtureNumber);
  const ys = (reg.y as unknown[]).map(fixtureNumber);
  await runFromPalette(page, "open scatter", "Open Scatter and regression");
  const chooser = page.waitForEvent("filechooser");
  await page.keyboard.press("Control+i");
  await (await chooser).setFiles({
    name: "torque.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(`x,y\n${xs.map((x, i) => `${x},${ys[i]}`).join("\n")}\n`),
  });
  await expect(page.getByTestId("doe-sheet")).toContainText(`Rows: ${xs.length}`);
  await page.keyboard.press("Control+Enter");
  await expect(page.getByTestId("doe-table-regression")).toBeVisible();
  await expectNumber(page, "regression", "Slope", 1, fixtureNumber(reg.slope), "slope");
  await expectNumber(page, "regression", "r", 1, fixtureNumber(reg.r), "r");
  await shot(page, "doe-scatter");

  expect(await pointerEvents(page)).toBe(0);
  expect(errors).toEqual([]);
});
