// Life plots and multi-plot by keyboard alone, against the production build and the real server: density and
// failure rate of Weibull sets of shape 0.5, 1 and 3.5 (at 0.5 both are unbounded at t -> 0; the value axis
// must follow the rest of the curve), screenshots of each under test-results/screenshots/; and a multi-plot
// whose picked sets have no stored results: the dialog names them, refuses to draw them with a reason, fits
// and saves them on request, then draws.
import { expect, type Page, test } from "@playwright/test";
import {
  ADMIN,
  countPointerEvents,
  keyboardLogin,
  pointerEvents,
  runFromPalette,
  shot,
} from "./support/shell.ts";

test.describe.configure({ mode: "serial" });

async function login(page: Page): Promise<void> {
  await page.goto(`/#/login?redirect=${encodeURIComponent("/lifeData/weibull")}`);
  await keyboardLogin(page, ADMIN.userName, ADMIN.password);
  await expect(page.getByTestId("life-page")).toBeVisible({ timeout: 30_000 });
}

/** A new data set of 100 Weibull(beta, 1000) random lifetimes, saved; fitted first when `fit`. */
async function randomSet(page: Page, name: string, beta: number, fit: boolean): Promise<void> {
  await page.keyboard.press("Alt+n");
  await expect(page.getByTestId("life-name-dialog")).toBeVisible();
  await page.keyboard.press("Control+a");
  await page.keyboard.type(name);
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("life-name")).toHaveValue(name);
  await page.keyboard.press("Alt+Shift+r");
  const random = page.getByTestId("life-random");
  await expect(random).toBeVisible();
  // The distribution select has focus (Weibull); the shape is the next field.
  await page.keyboard.press("Tab");
  await page.keyboard.press("Control+a");
  await page.keyboard.type(String(beta));
  await page.keyboard.press("Enter");
  await expect(random).toBeHidden();
  await expect(page.getByTestId("life-sheet")).toContainText("Rows: 100");
  if (fit) {
    await page.keyboard.press("Control+Enter");
    await expect(page.locator("[data-testid=life-results]:visible")).toBeVisible({ timeout: 60_000 });
  }
  await page.keyboard.press("Control+s");
  await expect(page.getByTestId("life-state")).toHaveText("Saved", { timeout: 60_000 });
}

/** Tabs forward until the focused element's accessible text matches, at most 40 presses. */
async function tabTo(page: Page, text: RegExp): Promise<void> {
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press("Tab");
    const focused = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      return `${el?.getAttribute("aria-label") ?? ""} ${el?.closest("label")?.textContent ?? ""} ${el?.textContent ?? ""}`;
    });
    if (text.test(focused)) return;
  }
  throw new Error(`no focusable element matching ${text}`);
}

test("density and failure rate at beta 0.5, 1 and 3.5: the value axis follows the curve", async ({
  page,
}) => {
  test.setTimeout(300_000);
  await countPointerEvents(page);
  await login(page);
  for (const beta of [0.5, 1, 3.5]) {
    await randomSet(page, `Shape ${beta}`, beta, true);
    await page.keyboard.press("Alt+Shift+p");
    const plot = page.getByTestId("analysis-plot");
    await expect(plot).toBeVisible();
    for (const [kind, title] of [
      ["pdf", "Density f(t)"],
      ["failureRate", "Failure rate"],
    ] as const) {
      // From the palette's root, which finds the items of its nested pages ("Show plot… › Failure rate").
      await runFromPalette(page, `Show plot ${title}`, title);
      const svg = page.getByTestId(`plot-${kind}`).locator("svg").first();
      await expect(svg).toBeVisible();
      // Beyond the first 3% of the time axis (the chart may let the first 2% leave the top) the curve rises to at least 30% of the frame's height: it is not
      // flattened against the bottom by the singular value at t -> 0 (the curve is the last line drawn).
      const rise = await svg.evaluate((el) => {
        const frame = (el.querySelector("[aria-label=frame]") as SVGGraphicsElement).getBBox();
        const lines = el.querySelectorAll("g[aria-label=line] path");
        const d = lines[lines.length - 1]?.getAttribute("d") ?? "";
        let top = 0;
        for (const [, x, y] of d.matchAll(/(-?[\d.]+),(-?[\d.]+)/g)) {
          const [px, py] = [Number(x), Number(y)];
          if (px < frame.x + 0.03 * frame.width || py < frame.y) continue;
          top = Math.max(top, (frame.y + frame.height - py) / frame.height);
        }
        return top;
      });
      expect(rise, `${kind} at beta ${beta}`).toBeGreaterThan(0.3);
      await shot(page, `life-${kind}-beta-${String(beta).replace(".", "")}`);
    }
    await page.goto("/#/lifeData/weibull");
    await expect(page.getByTestId("life-page")).toBeVisible();
  }
  expect(await pointerEvents(page)).toBe(0);
});

test("multi-plot names picked sets without results, fits and saves them on request, then draws", async ({
  page,
}) => {
  test.setTimeout(240_000);
  await countPointerEvents(page);
  await login(page);
  await randomSet(page, "Unfitted A", 1.5, false);
  await randomSet(page, "Unfitted B", 2, false);

  // The set in front (B) is picked; A is picked in the dialog by keyboard.
  await page.keyboard.press("Alt+m");
  const multi = page.getByTestId("life-multi");
  await expect(multi).toBeVisible();
  await tabTo(page, /Unfitted A/);
  await page.keyboard.press("Space");
  const notice = page.getByTestId("multi-need-fit");
  await expect(notice).toContainText("Unfitted B, Unfitted A");
  const unfitted = multi.locator("li", { hasText: /Unfitted/ });
  await expect(unfitted.getByText("not analysed")).toHaveCount(2);

  // Draw says why it will not draw them.
  await tabTo(page, /^\s*Draw\s*$/);
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("multi-problem")).toHaveText(
    "Picked data sets without stored results cannot be drawn: fit them first.",
  );
  await shot(page, "life-multi-not-analysed");

  // Fit and save both, then draw.
  await tabTo(page, /Fit and save \(2\)/);
  await page.keyboard.press("Enter");
  await expect(notice).toBeHidden({ timeout: 90_000 });
  await expect(unfitted.getByText("not analysed")).toHaveCount(0);
  await expect(multi.getByLabel(/Unfitted A/).first()).toBeChecked();
  await expect(multi.getByLabel(/Unfitted B/).first()).toBeChecked();
  await tabTo(page, /^\s*Draw\s*$/);
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("life-multichart")).toBeVisible();
  await expect(page.getByTestId("multi-plot").locator("svg").first()).toBeVisible();
  await expect(page.getByTestId("multi-plot")).toContainText("Unfitted A");
  await shot(page, "life-multi-after-fit");
  expect(await pointerEvents(page)).toBe(0);
});

test("a value the sheet cuts off shows in full as the cell's tooltip", async ({ page }) => {
  await login(page);
  // Random lifetimes carry every digit (842.95809679...): wider than the 110 px column.
  await randomSet(page, "Long values", 2, false);
  const sheet = page.getByTestId("life-sheet");
  const cell = sheet.locator('.ag-row[row-index="0"] .ag-cell[col-id="end"]');
  const full = (await cell.textContent())?.trim() ?? "";
  expect(full.length).toBeGreaterThan(12);
  expect(await cell.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  // A tooltip is a pointer's affordance: hovering is the point of this check.
  await cell.hover();
  await expect(page.locator(".ag-tooltip")).toHaveText(full);
  await shot(page, "life-sheet-tooltip");
});
