// Issue 20's warranty page by keyboard alone, against the production build and the real server: the Weibull++
// Nevada example on /lifeData/nevadaNRI, one return typed into the sheet, the variant switched to
// non-return-inclusive, the analysis run from the palette; its beta and forecast total are what
// `relbench warranty FILE --inclusive non-return --json` gives for the same sheet (the same kernel). Saved with
// Ctrl+S, reopened from ?wbId=; an unsaved change survives a reload as a draft.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { pointerEvents, runFromPalette, shot, signInNewOwner } from "./support/shell.ts";

function cli(csv: string, ...args: string[]) {
  const file = join(mkdtempSync(join(tmpdir(), "relbench-warranty-e2e-")), "nevada.csv");
  writeFileSync(file, csv);
  const out = execFileSync(process.execPath, ["bin/relbench.mjs", "warranty", file, ...args, "--json"], {
    encoding: "utf8",
  });
  return JSON.parse(out) as {
    fit: { parameters: Record<string, number> };
    forecastTotal: { expected: number };
  };
}

const cellOf = (page: Page, row: number, col: string) =>
  page.getByTestId("warranty-sheet").locator(`.ag-row[row-index="${row}"] .ag-cell[col-id="${col}"]`);

test("warranty: a Nevada chart typed and analysed by keyboard gives the CLI's numbers; saved, reopened, drafts", async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  mkdirSync("test-results/screenshots", { recursive: true });
  const errors = await signInNewOwner(page, request, "warranty", "Nevada#2026");

  await runFromPalette(page, "go to nevada", "Go to Nevada");
  await expect(page.getByTestId("warranty-page")).toBeVisible();
  await expect(cellOf(page, 2, "sales")).toHaveText("150");
  // Both variants are stated on screen.
  await expect(page.getByTestId("warranty-page")).toContainText("survivors = sales − returns");
  await expect(page.getByTestId("warranty-page")).toContainText("survivors = sales, units at risk");

  // The Aug 2010 shipment's September returns: 4 becomes 6.
  await runFromPalette(page, "go to the nevada sheet", "Go to the Nevada sheet");
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.closest(".ag-cell")?.getAttribute("col-id")))
    .toBe("sales");
  for (let i = 0; i < 2; i++) await page.keyboard.press("ArrowDown");
  for (let i = 0; i < 3; i++) await page.keyboard.press("ArrowRight");
  await page.keyboard.type("6");
  await page.keyboard.press("Enter");
  await expect(cellOf(page, 2, "r3")).toHaveText("6");

  await runFromPalette(page, "switch return-inclusive", "Switch return-inclusive / non-return-inclusive");
  await expect(page.getByRole("radio", { name: /Non-return-inclusive/ })).toBeChecked();
  await runFromPalette(page, "analyse the nevada", "Analyse the Nevada chart");
  const results = page.getByTestId("warranty-results");
  await expect(results).toBeVisible({ timeout: 30_000 });

  const csv = "shipped,sales,2010-07,2010-08,2010-09\n2010-06,100,3,3,5\n2010-07,140,,2,4\n2010-08,150,,,6\n";
  const ref = cli(csv, "--inclusive", "non-return", "--forecast", "3");
  const beta = Number(await page.getByTestId("warranty-param-beta").textContent());
  expect(beta).toBe(ref.fit.parameters.beta);
  expect(Number(await page.getByTestId("warranty-total").textContent())).toBe(
    Number(ref.forecastTotal.expected.toPrecision(6)),
  );
  await expect(page.getByTestId("warranty-tracking-chart").locator("svg")).toBeVisible();
  await expect(page.getByTestId("warranty-forecast-chart").locator("svg")).toBeVisible();
  await shot(page, "warranty");
  await page.getByTestId("warranty-tracking-chart").scrollIntoViewIfNeeded();
  await shot(page, "warranty-tracking");

  // Saved with Ctrl+S: the route gets its wbId, and a reload opens the stored chart and analyses it again.
  await page.keyboard.press("Control+s");
  await expect.poll(() => page.evaluate(() => location.hash)).toMatch(/wbId=\d+/);
  const saved = await page.evaluate(() => location.hash);
  await page.reload();
  await expect(page.getByTestId("warranty-results")).toBeVisible({ timeout: 30_000 });
  expect(await page.evaluate(() => location.hash)).toBe(saved);
  await expect(cellOf(page, 2, "r3")).toHaveText("6");
  expect(Number(await page.getByTestId("warranty-param-beta").textContent())).toBe(ref.fit.parameters.beta);
  // The stored charts of the warranty kind are listed, this one among them.
  await expect(page.getByTestId("warranty-stored").getByRole("link")).toHaveCount(1);
  await expect(page.getByTestId("warranty-stored")).toContainText("Non-return-inclusive");

  // An unsaved change survives a reload: kept as a draft and offered back (Enter restores it).
  await runFromPalette(page, "go to the nevada sheet", "Go to the Nevada sheet");
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.closest(".ag-cell")?.getAttribute("col-id")))
    .toBe("sales");
  await page.keyboard.type("120");
  await page.keyboard.press("Enter");
  await expect(cellOf(page, 0, "sales")).toHaveText("120");
  const accept = (dialog: import("@playwright/test").Dialog) => void dialog.accept();
  page.on("dialog", accept);
  await page.reload();
  page.off("dialog", accept);
  const confirm = page.getByTestId("confirm-dialog");
  await expect(confirm).toContainText("Restore unsaved changes?");
  await page.keyboard.press("Enter");
  await expect(cellOf(page, 0, "sales")).toHaveText("120");

  // Ctrl+I imports a Nevada sheet whose header names its own periods (Minitab's yearly example, a future row):
  // the sheet takes its four return columns, and the analysis gives the CLI's total for the same file.
  const minitab =
    "Shipped,Sales,2011,2012,2013,2014\n2010,10000,50,60,100,300\n2011,15000,,78,130,200\n" +
    "2012,23000,,,275,600\n2013,32000,,,,400\nfuture,30000\n";
  const chooser = page.waitForEvent("filechooser");
  await runFromPalette(page, "import a nevada", "Import a Nevada sheet");
  await (await chooser).setFiles({ name: "minitab.csv", mimeType: "text/csv", buffer: Buffer.from(minitab) });
  await expect(cellOf(page, 3, "sales")).toHaveText("32000");
  await expect(cellOf(page, 0, "r4")).toHaveText("300");
  await runFromPalette(page, "analyse the nevada", "Analyse the Nevada chart");
  const imported = cli(minitab, "--inclusive", "non-return", "--forecast", "3");
  await expect(page.getByTestId("warranty-total")).toHaveText(
    String(Number(imported.forecastTotal.expected.toPrecision(6))),
  );
  expect(Number(await page.getByTestId("warranty-param-beta").textContent())).toBe(
    imported.fit.parameters.beta,
  );

  expect(await pointerEvents(page)).toBe(0);
  expect(errors).toEqual([]);
});
