// Reliability growth at the import limit (issue 21, spec: up to 200,000 failure records): a track imports a
// CSV of 200,000 failure times of a power-law process, shows them all on the failure sheet, fits
// Crow-AMSAA with Crow bounds in the kernel worker, beta as the CLI computes it from the same file, draws
// its charts, is saved and opened again (the records parsed in the spreadsheet worker). A long-task observer records the main thread's tasks over 50 ms in each step; the figures go to
// test-results/growth-e2e/growth-200k.json and the log, with the count of tasks over the 200 ms. They
// are reported, not asserted: a task's duration is wall time, and on a shared, loaded machine it reads several
// times the task's CPU time (a 61 ms CPU task took 1,017 ms at load 17), as for life-400k.
// A file of its own because Playwright's trace (a DOM snapshot at every key press) is switched off per file.
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { growthSample } from "../../bench/growth.bench.ts";
import { ADMIN, keyboardLogin, runFromPalette, shot } from "./support/shell.ts";

const DIR = "test-results/growth-e2e";
const ROWS = 200_000;
/** Issue 21: no main-thread task over this during the 200,000-record import and the fit. */
const LONGEST_MS = 200;

test.use({ trace: "off" });

type LongTasks = {
  __longTasks: Array<{ start: number; duration: number }>;
  __longTaskObserver: PerformanceObserver;
};

async function watchLongTasks(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as LongTasks;
    w.__longTasks = [];
    const keep = (entries: PerformanceEntryList) => {
      for (const e of entries) w.__longTasks.push({ start: e.startTime, duration: e.duration });
    };
    w.__longTaskObserver = new PerformanceObserver((list) => keep(list.getEntries()));
    w.__longTaskObserver.observe({ type: "longtask", buffered: true });
  });
}

const now = (page: Page): Promise<number> => page.evaluate(() => performance.now());

/**
 * Wall time since `since` on the page's clock, and the main-thread tasks over 50 ms overlapping it (those
 * the observer has not delivered yet taken from its queue: the task that drew the last chart has just ended).
 */
async function step(page: Page, since: number) {
  const until = await now(page);
  const tasks = await page.evaluate(
    ([t0, t1]) => {
      const w = window as unknown as LongTasks;
      for (const e of w.__longTaskObserver.takeRecords())
        w.__longTasks.push({ start: e.startTime, duration: e.duration });
      return w.__longTasks.filter((e) => e.start + e.duration >= t0 && e.start <= t1).map((e) => e.duration);
    },
    [since, until] as const,
  );
  return {
    ms: Math.round(until - since),
    longestTaskMs: Math.round(Math.max(0, ...tasks)),
    tasksOver50: tasks.length,
    tasksOver200: tasks.filter((d) => d > LONGEST_MS).length,
    busyOver50Ms: Math.round(tasks.reduce((s, d) => s + d, 0)),
  };
}

/**
 * The page's main-thread tasks by thread CPU time, from a Chromium trace (RunTask events of the renderer's
 * main thread): what the wall-clock observer reads inflated on a loaded machine.
 */
function mainThreadCpu(trace: Buffer | undefined) {
  if (!trace) return {};
  const events = (JSON.parse(trace.toString("utf8")) as { traceEvents: TraceEvent[] }).traceEvents;
  const main = new Set(
    events
      .filter((e) => e.ph === "M" && e.name === "thread_name" && e.args?.name === "CrRendererMain")
      .map((e) => `${e.pid}:${e.tid}`),
  );
  const cpu = events
    .filter((e) => e.name === "RunTask" && e.ph === "X" && main.has(`${e.pid}:${e.tid}`))
    .map((e) => (e.tdur ?? 0) / 1000)
    .sort((a, b) => b - a);
  return {
    longestTaskCpuMs: Math.round(cpu[0] ?? 0),
    tasksOver50Cpu: cpu.filter((d) => d > 50).length,
    topTasksCpuMs: cpu.slice(0, 5).map(Math.round),
  };
}

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  tdur?: number;
  args?: { name?: string };
}

/** Both fit charts are drawn (PlotFigure draws each in a task of its own after the results show). */
async function chartsDrawn(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      ["growth-plot", "growth-mtbf-chart"].every((id) =>
        document.querySelector(`[data-testid="${id}"] svg circle`),
      ),
    null,
    { polling: 50, timeout: 180_000 },
  );
}

/** Polled by the page itself (Playwright's expect would snapshot the DOM on the main thread while timed). */
async function until(page: Page, testId: string, text: string): Promise<void> {
  await page.waitForFunction(
    ([id, t]) => document.querySelector(`[data-testid="${id}"]`)?.textContent?.includes(t) ?? false,
    [testId, text] as const,
    { polling: 50, timeout: 180_000 },
  );
}

test("200,000 failure records: imported, all on the sheet, fitted as the CLI does", async ({ page }) => {
  test.setTimeout(300_000);
  mkdirSync(DIR, { recursive: true });
  const { times, end } = growthSample(ROWS, 21);
  const testTime = Math.ceil(end);
  const csv = `${DIR}/failures-200k.csv`;
  const lines = ["Time,Name"];
  for (let i = 0; i < ROWS; i++) lines.push(`${times[i]},F${i + 1}`);
  writeFileSync(csv, `${lines.join("\n")}\n`);
  const cli = JSON.parse(
    execFileSync(
      process.execPath,
      ["bin/relbench.mjs", "growth", "fit", csv, "--end", String(testTime), "--bounds", "crow", "--json"],
      { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 },
    ),
  );

  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await page.setViewportSize({ width: 1400, height: 1000 });
  await watchLongTasks(page);
  await page.goto(`/#/login?redirect=${encodeURIComponent("/rgt/track/new")}`);
  await keyboardLogin(page, ADMIN.userName, ADMIN.password);
  await expect(page.getByTestId("growth-editor-track")).toBeVisible({ timeout: 30_000 });
  await page.getByTestId("growth-name").fill("Track 200k");
  await page.getByTestId("growth-plan-testTime").fill(String(testTime));

  // Import: Ctrl+I, the file; done when the sheet's caption counts every record.
  // From the palette: its entry is listed once the editor may import (its actions registered, the user known),
  // where a bare Ctrl+I pressed in the moment before is lost.
  await page.getByTestId("growth-name").focus();
  const [chooser] = await Promise.all([
    page.waitForEvent("filechooser"),
    runFromPalette(page, "Import failure records", /Import failure records/),
  ]);
  const importStart = await now(page);
  await chooser.setFiles(csv);
  await until(page, "growth-failures", `(${ROWS})`);
  const importStep = await step(page, importStart);
  await expect(page.getByTestId("growth-failures-sheet")).toContainText(`Rows: ${ROWS}`);

  // The last record is on the sheet (no cut): Ctrl+End in the sheet.
  const sheet = page.getByTestId("growth-failures-sheet");
  const first = sheet.locator('.ag-row[row-index="0"] .ag-cell[col-id="time"]');
  await first.click();
  // The key goes to the cell once it holds focus (under load the grid takes it after the click returns).
  await expect(first).toBeFocused();
  await page.keyboard.press("Control+End");
  await expect(sheet.locator(`.ag-row[row-index="${ROWS - 1}"]`)).toBeVisible();
  await shot(page, "growth-200k-sheet");

  // Fit: Ctrl+Enter; done when beta is shown and both charts are drawn.
  await page.getByTestId("growth-name").focus();
  const fitStart = await now(page);
  await page.keyboard.press("Control+Enter");
  await until(page, "growth-results", "Beta");
  await chartsDrawn(page);
  const fitStep = await step(page, fitStart);
  await expect(page.getByTestId("growth-result-beta")).toContainText(String(cli.beta).slice(0, 12));
  await page.getByTestId("growth-results").scrollIntoViewIfNeeded();
  await shot(page, "growth-200k-fit");

  // Save (Ctrl+S), then open the stored track again: its records are fetched, parsed and put in columns in
  // the spreadsheet worker (the JSON parse on this thread was one task of about 300 ms of CPU); done when the
  // sheet's caption counts every record again. Chromium's trace gives each main-thread task's CPU time.
  await page.keyboard.press("Control+s");
  await page.waitForFunction(() => location.hash.includes("/rgt/track/edit"), null, { timeout: 180_000 });
  await until(page, "growth-failures", `(${ROWS})`);
  const editUrl = page.url();
  await page.goto("/#/rgt/track/list");
  await expect(page.getByTestId("growth-list-track")).toContainText("Track 200k");
  const browser = page.context().browser();
  await browser?.startTracing(page, { categories: ["toplevel", "disabled-by-default-devtools.timeline"] });
  const reopenStart = await now(page);
  await page.goto(editUrl);
  await until(page, "growth-failures", `(${ROWS})`);
  const reopenStep = { ...(await step(page, reopenStart)), ...mainThreadCpu(await browser?.stopTracing()) };
  await expect(page.getByTestId("growth-failures-sheet")).toContainText(`Rows: ${ROWS}`);

  const report = {
    at: new Date().toISOString(),
    rows: ROWS,
    steps: { import: importStep, fit: fitStep, reopen: reopenStep },
  };
  writeFileSync(`${DIR}/growth-200k.json`, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`growth 200k: ${JSON.stringify(report.steps)}`);
  expect(errors).toEqual([]);
});
