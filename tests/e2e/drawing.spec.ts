// Issue 20's drawing tool and life-data list by keyboard alone, against the production build and the real
// server. /lifeData/drawing: six rank pairs typed as X-Time and Y-Value (%) on Weibull paper, an out-of-range Y
// refused with spec 5's message, the points kept over a reload as a draft, the RRX line fitted with Ctrl+Enter, its shape parameter as the kernel
// (fitPaperLine, run in Node on the same pairs) gives it to 1e-9; then the seeded demo set's plotting positions
// loaded and compared with its MLE. /lifeData/life: "/" to the search, the demo set found, Enter opens it in the
// Weibull workbench with ?wbId=.
import { execFileSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import {
  ADMIN,
  countPointerEvents,
  expectRoute,
  keyboardLogin,
  pointerEvents,
  runFromPalette,
  shot,
} from "./support/shell.ts";

const TIME = [16, 34, 53, 75, 93, 120];
const PERCENT = [10.91, 26.44, 42.14, 57.86, 73.56, 89.09];

/** The kernel's line through the same pairs, computed in Node from the sources. */
function kernelLine(): Record<string, number> {
  const script = `import { fitPaperLine } from "./src/kernels/life.ts";
const f = await fitPaperLine({ time: Float64Array.from(${JSON.stringify(TIME)}), percent: Float64Array.from(${JSON.stringify(PERCENT)}) }, { distribution: "weibull2p", method: "rrx", curvePoints: 0 });
console.log(JSON.stringify(f.parameters));`;
  const out = execFileSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
    encoding: "utf8",
  });
  return JSON.parse(out.trim().split("\n").at(-1) as string);
}

async function parameter(page: Page, name: string, column = 1): Promise<number> {
  const cell = page
    .getByTestId("drawing-results")
    .locator(`tr[data-parameter="${name}"] td`)
    .nth(column - 1);
  await expect(cell).toBeVisible();
  return Number(await cell.getAttribute("title"));
}

test("drawing tool: rank pairs on Weibull paper, RRX as the kernel fits them; the life-data list opens the demo set", async ({
  page,
}) => {
  test.setTimeout(240_000);
  mkdirSync("test-results/screenshots", { recursive: true });
  const expected = kernelLine();
  await countPointerEvents(page);
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto(`/#/login?redirect=${encodeURIComponent("/lifeData/drawing")}`);
  await keyboardLogin(page, ADMIN.userName, ADMIN.password);
  await expect(page.getByTestId("drawing-page")).toBeVisible({ timeout: 30_000 });

  // The points, X down its column, then Y; one Y typed as 100 first (spec 5: below 100).
  await runFromPalette(page, "go to the rank data sheet", "Go to the rank data sheet");
  const sheet = page.getByTestId("drawing-sheet");
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.closest(".ag-cell")?.getAttribute("col-id")))
    .toBe("x");
  for (const x of TIME) {
    await page.keyboard.type(String(x));
    await page.keyboard.press("Enter");
  }
  await page.keyboard.press("ArrowRight");
  for (let i = 0; i < TIME.length; i++) await page.keyboard.press("ArrowUp");
  await page.keyboard.type("100");
  await page.keyboard.press("Enter");
  await page.keyboard.press("Control+Enter");
  await expect(page.getByTestId("drawing-problems")).toContainText(
    "Row 1: Y-Value (%) must be greater than 0 and below 100.",
  );
  await page.keyboard.press("ArrowUp");
  for (const y of PERCENT) {
    await page.keyboard.type(String(y));
    await page.keyboard.press("Enter");
  }
  await expect(sheet.locator('.ag-row[row-index="5"] .ag-cell[col-id="y"]')).toHaveText("89.09");

  // The points survive a reload: the draft is offered back, Enter restores it.
  await page.reload();
  const confirm = page.getByTestId("confirm-dialog");
  await expect(confirm).toContainText("Restore unsaved changes?");
  await expect(confirm.getByRole("button", { name: "Restore" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(sheet.locator('.ag-row[row-index="5"] .ag-cell[col-id="y"]')).toHaveText("89.09");
  await expect(sheet.locator('.ag-row[row-index="0"] .ag-cell[col-id="x"]')).toHaveText("16");

  // Weibull 2P and RRX are the defaults: the line with Ctrl+Enter.
  await page.keyboard.press("Control+Enter");
  await expect(page.getByTestId("drawing-results")).toBeVisible();
  await expect(page.getByTestId("drawing-problems")).toHaveCount(0);
  for (const name of ["beta", "eta"]) {
    const value = await parameter(page, name);
    expect(
      Math.abs(value - expected[name]),
      `${name}: ${value} vs kernel ${expected[name]}`,
    ).toBeLessThanOrEqual(1e-9 * Math.abs(expected[name]));
  }
  await expect(page.getByTestId("drawing-plot").locator("svg").first()).toBeVisible();
  await shot(page, "drawing-weibull-rrx");

  // RRY from the palette refits at once; then back to RRX.
  await runFromPalette(page, "rank regression on y", "Line by rank regression on Y (RRY)");
  await expect(page.getByTestId("drawing-results")).toContainText("Line (RRY)");
  await runFromPalette(page, "rank regression on x", "Line by rank regression on X (RRX)");
  await expect(page.getByTestId("drawing-results")).toContainText("Line (RRX)");

  // The demo set's plotting positions: picked in the list of stored sets by keyboard, loaded by its command;
  // the MLE of its data stands beside the line.
  await page.getByTestId("drawing-settings").getByLabel("Stored Weibull set").focus();
  await page.keyboard.type("Bearing");
  await runFromPalette(page, "load the picked set", "Load the picked set's plotting positions");
  await expect(page.getByTestId("drawing-results")).toContainText("MLE of the data set");
  expect(await parameter(page, "beta", 2)).toBeGreaterThan(0);
  await shot(page, "drawing-demo-set-mle");

  // The life-data list: the demo set found by search and opened in its own page.
  await runFromPalette(page, "go to life data", /^Go to Life Data$/);
  await expectRoute(page, "/lifeData/life");
  await expect(page.getByTestId("life-list-table")).toContainText("Bearing field data");
  await page.keyboard.press("/");
  await page.keyboard.type("bearing field");
  // Other specs may have stored copies of the demo set by now: the first row is the set itself.
  await expect(page.getByTestId("life-list-table").locator("tbody tr[data-row-key]").first()).toContainText(
    "Bearing field data",
  );
  await shot(page, "life-list");
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Enter");
  await expectRoute(page, "/lifeData/weibull");
  await expect.poll(() => page.evaluate(() => location.hash)).toMatch(/[?&]wbId=\d+/);
  await expect(page.getByTestId("life-name")).toHaveValue(/^Bearing field data/);

  expect(await pointerEvents(page)).toBe(0);
  expect(errors).toEqual([]);
});
