// Issue 20, cost optimisation: /lifeData/costOpti reached from the palette, driven by keyboard only (fields
// focused by script, commands from the palette, Ctrl+S), the optimum compared with `relbench cost` on the
// same inputs in both views, saved through /api/wb and opened again from its ?wbId=.
import { spawnSync } from "node:child_process";
import { expect, type Page, test } from "@playwright/test";
import {
  expectRoute,
  pointerEvents,
  reloadAnsweringLeave,
  runFromPalette,
  shot,
  signInNewOwner,
  typeInto,
} from "./support/shell.ts";

test.use({ viewport: { width: 1440, height: 900 } });

function cli(args: string[]): Record<string, number> {
  const r = spawnSync(process.execPath, ["bin/relbench.cjs", "cost", ...args, "--json"], {
    encoding: "utf8",
  });
  if (r.status !== 0) throw new Error(`relbench cost ${args.join(" ")}: ${r.stderr}`);
  return JSON.parse(r.stdout);
}

const screen = (page: Page) => page.locator("[data-testid=cost-page]:visible");

async function fill(page: Page, name: string, text: string) {
  const input = screen(page).locator(`input[name="${name}"]`);
  await expect(async () => {
    await input.focus();
    await expect(input).toBeFocused({ timeout: 300 });
  }).toPass();
  await typeInto(page, text);
}

/** What the page shows: the charts' five significant digits. */
const shown = (x: number) => String(Number(x.toPrecision(5)));

test("cost optimisation by keyboard agrees with relbench cost", async ({ page, request }) => {
  const errors = await signInNewOwner(page, request, "cost", "Cost#2026");
  await runFromPalette(page, "CostOpti", "CostOpti");
  await expectRoute(page, "/lifeData/costOpti");
  const optimum = screen(page).getByTestId("cost-optimum");
  // The example: lifedata case 18.
  await expect(optimum).toHaveText("493.05");

  await fill(page, "param-beta", "3");
  await fill(page, "planned", "1.5");
  const replacement = cli([
    "replacement",
    "--dist",
    "weibull2p",
    "--beta",
    "3",
    "--eta",
    "1000",
    "--planned",
    "1.5",
    "--unplanned",
    "5",
  ]);
  await expect(optimum).toHaveText(shown(replacement.optimalAge));
  await expect(screen(page).getByTestId("cost-rtf")).toHaveText(
    shown(replacement.runToFailureCostPerUnitTime),
  );
  await expect(screen(page).getByTestId("cost-best")).toContainText("(best)");

  // Spec 5's rule on screen, then back.
  await fill(page, "planned", "4.8");
  await expect(screen(page).getByTestId("cost-problems")).toHaveText(
    "The planned replacement cost cannot exceed 90% of the unplanned cost.",
  );
  await fill(page, "planned", "1.5");
  await expect(optimum).toHaveText(shown(replacement.optimalAge));
  await runFromPalette(page, "choose the optimum", "Choose the optimum as the interval");
  await expect(screen(page).getByTestId("cost-chosen")).toHaveText(
    String(Number(replacement.optimalAge.toPrecision(6))),
  );
  await shot(page, "cost-replacement");

  await runFromPalette(page, "optimum inspection", "Show optimum inspection interval");
  await expect(screen(page)).toHaveAttribute("data-view", "inspection");
  const inspection = cli([
    ...["inspection", "--dist", "weibull2p", "--beta", "3", "--eta", "1000"],
    ...["--inspection", "0.2", "--unplanned", "5", "--downtime", "0.05", "--detection", "0.9"],
  ]);
  await expect(optimum).toHaveText(shown(inspection.optimalInterval));
  await shot(page, "cost-inspection");

  await fill(page, "analysisName", "Pump bearings");
  await page.keyboard.press("Control+s");
  await expect.poll(() => page.evaluate(() => location.hash)).toMatch(/wbId=\d+/);
  const id = await page.evaluate(() => new URLSearchParams(location.hash.split("?")[1]).get("wbId"));
  await page.reload();
  await expect(screen(page)).toHaveAttribute("data-view", "inspection");
  await expect(screen(page).locator('input[name="analysisName"]')).toHaveValue("Pump bearings");
  await expect(optimum).toHaveText(shown(inspection.optimalInterval));
  expect(id).not.toBeNull();

  // Unsaved typing survives a reload: the browser asks first, then the draft is offered (Enter restores).
  await fill(page, "param-eta", "1200");
  const longer = cli([
    ...["inspection", "--dist", "weibull2p", "--beta", "3", "--eta", "1200"],
    ...["--inspection", "0.2", "--unplanned", "5", "--downtime", "0.05", "--detection", "0.9"],
  ]);
  await expect(optimum).toHaveText(shown(longer.optimalInterval));
  expect(await reloadAnsweringLeave(page)).toBe(true);
  const confirm = page.getByTestId("confirm-dialog");
  await expect(confirm).toContainText("Pump bearings");
  await page.keyboard.press("Enter");
  await expect(screen(page).locator('input[name="param-eta"]')).toHaveValue("1200");
  await expect(optimum).toHaveText(shown(longer.optimalInterval));

  expect(await pointerEvents(page)).toBe(0);
  expect(errors).toEqual([]);
});
