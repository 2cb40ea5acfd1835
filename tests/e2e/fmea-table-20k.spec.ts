// Issue 18's figures on a generated DFMEA of 19,982 nodes (4,440 lines; bench/fmea-model.ts): the risk
// table's first screen, the main-thread tasks while paging through it, the AP recomputation after an edit
// and the xlsx export in its worker, each with the long tasks (over 50 ms) seen meanwhile. Printed as one
// JSON line ("fmea-table figures") and written to the test's figures.json. No time is asserted. The one bound
// the issue gives as a count of long tasks, none over 50 ms while scrolling, is reported but not asserted:
// each page move costs the shared data sheet (AG Grid drawing and focusing the new lines) more than 50 ms on
// the 2-core machines (README, "Known problems"), while the table's own work is not in it. The table itself
// by keyboard: fmea-table.spec.ts.
import { writeFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { BIG_DESIGN_SUBSYSTEMS, bigDesignOps } from "../../bench/fmea-model.ts";
import { formCell as cell, createFmea, press, tokenOf } from "./support/fmea.ts";
import { now, tasksBetween, watchLongTasks } from "./support/long-tasks.ts";
import { shot, signInNewOwner } from "./support/shell.ts";

// No trace: its DOM snapshot at every key press runs on the page's main thread, and the long-task observer
// would count it as the table's (it made most of the 133-510 ms tasks once measured while paging).
test.use({ trace: "off" });

const PASSWORD = "Fmea#2026x";

/**
 * How the measured steps wait: polled by the page every 50 ms (Playwright's own expect would run its checks
 * on the page's main thread within the step).
 */
const POLL = { timeout: 60_000, polling: 50 };

test.describe("20,000-node DFMEA (measured)", () => {
  test("first screen, paging, AP after an edit, xlsx export", async ({ page, request }, info) => {
    test.setTimeout(900_000);
    await watchLongTasks(page);
    await signInNewOwner(page, request, "fmbig", PASSWORD);
    const token = await tokenOf(page);
    const ops = bigDesignOps(BIG_DESIGN_SUBSYSTEMS);
    const nodes = ops.filter((o) => o.op === "add").length;
    const id = await createFmea(request, token, "design", "Large DFMEA", ops);
    await page.goto(`/#/fmeaTree?fmeaId=${id}`);
    await expect(page.locator("[data-fmea-pane=left]")).toBeFocused({ timeout: 60_000 });

    // First screen: from the navigation to the first line drawn (the tree is fetched again by the table).
    const navigated = await now(page);
    const firstScreenMs = await page.evaluate(async (fmeaId) => {
      const start = performance.now();
      location.hash = `#/fmeaTable?fmeaId=${fmeaId}`;
      return new Promise<number>((resolve) => {
        const check = () => {
          if (document.querySelector('.fmea-form-sheet .ag-row[row-index="0"] .ag-cell[col-id="mode"]'))
            resolve(performance.now() - start);
          else requestAnimationFrame(check);
        };
        check();
      });
    }, id);
    const firstScreen = {
      ms: Math.round(firstScreenMs),
      ...(await tasksBetween(page, navigated, navigated + firstScreenMs)),
    };
    await expect(cell(page, 0, "higherElement")).toBeFocused();
    await expect(page.getByTestId("fmea-table")).toHaveAttribute("data-pending", "0");
    const count = await page.getByTestId("fmea-table-count").textContent();

    // Paging through the sheet: one PageDown, then 39 more and 10 PageUp as fast as the keyboard sends them;
    // the step ends when the sheet's cursor (its status line) is on the line expected and that line is drawn.
    const cursor = page.locator(".fmea-form-sheet .data-sheet-cell");
    const cursorLine = async () => Number((await cursor.textContent())?.match(/(\d+)$/)?.[1]);
    await page.keyboard.press("PageDown");
    await expect(cursor).not.toHaveText(/ 1$/);
    const pageLines = (await cursorLine()) - 1;
    const pagingFrom = await now(page);
    await press(page, "PageDown", 39);
    await press(page, "PageUp", 10);
    const line = 30 * pageLines;
    await page.waitForFunction(
      (row) =>
        document.querySelector(".fmea-form-sheet .data-sheet-cell")?.textContent?.endsWith(` ${row + 1}`) &&
        document.querySelector(`.fmea-form-sheet .ag-row[row-index="${row}"] .ag-cell`) !== null,
      line,
      POLL,
    );
    const paging = {
      pages: 50,
      linesPerPage: pageLines,
      ...(await tasksBetween(page, pagingFrom, await now(page))),
    };
    // Under load the grid can drop the keyboard to the page while a page of lines is still loading; the
    // sheet takes it back at its next page key (DataSheet's refocus).
    for (let i = 0; i < 5; i++) {
      const focused = await page.evaluate(() => document.activeElement?.closest(".ag-row") !== null);
      if (focused) break;
      await page.keyboard.press("PageDown");
      await page.keyboard.press("PageUp");
      await expect(cursor).toHaveText(new RegExp(` ${line + 1}$`));
    }
    await expect(cell(page, line, "higherElement")).toBeFocused();

    // AP after an edit, three times on the line in view: from the rating typed to the line shown re-rated
    // (user timing "fmea.table.edit"), and the main-thread tasks from Enter to the edit stored.
    await press(page, "ArrowRight", 11);
    await expect(cell(page, line, "occurrence")).toBeFocused();
    const edits: Array<{ ms: number; longestTaskMs: number; tasksOver50: number }> = [];
    for (let round = 0; round < 3; round++) {
      const rated = await cell(page, line, "occurrence").textContent();
      const next = rated === "10" ? "1" : "10";
      const measured = await page.evaluate(() => performance.getEntriesByName("fmea.table.edit").length);
      await page.keyboard.type(next);
      const typed = await now(page);
      await page.keyboard.press("Enter");
      await page.waitForFunction(
        ([row, text, before]) =>
          document.querySelector(`.fmea-form-sheet .ag-row[row-index="${row}"] .ag-cell[col-id="occurrence"]`)
            ?.textContent === text &&
          document.querySelector('[data-testid="fmea-table"]')?.getAttribute("data-pending") === "0" &&
          performance.getEntriesByName("fmea.table.edit").length > before,
        [line, next, measured] as const,
        POLL,
      );
      const ms = await page.evaluate(
        () => performance.getEntriesByName("fmea.table.edit").at(-1)?.duration ?? 0,
      );
      edits.push({ ms: Math.round(ms * 10) / 10, ...(await tasksBetween(page, typed, await now(page))) });
      await page.keyboard.press("ArrowUp");
      await expect(cell(page, line, "occurrence")).toBeFocused();
    }
    await shot(page, "fmea-table-20k");

    // The xlsx export of every chain in the worker (user timing "fmea.table.export": read header, write,
    // save) and the main-thread tasks meanwhile; then once more for the progress bar's screenshot.
    const exportFrom = await now(page);
    const download = page.waitForEvent("download", { timeout: 120_000 });
    await page.keyboard.press("Alt+e");
    await download;
    await page.waitForFunction(
      () => document.querySelector('[data-testid="fmea-export-progress"]') === null,
      null,
      POLL,
    );
    const exportMs = await page.evaluate(() =>
      performance.getEntriesByName("fmea.table.export").map((e) => e.duration),
    );
    const exported = {
      ms: Math.round(exportMs.at(-1) ?? Number.NaN),
      ...(await tasksBetween(page, exportFrom, await now(page))),
    };
    const again = page.waitForEvent("download", { timeout: 120_000 });
    await page.keyboard.press("Alt+e");
    await expect(page.getByTestId("fmea-export-progress")).toBeVisible();
    await shot(page, "fmea-table-export-progress");
    await again;

    const figures = { nodes, lines: count, firstScreen, paging, edits, export: exported };
    writeFileSync(info.outputPath("figures.json"), JSON.stringify(figures, null, 2));
    console.log("fmea-table figures", JSON.stringify(figures));
  });
});
