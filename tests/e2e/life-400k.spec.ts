// The life-data screen at 400,000 rows as a user works it (issue 16), against the production build and the
// real server: a seeded Weibull set with 30 % suspensions, headed by the sheet's own column titles, is imported
// from CSV and from xlsx (every suspension kept), paged through by keyboard, fitted (Weibull 2P, MLE, the CLI's
// numbers on the same file), saved with Ctrl+S pressed twice (one stored set, the row position kept), reloaded
// and reopened. The timings and main-thread long tasks of each step go to bench/results/life-e2e.json (the last
// three runs and their medians; `npm run bench` prints it); screenshots to test-results/screenshots/. No timing
// is asserted here. The other life-data scenarios are in life.spec.ts.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import * as XLSX from "@e965/xlsx";
import { expect, type Page, test } from "@playwright/test";
import { LIFE_E2E_REPORT, type LifeE2eRun, summarizeRuns } from "../../bench/life-e2e.ts";
import { login, newDataSet } from "./support/life.ts";
import { now, step, watchLongTasks } from "./support/long-tasks.ts";
import { ADMIN, api, apiLogin, runFromPalette, shot } from "./support/shell.ts";

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
  at: Array<{
    time: number;
    reliability: number;
    lower: number;
    upper: number;
    unreliability: { value: number; lower: number; upper: number };
  }>;
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

const parameter = (page: Page, name: string) =>
  page.locator(`[data-testid=life-parameters] tr[data-parameter=${name}] td[data-value]`);

// The steps are timed on the page's clock: Playwright's trace would take a DOM snapshot on the main thread at
// every key press and count in every step (Playwright allows this switch per file only, hence a file of its own).
test.use({ trace: "off" });

/**
 * Records what the set's state line and the Save button show, each change as it happens (a MutationObserver:
 * no polling on the page), until setStates reads them.
 */
async function recordSetState(page: Page): Promise<void> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { __setStates: string[] }).__setStates = seen;
    const state = () => {
      const label = document.querySelector("[data-testid=life-state]")?.textContent ?? "";
      const busy = document.querySelector("[data-testid=life-busy]") ? "progress" : "no progress";
      const button = document.querySelector<HTMLButtonElement>("button[data-command='life.save']");
      const text = `${label}, ${busy}, Save ${button?.disabled ? "off" : "on"}`;
      if (seen.at(-1) !== text) seen.push(text);
    };
    state();
    new MutationObserver(state).observe(document.body, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
      attributeFilter: ["disabled"],
    });
  });
}

const setStates = (page: Page): Promise<string[]> =>
  page.evaluate(() => (window as unknown as { __setStates: string[] }).__setStates);

/** The sheet's status line names the focused cell ("End time, row 2241"). */
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
      // What the progress line said, as the user saw it change (a MutationObserver: no polling on the page).
      await page.evaluate(() => {
        const seen: string[] = [];
        (window as unknown as { __progress: string[] }).__progress = seen;
        new MutationObserver(() => {
          const text = document.querySelector('[data-testid="import-progress"] span')?.textContent ?? "";
          if (text && seen.at(-1) !== text) seen.push(text);
        }).observe(document.body, { subtree: true, childList: true, characterData: true });
      });
      const start = await now(page);
      await page.getByTestId("import-file").setInputFiles(file);
      await until(page, "import-report", `${ROWS} rows read, 0 rejected`);
      const report = page.getByTestId("import-report");
      // Every header understood: no unused column, no default to confirm.
      await expect(report).not.toContainText("Columns not used");
      await expect(page.getByTestId("import-defaults")).toHaveCount(0);
      await page.getByTestId("import-good").click();
      await until(page, "life-sheet", `Rows: ${ROWS}`);
      const timing = await step(page, start);
      const progress = await page.evaluate(() => (window as unknown as { __progress: string[] }).__progress);
      return { timing, progress };
    };
    const { timing: importCsv } = await importFile(csv);
    await shot(page, "life-sheet-400k");
    const { timing: importXlsx, progress: xlsxProgress } = await importFile(xlsx);
    // The workbook's parse reports how far it got, not one silent stage.
    const parsing = xlsxProgress
      .map((text) => /^Parsing the workbook (\d+) %$/.exec(text)?.[1])
      .filter((p): p is string => p !== undefined)
      .map(Number);
    expect(parsing.filter((p) => p > 0 && p < 100).length, xlsxProgress.join(" | ")).toBeGreaterThan(3);

    // Paging: PageDown from the first end time; one press, then 49 more as fast as the keyboard sends them.
    const sheet = page.getByTestId("life-sheet");
    const endCell = (row: number) => sheet.locator(`.ag-row[row-index="${row}"] .ag-cell[col-id="end"]`);
    await endCell(0).click();
    await expect(focusedCell(page)).toHaveText("End time, row 1");
    const rowOf = async () => Number((await focusedCell(page).textContent())?.replace(/\D+/g, ""));
    await page.keyboard.press("PageDown");
    await expect(focusedCell(page)).not.toHaveText("End time, row 1");
    const pageRows = (await rowOf()) - 1;
    const pagingStart = await now(page);
    for (let i = 0; i < 49; i++) await page.keyboard.press("PageDown");
    // Every press moves one page: none is dropped however fast they come.
    await expect(focusedCell(page)).toHaveText(`End time, row ${1 + 50 * pageRows}`);
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
    await expect(focusedCell(page)).toHaveText(`End time, row ${position}`);
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
    // The plot says that it thinned the points and how many of the failures' positions it draws.
    const note = /^(\d+) of (\d+) points drawn \(thinned\)$/.exec(
      (await plot.locator("svg text", { hasText: "points drawn" }).textContent()) ?? "",
    );
    expect(note?.slice(2).map(Number), "the plot's thinning note").toEqual([ROWS - SUSPENSIONS]);
    expect(Number(note?.[1])).toBeLessThan(ROWS - SUSPENSIONS);
    await shot(page, "life-fit-400k");
    await plot.screenshot({ path: "test-results/screenshots/life-plot-400k.png" });

    // Save: Ctrl+S twice in quick succession, the second while the first is on its way: one stored set, and
    // the sheet keeps its row and focused cell.
    await endCell(position - 1).click();
    // What the save state and the Save button showed, each change as it happened, from the first press on.
    await recordSetState(page);
    const saveStart = await now(page);
    await page.keyboard.press("Control+s");
    await page.keyboard.press("Control+s");
    await page.waitForFunction(
      () => document.querySelector("[data-testid=life-state]")?.textContent === "Saved",
      undefined,
      { polling: 50, timeout: 180_000 },
    );
    const save = await step(page, saveStart);
    // The first thing the press changed: the state says Saving with a progress bar and Save is off, until the
    // set is stored.
    const saveStates = await setStates(page);
    expect(saveStates, saveStates.join(" | ")).toEqual([
      "Unsaved changes, no progress, Save on",
      "Saving…, progress, Save off",
      "Saved, no progress, Save on",
    ]);
    await expect(focusedCell(page)).toHaveText(`End time, row ${position}`);
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
    await recordSetState(page);
    const openStart = await now(page);
    await page.keyboard.press("Enter");
    await until(page, "life-sheet", `Rows: ${ROWS}`);
    const reopenRows = await step(page, openStart);
    await page.waitForFunction(() => document.querySelector("[data-testid=plot-probability] svg circle"));
    const reopen = { rowsShown: reopenRows, ...(await step(page, openStart)) };
    // Opening said so with a progress bar until the set was there.
    const openStates = await setStates(page);
    expect(openStates.slice(-2), openStates.join(" | ")).toEqual([
      "Opening…, progress, Save on",
      "Saved, no progress, Save on",
    ]);
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
    // F(500) beside it, on its own scale, as the CLI's --at reports it.
    const f = page.getByTestId("calc-unreliability").first();
    const cliF = reference.at[0].unreliability;
    for (const [attr, expected] of [
      ["data-value", cliF.value],
      ["data-lower", cliF.lower],
      ["data-upper", cliF.upper],
    ] as const) {
      const got = Number(await f.locator(`td[${attr}]`).getAttribute(attr));
      expect(Math.abs(got - expected) / expected).toBeLessThan(1e-12);
    }
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
