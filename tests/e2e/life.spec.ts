// The life-data workbench against the production build and the real server, at 400,000 rows as a user works
// (issue 16): a seeded Weibull set with 30 % suspensions, headed by the sheet's own column titles, is imported
// from CSV and from xlsx (every suspension kept), paged through by keyboard, fitted (Weibull 2P, MLE, the
// CLI's numbers on the same file), saved with Ctrl+S pressed twice (one stored set, the row position kept),
// reloaded and reopened; a file with bad rows gets its messages line by line; the sheet is edited, copied,
// pasted and undone by keyboard alone. The timings and main-thread long tasks of each step go to
// bench/results/life-e2e.json (the last three runs and their medians; `npm run bench` prints it); screenshots
// of every life-data screen to test-results/screenshots/. No timing is asserted here.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import * as XLSX from "@e965/xlsx";
import { expect, type Page, test } from "@playwright/test";
import { LIFE_E2E_REPORT, type LifeE2eRun, summarizeRuns } from "../../bench/life-e2e.ts";
import {
  ADMIN,
  api,
  apiLogin,
  countPointerEvents,
  keyboardLogin,
  pointerEvents,
  runFromPalette,
  shot,
} from "./support/shell.ts";

const DIR = "test-results/life-e2e";
const ROWS = 400_000;

/** The sheet's own column titles (locales/en/life.json "columns"), as the sheet shows and exports them. */
const SHEET_HEADER = ["Quantity", "Start time", "End time", "State (F/S)", "Group"];
const SUSPENSIONS = (ROWS / 10) * 3;

/**
 * Weibull(beta 1.8, eta 1000) lifetimes from a fixed LCG; three units in ten are suspended at 60 % of their
 * life (120,000 suspensions). Written as CSV and as xlsx with the sheet's own header.
 */
function writeBigFiles(csvPath: string, xlsxPath: string): void {
  let seed = 12345;
  const random = () => {
    // Math.imul keeps the product exact (a plain product passes 2^53 and the sequence degenerates).
    seed = (Math.imul(seed, 1103515245) + 12345) & 0x7fffffff;
    return (seed + 0.5) / 2147483648;
  };
  const aoa: Array<Array<string | number | null>> = [SHEET_HEADER];
  const lines = [SHEET_HEADER.join(",")];
  for (let i = 0; i < ROWS; i++) {
    const t = 1000 * (-Math.log(random())) ** (1 / 1.8);
    const suspended = i % 10 < 3;
    const end = Math.round((suspended ? 0.6 * t : t) * 1000) / 1000;
    aoa.push([1, null, end, suspended ? "S" : "F", 1]);
    lines.push(`1,,${end},${suspended ? "S" : "F"},1`);
  }
  writeFileSync(csvPath, `${lines.join("\n")}\n`);
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(aoa, { dense: true }), "data");
  writeFileSync(xlsxPath, XLSX.write(book, { type: "buffer", bookType: "xlsx", compression: true }));
}

function cliFit(path: string): {
  parameters: Record<string, number>;
  logLikelihood: number;
  counts: { failures: number; suspensions: number };
  at: Array<{ time: number; reliability: number; lower: number; upper: number }>;
} {
  const out = execFileSync(
    process.execPath,
    [
      "bin/relbench.mjs",
      "life",
      "fit",
      path,
      "--dist",
      "weibull2p",
      "--method",
      "mle",
      "--at",
      "500",
      "--json",
    ],
    {
      encoding: "utf8",
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  return JSON.parse(out);
}

async function watchLongTasks(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __longTasks: Array<{ start: number; duration: number }> };
    w.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__longTasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: "longtask", buffered: true });
  });
}

/** The longest main-thread task and the tasks over 50 ms that overlap [since, until]. */
async function tasksBetween(
  page: Page,
  since: number,
  until = Number.POSITIVE_INFINITY,
): Promise<{ longestTaskMs: number; tasksOver50: number; busyOver50Ms: number }> {
  const tasks = await page.evaluate(
    ([t0, t1]) =>
      (window as unknown as { __longTasks: Array<{ start: number; duration: number }> }).__longTasks
        .filter((e) => e.start + e.duration >= t0 && e.start <= t1)
        .map((e) => e.duration),
    [since, until] as const,
  );
  return {
    longestTaskMs: Math.round(Math.max(0, ...tasks)),
    tasksOver50: tasks.length,
    busyOver50Ms: Math.round(tasks.reduce((sum, d) => sum + d, 0)),
  };
}

/** A step's wall time on the page's clock and its long tasks. */
async function step(page: Page, since: number) {
  const until = await now(page);
  return { ms: Math.round(until - since), ...(await tasksBetween(page, since, until)) };
}

const now = (page: Page): Promise<number> => page.evaluate(() => performance.now());

/**
 * Waits until the element with `testId` holds `text`, polled by the page every 50 ms: the end of a timed
 * step. (Playwright's expect builds an accessibility snapshot on the page's main thread at failed polls,
 * which would count in the step's long tasks.)
 */
async function until(page: Page, testId: string, text: string, timeout = 180_000): Promise<void> {
  await page.waitForFunction(
    ([id, t]) => document.querySelector(`[data-testid="${id}"]`)?.textContent?.includes(t) ?? false,
    [testId, text] as const,
    { polling: 50, timeout },
  );
}

async function login(page: Page, path: string): Promise<void> {
  await page.goto(`/#/login?redirect=${encodeURIComponent(path)}`);
  await keyboardLogin(page, ADMIN.userName, ADMIN.password);
  await expect(page.getByTestId("life-page").or(page.getByTestId("life-analysis"))).toBeVisible({
    timeout: 30_000,
  });
}

async function newDataSet(page: Page, name: string): Promise<void> {
  await page.keyboard.press("Alt+n");
  const dialog = page.getByTestId("life-name-dialog");
  await expect(dialog).toBeVisible();
  await page.keyboard.press("Control+a");
  await page.keyboard.type(name);
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("life-name")).toHaveValue(name);
}

const parameter = (page: Page, name: string) =>
  page.locator(`[data-testid=life-parameters] tr[data-parameter=${name}] td[data-value]`);

test.describe.configure({ mode: "serial" });
// The 400,000-row steps are timed on the page's clock: Playwright's trace would take a DOM snapshot on the
// main thread at every key press and count in every step (Playwright allows this switch per file only).
test.use({ trace: "off" });

/** The sheet's status line names the focused cell ("End time 2241"). */
const focusedCell = (page: Page) => page.getByTestId("life-sheet").locator(".data-sheet-cell");

test.describe("at 400,000 rows", () => {
  test("400,000 rows: import CSV and xlsx with the sheet's headers, page, fit as the CLI does, save twice, reopen", async ({
    page,
    request,
  }) => {
    test.setTimeout(900_000);
    await page.setViewportSize({ width: 1920, height: 1080 });
    mkdirSync(DIR, { recursive: true });
    const csv = `${DIR}/weibull-400k.csv`;
    const xlsx = `${DIR}/weibull-400k.xlsx`;
    writeBigFiles(csv, xlsx);
    const reference = cliFit(csv);
    expect(reference.counts.suspensions, "the CLI reads the sheet's 'State (F/S)' header").toBe(SUSPENSIONS);
    const name = `Warranty 400k ${Date.now() % 1_000_000}`;

    await watchLongTasks(page);
    await login(page, "/lifeData/weibull");
    await newDataSet(page, name);

    // Import: Ctrl+O, choose the file, read the report, take the good rows; CSV, then the same rows as xlsx.
    const importFile = async (file: string) => {
      await page.keyboard.press("Control+o");
      await expect(page.getByTestId("life-import")).toBeVisible();
      const start = await now(page);
      await page.getByTestId("import-file").setInputFiles(file);
      await until(page, "import-report", `${ROWS} rows read, 0 rejected`);
      const report = page.getByTestId("import-report");
      // Every header understood: no unused column, no default to confirm.
      await expect(report).not.toContainText("Columns not used");
      await expect(page.getByTestId("import-defaults")).toHaveCount(0);
      await page.getByTestId("import-good").click();
      await until(page, "life-sheet", `Rows: ${ROWS}`);
      return step(page, start);
    };
    const importCsv = await importFile(csv);
    await shot(page, "life-sheet-400k");
    const importXlsx = await importFile(xlsx);

    // Paging: PageDown from the first end time; one press, then 49 more as fast as the keyboard sends them.
    const sheet = page.getByTestId("life-sheet");
    const endCell = (row: number) => sheet.locator(`.ag-row[row-index="${row}"] .ag-cell[col-id="end"]`);
    await endCell(0).click();
    await expect(focusedCell(page)).toHaveText("End time 1");
    const rowOf = async () => Number((await focusedCell(page).textContent())?.replace(/\D+/g, ""));
    await page.keyboard.press("PageDown");
    await expect(focusedCell(page)).not.toHaveText("End time 1");
    const pageRows = (await rowOf()) - 1;
    const pagingStart = await now(page);
    for (let i = 0; i < 49; i++) await page.keyboard.press("PageDown");
    // Every press moves one page: none is dropped however fast they come.
    await expect(focusedCell(page)).toHaveText(`End time ${1 + 50 * pageRows}`);
    const paging = { pages: 49, rowsPerPage: pageRows, ...(await step(page, pagingStart)) };
    const position = await rowOf();
    await expect(sheet.locator(`.ag-row[row-index="${position - 1}"]`)).toBeVisible();

    // Fit: Ctrl+Enter from inside the sheet; the results and the probability plot appear; the key stays out of
    // the grid (the focused cell does not move).
    const fitStart = await now(page);
    await page.keyboard.press("Control+Enter");
    await until(page, "life-counts", `${ROWS} rows`);
    await page.waitForFunction(() => document.querySelector("[data-testid=plot-probability] svg circle"));
    const fit = await step(page, fitStart);
    await expect(focusedCell(page)).toHaveText(`End time ${position}`);
    const beta = Number(await parameter(page, "beta").getAttribute("data-value"));
    const eta = Number(await parameter(page, "eta").getAttribute("data-value"));
    expect(Math.abs(beta - reference.parameters.beta) / reference.parameters.beta).toBeLessThan(1e-12);
    expect(Math.abs(eta - reference.parameters.eta) / reference.parameters.eta).toBeLessThan(1e-12);
    // Every suspension survived the import under the sheet's own 'State (F/S)' header.
    await expect(page.getByTestId("life-counts")).toContainText(
      `${ROWS - SUSPENSIONS} failures, ${SUSPENSIONS} suspensions`,
    );
    await expect(page.getByTestId("life-parameters").locator("tbody tr").first()).toHaveAttribute(
      "data-parameter",
      "beta",
    );
    const plot = page.getByTestId("plot-probability");
    const dots = await plot.locator("svg g[aria-label=dot] circle").count();
    expect(dots, "400,000 positions are thinned to what the eye can tell apart").toBeLessThan(20_000);
    expect(dots).toBeGreaterThan(100);
    await shot(page, "life-fit-400k");
    await plot.screenshot({ path: "test-results/screenshots/life-plot-400k.png" });

    // Save: Ctrl+S twice in quick succession, the second while the first is on its way: one stored set, and
    // the sheet keeps its row and focused cell.
    await endCell(position - 1).click();
    const saveStart = await now(page);
    await page.keyboard.press("Control+s");
    await page.keyboard.press("Control+s");
    await page.waitForFunction(
      () => document.querySelector("[data-testid=life-state]")?.textContent === "Saved",
      undefined,
      { polling: 50, timeout: 180_000 },
    );
    const save = await step(page, saveStart);
    await expect(focusedCell(page)).toHaveText(`End time ${position}`);
    await expect(sheet.locator(`.ag-row[row-index="${position - 1}"]`)).toBeVisible();
    await expect(sheet.locator(".ag-cell-focus[col-id=end]")).toBeVisible();
    const { token } = await apiLogin(request, ADMIN.userName, ADMIN.password);
    const stored = await api<{ items: Array<{ id: number; name: string }> }>(
      request,
      token,
      "GET",
      `/wb/analyses?name=${encodeURIComponent(name)}`,
    );
    expect(stored.items.map((i) => i.name)).toEqual([name]);

    // Reload and open it from the list: the same numbers without running again.
    await page.reload();
    await expect(page.getByTestId("life-page")).toBeVisible({ timeout: 30_000 });
    const entry = page.locator("[data-set-id]", { hasText: name });
    await expect(entry).toHaveCount(1);
    await entry.focus();
    const openStart = await now(page);
    await page.keyboard.press("Enter");
    await until(page, "life-sheet", `Rows: ${ROWS}`);
    const reopenRows = await step(page, openStart);
    await page.waitForFunction(() => document.querySelector("[data-testid=plot-probability] svg circle"));
    const reopen = { rowsShown: reopenRows, ...(await step(page, openStart)) };
    expect(Number(await parameter(page, "beta").getAttribute("data-value"))).toBe(beta);
    expect(Number(await parameter(page, "eta").getAttribute("data-value"))).toBe(eta);
    await expect(page.getByTestId("life-parameters").locator("tbody tr").first()).toHaveAttribute(
      "data-parameter",
      "beta",
    );
    await expect(page.getByTestId("life-results")).not.toContainText("The data changed");
    await shot(page, "life-reloaded-400k");

    // The calculator over the stored fit: R(500) with its bounds as the CLI reports them at 500.
    await page.keyboard.press("Alt+c");
    await expect(page.getByTestId("life-calculator")).toBeVisible();
    await page.locator("input[name=a]").fill("500");
    await page.keyboard.press("Enter");
    const answer = page.getByTestId("calc-answers").locator("tbody tr").first();
    await expect(answer).toBeVisible();
    const r500 = Number(await answer.locator("td[data-value]").getAttribute("data-value"));
    expect(Math.abs(r500 - reference.at[0].reliability)).toBeLessThan(1e-12);
    const lower = Number(await answer.locator("td[data-lower]").getAttribute("data-lower"));
    const upper = Number(await answer.locator("td[data-upper]").getAttribute("data-upper"));
    expect(Math.abs(lower - reference.at[0].lower)).toBeLessThan(1e-12);
    expect(Math.abs(upper - reference.at[0].upper)).toBeLessThan(1e-12);
    await shot(page, "life-calculator-400k");

    // Sort all 400,000 rows by end time, largest first (the radix sort runs in the worker), and undo it.
    await page.goBack();
    await expect(sheet).toContainText(`Rows: ${ROWS}`);
    const firstEnd = await endCell(0).textContent();
    await endCell(0).click();
    const sortStart = await now(page);
    await runFromPalette(page, "largest first", "Sort rows by this column, largest first");
    await expect(endCell(0)).not.toHaveText(firstEnd ?? "");
    const sort = await step(page, sortStart);
    const ends = await Promise.all(
      Array.from({ length: 10 }, async (_, i) => Number(await endCell(i).textContent())),
    );
    for (let i = 1; i < ends.length; i++) expect(ends[i]).toBeLessThanOrEqual(ends[i - 1]);
    await expect(sheet).toContainText(`Rows: ${ROWS}`);
    // the same rows in another order: the fit still belongs to them
    await expect(page.getByTestId("life-results")).toBeVisible();
    await expect(page.getByTestId("life-results")).not.toContainText("The data changed");
    await page.keyboard.press("Control+z");
    await expect(endCell(0)).toHaveText(firstEnd ?? "");

    const run: LifeE2eRun = {
      at: new Date().toISOString(),
      commit: gitCommit(),
      rows: ROWS,
      suspensions: SUSPENSIONS,
      viewport: "1920x1080",
      steps: { importCsv, importXlsx, paging, fit, save, reopen, sort },
      plottedPoints: dots,
      cli: reference.parameters,
      app: { beta, eta },
    };
    const previous = existsSync(LIFE_E2E_REPORT) ? JSON.parse(readFileSync(LIFE_E2E_REPORT, "utf8")) : null;
    const report = summarizeRuns([...(previous?.runs ?? []), run]);
    mkdirSync("bench/results", { recursive: true });
    writeFileSync(LIFE_E2E_REPORT, `${JSON.stringify(report, null, 2)}\n`);
    console.log("life e2e", JSON.stringify(run.steps));
  });
});

function gitCommit(): string {
  try {
    return execFileSync("git", ["rev-parse", "--short", "HEAD"], { encoding: "utf8" }).trim();
  } catch {
    return "unknown";
  }
}

test("a file with bad rows: read, rejected and why, by line; bad cells marked and kept", async ({ page }) => {
  mkdirSync(DIR, { recursive: true });
  const file = `${DIR}/bad-rows.csv`;
  writeFileSync(
    file,
    [
      "quantity,start,end,state,group",
      "1,,100,F,1",
      "1,,,F,1",
      "1,,abc,F,1",
      "1,,-20,F,1",
      "1,300,200,F,1",
      "1,,150,X,1",
      "2,,400,S,1",
      "",
    ].join("\n"),
  );
  await login(page, "/lifeData/weibull");
  await newDataSet(page, "Bad rows");
  await page.keyboard.press("Control+o");
  await page.getByTestId("import-file").setInputFiles(file);
  const report = page.getByTestId("import-report");
  await expect(report).toContainText("7 rows read, 5 rejected, 2 good");
  const issues = page.getByTestId("import-issues");
  await expect(issues).toContainText("Line 3, End time: This cell is required and empty.");
  await expect(issues).toContainText("Line 4, End time: 'abc' is not a number.");
  await expect(issues).toContainText("Line 5, End time: -20 is negative; negative values are not allowed.");
  await expect(issues).toContainText("Line 6, Start time: Start time must be less than the end time.");
  await expect(issues).toContainText("Line 7, State (F/S): State must be F (failure) or S (suspension).");
  await shot(page, "life-import-bad-rows");

  // Import everything: the bad cells are marked, what the file held is kept, saving is refused until fixed.
  await page.getByTestId("import-all").click();
  const sheet = page.getByTestId("life-sheet");
  await expect(sheet).toContainText("Rows: 7");
  await expect(sheet.locator(".sheet-invalid")).toHaveCount(5);
  await expect(sheet.locator(".sheet-invalid", { hasText: "abc" })).toHaveCount(1);
  await page.keyboard.press("Control+s");
  await expect(page.getByTestId("message")).toContainText("cells break a rule");
  await shot(page, "life-bad-cells-marked");
});

test("a header not understood beside a defaulted column: the value every row takes is shown and confirmed", async ({
  page,
}) => {
  mkdirSync(DIR, { recursive: true });
  const file = `${DIR}/unknown-header.csv`;
  writeFileSync(file, "End time,Status code\n100,S\n200,F\n250,S\n");
  await login(page, "/lifeData/weibull");
  await newDataSet(page, "Unknown header");
  await page.keyboard.press("Control+o");
  await page.getByTestId("import-file").setInputFiles(file);
  const defaults = page.getByTestId("import-defaults");
  await expect(defaults).toContainText("No State (F/S) column: all 3 rows will be imported as F.");
  await expect(defaults).toContainText("No Quantity column: all 3 rows will be imported as 1.");
  await expect(page.getByTestId("import-good")).toBeDisabled();
  await shot(page, "life-import-defaults");
  await page.getByTestId("import-confirm-defaults").check();
  await page.getByTestId("import-good").click();
  await expect(page.getByTestId("life-sheet")).toContainText("Rows: 3");
});

test("keyboard only: type, move, clear, copy and paste a block, undo and redo", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await countPointerEvents(page);
  await login(page, "/lifeData/weibull");
  await newDataSet(page, "Typed by keyboard");
  // Into the sheet by Tab from the description field, then to row 1, Quantity, with arrow keys.
  await page.getByLabel("Description").focus();
  const active = () =>
    page.evaluate(() => {
      const el = document.activeElement?.closest(".ag-cell, .ag-header-cell");
      return el ? `${el.classList.contains("ag-cell") ? "cell" : "header"}:${el.getAttribute("col-id")}` : "";
    });
  for (let i = 0; i < 8 && (await active()) === ""; i++) await page.keyboard.press("Tab");
  // Tab lands on a column header: to Quantity's, then down into row 1.
  for (
    let i = 0;
    i < 6 && (await active()).startsWith("header") && (await active()) !== "header:quantity";
    i++
  )
    await page.keyboard.press("ArrowRight");
  if ((await active()).startsWith("header")) await page.keyboard.press("ArrowDown");
  for (let i = 0; i < 6 && (await active()) !== "cell:quantity"; i++) await page.keyboard.press("ArrowLeft");
  expect(await active()).toBe("cell:quantity");
  const sheet = page.getByTestId("life-sheet");
  const cell = (row: number, col: string) =>
    sheet.locator(`.ag-row[row-index="${row}"] .ag-cell[col-id="${col}"]`);
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  for (const value of ["120", "250", "380"]) {
    await page.keyboard.type(value);
    await page.keyboard.press("Enter");
  }
  await expect(cell(0, "end")).toHaveText("120");
  await expect(cell(2, "end")).toHaveText("380");
  // State of row 1: up three rows, right one.
  for (let i = 0; i < 3; i++) await page.keyboard.press("ArrowUp");
  await page.keyboard.press("ArrowRight");
  await page.keyboard.type("s");
  await page.keyboard.press("Enter");
  await expect(cell(0, "state")).toHaveText("S");
  // End time rows 1-3 as a block (Shift+arrows), copied, pasted three rows down (rows 4-6).
  await page.keyboard.press("ArrowUp");
  await page.keyboard.press("ArrowLeft");
  expect(await active()).toBe("cell:end");
  await page.keyboard.press("Shift+ArrowDown");
  await page.keyboard.press("Shift+ArrowDown");
  await expect(sheet).toContainText("Selected: 3 × 1");
  await page.keyboard.press("Control+c");
  for (let i = 0; i < 3; i++) await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Control+v");
  await expect(cell(3, "end")).toHaveText("120");
  await expect(cell(5, "end")).toHaveText("380");
  await expect(sheet).toContainText("Rows: 6");
  // Delete clears; Ctrl+Z brings it back; Ctrl+Y clears again; two more Ctrl+Z undo the paste too.
  await page.keyboard.press("Escape");
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Delete");
  await expect(cell(4, "end")).toHaveText("");
  await page.keyboard.press("Control+z");
  await expect(cell(4, "end")).toHaveText("250");
  await page.keyboard.press("Control+y");
  await expect(cell(4, "end")).toHaveText("");
  await page.keyboard.press("Control+z");
  await page.keyboard.press("Control+z");
  await expect(sheet).toContainText("Rows: 3");
  // A bad entry is kept as typed and marked with the rule's message.
  for (let i = 0; i < 3; i++) await page.keyboard.press("ArrowUp");
  await page.keyboard.type("12x");
  await page.keyboard.press("Enter");
  await expect(cell(1, "end")).toHaveText("12x");
  await expect(cell(1, "end")).toHaveClass(/sheet-invalid/);
  await page.keyboard.press("ArrowUp");
  await expect(sheet).toContainText("'12x' is not a number.");
  // Sorted by the focused column from the palette, largest first: the bad cell goes last, still marked;
  // one Ctrl+Z gives the rows back in their order.
  await runFromPalette(page, "largest first", "Sort rows by this column, largest first");
  await expect(cell(0, "end")).toHaveText("380");
  await expect(cell(1, "end")).toHaveText("120");
  await expect(cell(1, "state")).toHaveText("S");
  await expect(cell(2, "end")).toHaveText("12x");
  await expect(cell(2, "end")).toHaveClass(/sheet-invalid/);
  expect(await active()).toBe("cell:end");
  await page.keyboard.press("Control+z");
  await expect(cell(0, "end")).toHaveText("120");
  await expect(cell(0, "state")).toHaveText("S");
  await expect(cell(1, "end")).toHaveText("12x");
  await expect(cell(2, "end")).toHaveText("380");
  await shot(page, "life-keyboard-editing");
  expect(await pointerEvents(page)).toBe(0);
});

test("the analysis page, guide, calculator and multi-plot rules on stored sets", async ({ page }) => {
  test.setTimeout(240_000);
  await login(page, "/lifeData/weibull");
  // The demo set: open, run, save.
  await page.locator("[data-set-id]", { hasText: "Bearing field data" }).click();
  await expect(page.getByTestId("life-name")).toHaveValue("Bearing field data");
  await page.keyboard.press("Control+Enter");
  await expect(page.getByTestId("life-results")).toBeVisible({ timeout: 60_000 });
  await page.keyboard.press("Control+s");
  await expect(page.getByTestId("life-state")).toHaveText("Saved", { timeout: 60_000 });
  await shot(page, "life-demo-fit");

  // Multi-plot needs two data sets.
  await page.keyboard.press("Alt+m");
  const multi = page.getByTestId("life-multi");
  await expect(multi).toBeVisible();
  await multi.getByRole("button", { name: "Draw" }).click();
  await expect(page.getByTestId("multi-problem")).toHaveText(
    "At least two datasets are needed for a multi-plot.",
  );
  await page.keyboard.press("Escape");

  // A second set from random numbers (Weibull), fitted and saved.
  await newDataSet(page, "Random Weibull");
  await page.keyboard.press("Alt+Shift+r");
  await expect(page.getByTestId("life-random")).toBeVisible();
  await shot(page, "life-random-dialog");
  await page.getByTestId("life-random").getByRole("button", { name: "Generate" }).click();
  await expect(page.getByTestId("life-sheet")).toContainText("Rows: 100");
  await page.keyboard.press("Control+Enter");
  await expect(page.getByTestId("life-results")).toBeVisible({ timeout: 60_000 });
  await page.keyboard.press("Control+s");
  await expect(page.getByTestId("life-state")).toHaveText("Saved", { timeout: 60_000 });

  // Multi-plot of both; the same pair again is refused.
  for (const expectOk of [true, false]) {
    await page.keyboard.press("Alt+m");
    await expect(multi).toBeVisible();
    await multi
      .getByLabel(/Bearing field data/)
      .first()
      .check();
    await multi
      .getByLabel(/Random Weibull/)
      .first()
      .check();
    if (!expectOk) await multi.getByLabel("Multi-plot name").fill("Second comparison");
    await multi.getByRole("button", { name: "Draw" }).click();
    if (expectOk) {
      await expect(page.getByTestId("life-multichart")).toBeVisible();
      await expect(page.getByTestId("multi-plot").locator("svg")).toBeVisible();
      await shot(page, "life-multi-plot");
      await page.goto("/#/lifeData/weibull");
      await expect(page.getByTestId("life-page")).toBeVisible();
    } else {
      await expect(page.getByTestId("multi-problem")).toHaveText("Multi-plot cannot be duplicated.");
      await page.keyboard.press("Escape");
    }
  }

  // The analysis page of the set in front, the guides and the calculator.
  await page.keyboard.press("Alt+Shift+p");
  await expect(page.getByTestId("life-analysis")).toBeVisible();
  const plot = page.getByTestId("analysis-plot");
  await expect(plot.locator("svg")).toBeVisible();
  // Hover read-out of a plotting position.
  const box = await plot.locator("svg g[aria-label=dot] circle").nth(20).boundingBox();
  if (!box) throw new Error("no plotting position drawn");
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await expect(plot.locator("svg g[aria-label=tip]").first()).toContainText("F =");
  await shot(page, "life-analysis-page");
  // The likelihood-ratio contour, computed when asked for.
  await plot.locator("[data-plot-kind=contour]").click();
  await page.getByTestId("compute-contour").click();
  await expect(page.getByTestId("plot-contour").locator("svg")).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId("plot-contour").locator("svg")).toContainText("beta");
  await shot(page, "life-contour");
  await page.goto(page.url().replace("/analysis/index", "/distributionGuide"));
  await expect(page.getByTestId("guide-table")).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId("guide-table")).toContainText("Weibull 2P");
  await shot(page, "life-distribution-guide");
  await page.goto(page.url().replace("/distributionGuide", "/distributionGuideDe"));
  await expect(page.getByTestId("guide-plot").locator("svg").filter({ visible: true })).toBeVisible({
    timeout: 60_000,
  });
  await shot(page, "life-distribution-guide-detail");
  await page.goto(page.url().replace("/distributionGuideDe", "/calculator"));
  await expect(page.getByTestId("life-calculator")).toBeVisible();
  await page.getByTestId("calc-run").click();
  await expect(page.getByTestId("calc-answers").locator("tbody tr")).toHaveCount(1);
  await shot(page, "life-calculator");
});

test("exports from the palette: template, data as csv, results as xlsx, the plot as SVG and PNG; other languages", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await login(page, "/lifeData/weibull");
  await page.locator("[data-set-id]", { hasText: "Bearing field data" }).click();
  await expect(page.getByTestId("life-name")).toHaveValue("Bearing field data");
  await runFromPalette(page, "run the analysis", "Run the analysis");
  await expect(page.getByTestId("life-results")).toBeVisible({ timeout: 60_000 });

  const download = async (run: () => Promise<void>) => {
    const wait = page.waitForEvent("download");
    await run();
    const file = await wait;
    const path = `${DIR}/${file.suggestedFilename()}`;
    await file.saveAs(path);
    return path;
  };
  const template = await download(() =>
    runFromPalette(page, "import template", "Download the import template"),
  );
  const book = XLSX.read(readFileSync(template));
  const rows = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]], { header: 1 });
  expect(rows[0]).toEqual(["quantity", "start", "end", "state", "group"]);
  const csv = await download(() => runFromPalette(page, "export the data (csv)", "Export the data (csv)"));
  const lines = readFileSync(csv, "utf8")
    .replace(/^\ufeff/, "")
    .trim()
    .split(/\r?\n/);
  expect(lines[0]).toBe("quantity,start,end,state,group");
  expect(lines).toHaveLength(11);
  expect(lines[1]).toBe("1,,150,F,");
  const results = await download(() =>
    runFromPalette(page, "export the results", "Export the results (xlsx)"),
  );
  const resultBook = XLSX.read(readFileSync(results));
  expect(resultBook.SheetNames.length).toBe(2);
  const svg = await download(() =>
    page.getByTestId("plot-probability").getByRole("button", { name: "SVG" }).click(),
  );
  expect(readFileSync(svg, "utf8")).toContain("<svg");
  const png = await download(() =>
    page.getByTestId("plot-probability").getByRole("button", { name: "PNG" }).click(),
  );
  expect(readFileSync(png).subarray(1, 4).toString()).toBe("PNG");

  // The shared page of the other life-data routes, and the workbench in Chinese and Japanese.
  await page.goto("/#/lifeData/degradation");
  await expect(page.getByTestId("life-page").last()).toBeVisible();
  await shot(page, "life-degradation-shared");
  await page.goto("/#/lifeData/weibull");
  await expect(page.getByTestId("life-run").filter({ visible: true })).toHaveText("Run");
  for (const [lang, query, menu, label] of [
    ["zh", "chinese", "Language…", "运行"],
    ["ja", "japanese", "语言…", "実行"],
    ["en", "english", "言語…", "Run"],
  ] as const) {
    await runFromPalette(page, "language", menu, "page");
    await page.keyboard.type(query);
    await page.keyboard.press("Enter");
    await expect(page.locator("html")).toHaveAttribute("lang", lang);
    await expect(page.getByTestId("life-run").filter({ visible: true })).toHaveText(label, {
      timeout: 30_000,
    });
    if (lang !== "en") await shot(page, `life-workbench-${lang}`);
  }
});
