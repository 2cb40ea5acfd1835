// Issue 22: the seven test-design pages, each reached from the palette ("Design a test…", then the page),
// filled by keyboard (the blank field is solved as the user types), the solved value checked against
// `relbench design` on the same inputs, spec 5's message on blur, a plan saved with Ctrl+S and opened again,
// unsaved typing offered back after a reload.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import * as XLSX from "@e965/xlsx";
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
  const r = spawnSync(process.execPath, ["bin/relbench.cjs", "design", ...args, "--json"], {
    encoding: "utf8",
  });
  if (r.status !== 0) throw new Error(`relbench design ${args.join(" ")}: ${r.stderr}`);
  return JSON.parse(r.stdout);
}

/** Moves the palette's selection with the arrow keys to the entry whose text is `text`. */
async function selectEntry(page: Page, text: string) {
  const selected = page.locator("[cmdk-item][data-selected=true]");
  for (let i = 0; i < 12 && (await selected.textContent())?.trim() !== text; i++)
    await page.keyboard.press("ArrowDown");
  await expect(selected).toHaveText(text);
}

/** Ctrl+K, "Design a test…" (a nested page: recent pages may rank above it), then the page by its title. */
async function openFromPalette(page: Page, title: string, path: string) {
  await page.keyboard.press("Control+k");
  await expect(page.getByTestId("command-palette")).toBeVisible();
  await page.keyboard.type("design a test");
  await selectEntry(page, "Design a test…");
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("palette-page")).toBeVisible();
  await page.keyboard.type(title);
  await selectEntry(page, title);
  await page.keyboard.press("Enter");
  await expectRoute(page, path);
  await expect(screen(page)).toBeVisible();
  await expect(screen(page).getByTestId("td-solved")).toBeVisible();
}

/** The page shown (visited pages stay mounted, hidden, in their tabs). */
const screen = (page: Page) => page.locator("[data-testid=testdesign]:visible");

/** Types into fields by name (focus moved by script, never a pointer); "" clears a field. */
async function fill(page: Page, values: Record<string, string>) {
  for (const [name, text] of Object.entries(values)) {
    const input = screen(page).locator(`input[name="${name}"]`);
    // The route change hands focus to the main region once the screen has loaded; take it after that.
    await expect(async () => {
      await input.focus();
      await expect(input).toBeFocused({ timeout: 300 });
    }).toPass();
    if (text === "") {
      await page.keyboard.press("Control+a");
      await page.keyboard.press("Delete");
    } else await typeInto(page, text);
  }
  await page.keyboard.press("Tab");
}

async function solved(page: Page, quantity: string): Promise<number> {
  const output = screen(page).getByTestId("td-solved");
  await expect(output).toHaveAttribute("data-quantity", quantity);
  return Number(await output.getAttribute("data-value"));
}

const PAGES: {
  page: string;
  title: string;
  fill: Record<string, string>;
  cli: string[];
  quantity: string;
}[] = [
  {
    page: "nonparamBino",
    title: "Non-parametric binomial",
    fill: { failures: "2" },
    cli: ["nonparametric-binomial", "--reliability", "80", "--confidence", "90", "--failures", "2"],
    quantity: "samples",
  },
  {
    page: "paramBino",
    title: "Parametric binomial",
    fill: { testTime: "", samples: "20" },
    cli: [
      "parametric-binomial",
      ...["--reliability", "90", "--demo-time", "100", "--confidence", "95"],
      ...["--beta", "1.5", "--samples", "20", "--failures", "0"],
    ],
    quantity: "testTime",
  },
  {
    page: "indexChiSquare",
    title: "Exponential chi-squared",
    fill: { failures: "3" },
    cli: [
      "exponential-chi-squared",
      "--reliability",
      "85",
      "--demo-time",
      "500",
      "--confidence",
      "90",
      "--failures",
      "3",
    ],
    quantity: "testTime",
  },
  {
    page: "weibullChiSquare",
    title: "Weibull chi-squared",
    fill: { beta: "2" },
    cli: [
      "weibull-chi-squared",
      ...["--reliability", "95", "--demo-time", "100", "--beta", "2", "--confidence", "90"],
      ...["--failures", "1", "--test-time", "150"],
    ],
    quantity: "samples",
  },
  {
    page: "repairePoisson",
    title: "Repairable system Poisson",
    fill: { samples: "6" },
    cli: ["poisson", "--samples", "6", "--mttf", "500", "--confidence", "80", "--failures", "3"],
    quantity: "testTime",
  },
  {
    page: "fixEffectValidTest",
    title: "Fix effectiveness validation",
    fill: { effectiveness: "50" },
    cli: [
      "fix-effectiveness",
      "--mttf",
      "500",
      "--effectiveness",
      "50",
      "--confidence",
      "90",
      "--failures",
      "1",
    ],
    quantity: "testTime",
  },
  {
    page: "stressStrength",
    title: "Stress-strength curve",
    fill: { "strength-mu": "35" },
    cli: ["stress-strength", "--stress", "normal:20,6", "--strength", "normal:35,7"],
    quantity: "probabilityOfFailure",
  },
];

test("each test-design page from the palette, filled by keyboard, agrees with relbench design", async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const errors = await signInNewOwner(page, request, "td", "Plan#2026");
  for (const p of PAGES) {
    await openFromPalette(page, p.title, `/${p.page}`);
    await fill(page, p.fill);
    const expected = cli(p.cli)[p.quantity];
    await expect.poll(() => solved(page, p.quantity)).toBeCloseTo(expected, 9);
    expect(Math.abs((await solved(page, p.quantity)) - expected)).toBeLessThanOrEqual(
      1e-12 * Math.abs(expected),
    );
    await expect(screen(page).locator("svg").first()).toBeVisible();
    // Every chart drawn before the screenshot: each draws its svg in a task of its own, after the results,
    // and a redraw for the last value typed is a timer queued behind the frame that showed them.
    await expect
      .poll(() =>
        screen(page)
          .locator(".plot-figure-host")
          .evaluateAll((hosts) => hosts.length > 0 && hosts.every((h) => h.querySelector(":scope > svg"))),
      )
      .toBe(true);
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0))));
    await shot(page, `testdesign-${p.page}`);
  }

  // Spec 5's message on blur, the typed value kept; then put right.
  await openFromPalette(page, "Exponential chi-squared", "/indexChiSquare");
  await fill(page, { confidence: "5" });
  // On the field (role=alert, tied to it) and in the result panel, which says why there is no plan.
  await expect(
    screen(page).getByRole("alert").getByText("Please enter a value between 10-100."),
  ).toBeVisible();
  await expect(screen(page).getByTestId("td-problems")).toContainText("Please enter a value between 10-100.");
  await expect(screen(page).locator('input[name="confidence"]')).toHaveValue("5");
  await shot(page, "testdesign-range-message");
  await fill(page, { confidence: "90" });
  await expect(screen(page).getByText("Please enter a value between 10-100.")).toHaveCount(0);

  // Save with Ctrl+S, open again by its address: the same plan.
  await openFromPalette(page, "Parametric binomial", "/paramBino");
  await fill(page, { planName: "Bearing demo" });
  const before = await solved(page, "testTime");
  await page.keyboard.press("Control+s");
  await expect(page.getByText("The plan is saved.").first()).toBeVisible();
  await expect.poll(() => page.evaluate(() => location.hash)).toMatch(/\/paramBino\?id=\d+/);
  await page.reload();
  await expect(screen(page).locator('input[name="planName"]')).toHaveValue("Bearing demo");
  expect(await solved(page, "testTime")).toBe(before);

  // Ctrl+Shift+X: the plan as xlsx, every digit of the solved test time.
  const download = page.waitForEvent("download");
  await page.keyboard.press("Control+Shift+X");
  const file = await download;
  expect(file.suggestedFilename()).toBe("Bearing demo.xlsx");
  const book = XLSX.read(readFileSync(await file.path()));
  const rows = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets.Plan, { header: 1 });
  expect(rows.find((r) => r[0] === "Test time per unit")?.[1]).toBe(before);

  // A language switch keeps what was typed into the stored plan: the plan is not fetched again over it.
  const planFetches: string[] = [];
  const onRequest = (r: import("@playwright/test").Request) => {
    if (/\/api\/doe\/\d+$/.test(new URL(r.url()).pathname) && r.method() === "GET") planFetches.push(r.url());
  };
  page.on("request", onRequest);
  await fill(page, { samples: "25" });
  for (const [query, menu, lang, crumb] of [
    ["chinese", "Language…", "zh", "统计"],
    ["english", "语言…", "en", "Statistic"],
  ] as const) {
    await runFromPalette(page, "language", menu, "page");
    await page.keyboard.type(query);
    await page.keyboard.press("Enter");
    await expect(page.locator("html")).toHaveAttribute("lang", lang);
    await expect(page.getByTestId("breadcrumb")).toContainText(crumb);
    await expect(screen(page).locator('input[name="samples"]')).toHaveValue("25");
  }
  page.off("request", onRequest);
  expect(planFetches).toEqual([]);

  // Unsaved work survives a reload: the non-parametric page, typed into in the first round and never
  // saved, is offered back (Enter restores) with its fields and its solved sample size.
  const confirm = page.getByTestId("confirm-dialog");
  await openFromPalette(page, "Non-parametric binomial", "/nonparamBino");
  await expect(confirm).toContainText("Restore unsaved changes?");
  await expect(confirm).toContainText("Non-parametric binomial");
  await expect(confirm.getByRole("button", { name: "Restore" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(confirm).toHaveCount(0);
  await expect(screen(page).locator('input[name="failures"]')).toHaveValue("2");
  const twoFailures = cli(PAGES[0].cli).samples;
  await expect.poll(() => solved(page, "samples")).toBe(twoFailures);

  // Typed now, reloaded at once: the browser asks first, and the name, the fields and the answer come back.
  await fill(page, { planName: "Seal test", failures: "3" });
  const threeFailures = cli([
    "nonparametric-binomial",
    "--reliability",
    "80",
    "--confidence",
    "90",
    "--failures",
    "3",
  ]).samples;
  await expect.poll(() => solved(page, "samples")).toBe(threeFailures);
  expect(await reloadAnsweringLeave(page)).toBe(true);
  await expect(confirm).toContainText("Seal test");
  await shot(page, "testdesign-draft-offer");
  await page.keyboard.press("Enter");
  await expect(screen(page).locator('input[name="planName"]')).toHaveValue("Seal test");
  await expect(screen(page).locator('input[name="failures"]')).toHaveValue("3");
  await expect(screen(page).locator('input[name="reliability"]')).toHaveValue("80");
  await expect.poll(() => solved(page, "samples")).toBe(threeFailures);

  // The sequential chart beside the non-parametric plan.
  await openFromPalette(page, "Non-parametric binomial", "/nonparamBino");
  await expect(screen(page).getByTestId("td-sprt").locator("svg").first()).toBeVisible();
  await screen(page).getByTestId("td-sprt").scrollIntoViewIfNeeded();
  await shot(page, "testdesign-sprt");

  expect(await pointerEvents(page)).toBe(0);
  expect(errors).toEqual([]);
});
