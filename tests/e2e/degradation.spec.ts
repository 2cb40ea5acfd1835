// Issue 20's degradation screen by keyboard alone, against the production build and the real server: the
// Weibull++ crack propagation case (tests/fixtures/degradation/crack.csv) imported into /lifeData/degradation with
// Ctrl+I, fitted as exponential paths to 30 mm with Ctrl+Enter, its Weibull beta and eta as
// `relbench degradation fit ... --json` gives them (the same kernels); too few crossings give spec 8's message;
// saved with Ctrl+S (stored through /api/wb as kind degradation, listed on the page), and an unsaved change
// survives a reload as a draft.
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import {
  expectRoute,
  keptDraft,
  pointerEvents,
  runFromPalette,
  shot,
  signInNewOwner,
  typeInto,
} from "./support/shell.ts";

const FILE = "tests/fixtures/degradation/crack.csv";

function cliFit(): {
  fit: { parameters: Record<string, number> };
  units: Array<{ pseudoFailureTime: number }>;
} {
  const out = execFileSync(
    process.execPath,
    ["bin/relbench.cjs", "degradation", "fit", FILE, "--model", "exponential", "--threshold", "30", "--json"],
    { encoding: "utf8" },
  );
  return JSON.parse(out);
}

/** Moves focus to a settings field (its label) and replaces its text. */
async function setField(page: Page, label: string, text: string) {
  await page.getByTestId("degradation-settings").getByLabel(label, { exact: true }).focus();
  if (text === "") {
    await page.keyboard.press("Control+a");
    await page.keyboard.press("Backspace");
  } else await typeInto(page, text);
}

/** The screen's full value of a life-fit parameter (its cell's title). */
async function parameter(page: Page, name: string): Promise<number> {
  const cell = page.getByTestId("degradation-fit").locator(`tr[data-parameter="${name}"] td`).first();
  await expect(cell).toBeVisible();
  return Number(await cell.getAttribute("title"));
}

test("degradation: crack growth imported, fitted as the CLI fits it, spec message, saved, draft kept", async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  mkdirSync("test-results/screenshots", { recursive: true });
  const cli = cliFit();
  const errors = await signInNewOwner(page, request, "degr", "Crack#2026");

  await runFromPalette(page, "degradation", "Degradation");
  await expectRoute(page, "/lifeData/degradation");
  await expect(page.getByTestId("degradation")).toBeVisible();

  const chooser = page.waitForEvent("filechooser");
  await page.keyboard.press("Control+i");
  await (await chooser).setFiles({ name: "crack.csv", mimeType: "text/csv", buffer: readFileSync(FILE) });
  await expect(page.getByTestId("degradation-sheet")).toContainText("Rows: 25");

  // Settings by keyboard: exponential paths, threshold 30 mm (up, Weibull 2P, MLE and 90% are the defaults).
  await page.getByTestId("degradation-settings").getByLabel("Path model").focus();
  await page.keyboard.type("Exponential");
  await expect(page.getByTestId("degradation-settings").getByLabel("Path model")).toHaveValue("exponential");
  await setField(page, "Critical threshold", "30");
  await setField(page, "Name", "Crack growth");

  // A threshold most paths reach only after the limit: spec 8's message, nothing typed lost.
  await setField(page, "Critical threshold", "300");
  await setField(page, "Time limit", "1000");
  await page.keyboard.press("Control+Enter");
  await expect(page.getByTestId("degradation-problems")).toContainText(
    "The degradation data cannot generate valid failure data for weibull analysis.",
  );
  await setField(page, "Critical threshold", "30");
  await setField(page, "Time limit", "");
  await expect(page.getByTestId("degradation-settings").getByLabel("Time limit")).toHaveValue("");

  await page.keyboard.press("Control+Enter");
  await expect(page.getByTestId("degradation-results")).toBeVisible({ timeout: 60_000 });
  for (const name of ["beta", "eta"]) {
    const value = await parameter(page, name);
    const expected = cli.fit.parameters[name];
    expect(Math.abs(value - expected), `${name}: ${value} vs CLI ${expected}`).toBeLessThanOrEqual(
      1e-9 * expected,
    );
  }
  const unitA = page.getByTestId("degradation-units").locator('tr[data-unit="A"] td').nth(3);
  expect(Number(await unitA.getAttribute("title"))).toBeCloseTo(cli.units[0].pseudoFailureTime, 9);
  await expect(page.getByTestId("degradation-paths").locator("svg").first()).toBeVisible();
  await expect(page.getByTestId("degradation-probability").locator("svg").first()).toBeVisible();
  await shot(page, "degradation");
  await page.getByTestId("degradation-units").scrollIntoViewIfNeeded();
  await shot(page, "degradation-units");

  // Saved through /api/wb as kind degradation: the address names it and the page lists it.
  await page.keyboard.press("Control+s");
  await expect.poll(() => page.evaluate(() => location.hash)).toMatch(/[?&]wbId=\d+/);
  const wbId = /[?&]wbId=(\d+)/.exec(await page.evaluate(() => location.hash))?.[1];
  await expect(page.getByTestId("degradation-stored")).toContainText("Crack growth");

  // An unsaved change survives a reload as a draft, offered back with Enter.
  await setField(page, "Critical threshold", "28");
  // The keeper writes once the typing pauses; the reload comes once the draft holds the change.
  await expect
    .poll(
      async () =>
        ((await keptDraft(page, `:degradation:${wbId}`)) as { settings?: { threshold?: string } } | null)
          ?.settings?.threshold,
    )
    .toBe("28");
  page.on("dialog", (dialog) => void dialog.accept());
  await page.reload();
  const confirm = page.getByTestId("confirm-dialog");
  await expect(confirm).toContainText("Restore unsaved changes?");
  await page.keyboard.press("Enter");
  await expect(confirm).toBeHidden();
  await expect(page.getByTestId("degradation-settings").getByLabel("Critical threshold")).toHaveValue("28");
  await expect(page.getByTestId("degradation-sheet")).toContainText("Rows: 25");
  await page
    .getByTestId("degradation-results")
    .scrollIntoViewIfNeeded({ timeout: 60_000 })
    .catch(() => undefined);
  await shot(page, "degradation-reopened");

  expect(await pointerEvents(page)).toBe(0);
  expect(errors).toEqual([]);
});
