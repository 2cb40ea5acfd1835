// Every screen of the shell renders against the real server, with a screenshot of each; the production
// bundle of the shell is measured, heavy libraries must stay out of it, and the time to first render is
// reported.

import { mkdirSync, writeFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { expect, test } from "@playwright/test";
import { ADMIN, expectRoute, keyboardLogin, shot } from "./support/shell.ts";

test("the shell's production bundle: size, no heavy libraries, time to first render", async ({
  page,
  request,
}) => {
  const html = await (await request.get("/")).text();
  const assets = [...html.matchAll(/(?:src|href)="(\/static\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]);
  expect(assets.length).toBeGreaterThan(1);
  let raw = 0;
  let gzip = 0;
  const heavy: Record<string, RegExp> = {
    "AG Grid": /ag-grid|AG Grid/,
    "Observable Plot": /plot-d6a7b5/,
    dagre: /graphlib/,
    SheetJS: /SheetJS/,
  };
  for (const asset of assets) {
    const body = Buffer.from(await (await request.get(asset)).body());
    raw += body.length;
    gzip += gzipSync(body).length;
    if (asset.endsWith(".js")) {
      const text = body.toString("utf8");
      for (const [name, marker] of Object.entries(heavy))
        expect(marker.test(text), `${name} in ${asset}`).toBe(false);
    }
  }

  await page.goto("/#/login");
  await expect(page.locator("input[name=userName]")).toBeVisible();
  const timing = await page.evaluate(() => {
    const nav = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
    const first = performance.getEntriesByName("relbench:first-render")[0];
    return {
      firstRender: first?.startTime ?? -1,
      domContentLoaded: nav.domContentLoadedEventEnd,
      now: performance.now(),
    };
  });
  expect(timing.firstRender).toBeGreaterThan(0);
  const metrics = {
    initialAssets: assets,
    rawBytes: raw,
    gzipBytes: gzip,
    firstRenderMs: Math.round(timing.firstRender),
    loginVisibleMs: Math.round(timing.now),
    domContentLoadedMs: Math.round(timing.domContentLoaded),
  };
  mkdirSync("test-results", { recursive: true });
  writeFileSync("test-results/shell-metrics.json", `${JSON.stringify(metrics, null, 2)}\n`);
  console.log(
    `shell bundle: ${(raw / 1024).toFixed(1)} kB raw, ${(gzip / 1024).toFixed(1)} kB gzip (${assets.length} files); ` +
      `first render ${metrics.firstRenderMs} ms, login form within ${metrics.loginVisibleMs} ms of navigation`,
  );
  test.info().annotations.push({ type: "shell-metrics", description: JSON.stringify(metrics) });
});

test("every screen renders, in the layouts of spec 2", async ({ page }) => {
  test.setTimeout(240_000);
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto("/#/statistic/index");
  await expect(page.locator("input[name=userName]")).toBeFocused();
  await shot(page, "login");
  await keyboardLogin(page, ADMIN.userName, ADMIN.password);
  await expectRoute(page, "/statistic/index");
  await expect(page.locator(".metric-value").first()).toHaveText(/^\d+$/);
  await expect(page).toHaveTitle("Statistic - relbench");
  await shot(page, "statistic");

  const screens: [path: string, testId: string, name: string][] = [
    ["/project/index", "projects", "project"],
    ["/task/index", "tasks", "task"],
    ["/message/index", "messages", "message"],
    ["/message/alert", "message-alert", "message-alert"],
    ["/recycleBin", "recycle-bin", "recycle-bin"],
    ["/helpHome", "help-home", "help-home"],
    ["/weibullhelp", "manual-weibull", "help-weibull"],
    ["/altahelp", "manual-alta", "help-alta"],
    ["/ftahelp", "manual-fta", "help-fta"],
    ["/feedBack", "feedback-page", "feedback-page"],
    ["/feedBackList", "feedback-list", "feedback-list"],
    ["/userCenter", "user-center", "user-center"],
    ["/userList", "user-management", "user-management-admin"],
    ["/lifeData/weibull", "life-page", "analysis-layout"],
    ["/rgt/track/list", "growth-list-track", "rgt-track"],
    ["/pFmeaTable", "fmea-table", "fmea-layout-process"],
    ["/calculator", "life-calculator", "fmea-layout-life"],
  ];
  for (const [path, testId, name] of screens) {
    await page.goto(`/#${path}`);
    // kept-alive views stay in the page, hidden: look at the visible one
    await expect(page.locator(`[data-testid="${testId}"]:visible`)).toHaveCount(1);
    await expect(page.getByTestId("screen-error")).toHaveCount(0);
    await shot(page, name);
  }

  // The breadcrumb ends with the analysis when the query names one
  await page.goto("/#/lifeData/weibull?analysisName=Bearing%20field%20data");
  await expect(page.getByTestId("breadcrumb")).toHaveText(/Life Data Analysis.*Bearing field data/);
  await expect(page).toHaveTitle("Life Data Analysis - relbench");

  // A project and its parts
  await page.goto("/#/project/index");
  await page.getByTestId("projects").getByRole("link").first().click();
  await expect(page.getByTestId("project-detail")).toBeVisible();
  await expect(page.getByTestId("project-detail").locator("tbody tr").first()).toBeVisible();
  await shot(page, "project-detail");

  // The analysis layout's panel closes and opens with its shortcut
  await page.goto("/#/lifeData/degradation");
  await expect(page.getByTestId("analysis-sidebar")).toBeVisible();
  await page.keyboard.press("Control+b");
  await expect(page.getByTestId("analysis-sidebar")).toBeHidden();
  await page.keyboard.press("Control+b");
  await expect(page.getByTestId("analysis-sidebar")).toBeVisible();

  // Overlays: the palette, the quick feedback dialog and the tag menu (Shift+F10 on a focused tab)
  await page.goto("/#/task/index");
  await page.keyboard.press("Control+k");
  await expect(page.getByTestId("command-palette")).toBeVisible();
  await shot(page, "palette");
  await page.keyboard.press("Escape");
  await page.keyboard.press("Alt+Shift+b");
  await expect(page.getByTestId("feedback-dialog")).toBeVisible();
  await page.getByTestId("feedback-dialog").getByRole("button", { name: "Submit" }).click();
  await expect(page.getByTestId("feedback-dialog")).toContainText("Describe the problem or the idea.");
  await shot(page, "feedback-dialog");
  await page.keyboard.press("Escape");
  await page.getByTestId("tags-view").getByRole("link", { name: "Task" }).focus();
  await page.keyboard.press("Shift+F10");
  await expect(page.getByTestId("tags-menu")).toBeVisible();
  await shot(page, "tag-menu");
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("tags-menu")).toBeHidden();

  // Unknown paths: 404
  await page.goto("/#/no/such/screen");
  await expect(page.getByTestId("error-404")).toBeVisible();
  await shot(page, "not-found-404");

  // Small screens: the sidebar closes by itself below 992 px
  await page.setViewportSize({ width: 900, height: 700 });
  await page.goto("/#/statistic/index");
  await expect(page.getByTestId("sidebar")).toHaveClass(/sidebar-collapsed/);
  await expect(page.locator(".metric-value").first()).toHaveText(/^\d+$/);
  await shot(page, "statistic-mobile");
  await page.setViewportSize({ width: 1366, height: 800 });

  expect(errors).toEqual([]);
});

test("in Chinese, the route search finds screens by pinyin and initials", async ({ page }) => {
  // the saved language setting wins over the browser's (spec 1)
  await page.addInitScript(() => localStorage.setItem("relbench.language", JSON.stringify("zh")));
  await page.goto("/");
  await expect(page.locator("html")).toHaveAttribute("lang", "zh");
  await expect(page.getByRole("button", { name: "登录" })).toBeVisible();
  await expect(page).toHaveTitle("登录 - relbench");
  await keyboardLogin(page, ADMIN.userName, ADMIN.password);
  await expectRoute(page, "/statistic/index");
  await expect(page.getByTestId("sidebar")).toContainText("统计");
  await page.keyboard.press("/");
  await expect(page.locator("#route-search-input")).toBeFocused();
  await page.keyboard.type("huishouzhan");
  const list = page.getByRole("listbox", { name: "搜索页面" });
  await expect(list.getByRole("option").first()).toContainText("回收站");
  await shot(page, "route-search-pinyin");
  await page.keyboard.press("Control+a");
  await page.keyboard.type("smsjfx");
  await expect(list.getByRole("option").first()).toContainText("寿命数据分析");
  await page.keyboard.press("Enter");
  await expectRoute(page, "/lifeData/weibull");
});

test("switching role rebuilds the routes and closes the tabs", async ({ page }) => {
  await page.goto("/#/userList");
  await keyboardLogin(page, ADMIN.userName, ADMIN.password);
  await expectRoute(page, "/userList");
  await page.keyboard.press("Control+k");
  await page.keyboard.type("switch role");
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("palette-page")).toHaveText("Switch role…");
  await page.keyboard.type("owner");
  await page.keyboard.press("Enter");
  await expectRoute(page, "/statistic/index");
  await expect(page.getByTestId("sidebar")).not.toContainText("User Management");
  await expect(page.getByTestId("tags-view").locator("li.tag")).toHaveCount(1);
  await page.goto("/#/userList");
  await expect(page.getByTestId("error-401")).toBeVisible();
});

test("a narrow window keeps the header's tools on screen; the palette has the ones left out", async ({
  page,
}) => {
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  const toolsFit = () =>
    page.evaluate(() =>
      [...document.querySelectorAll(".header-tools")]
        .filter((e) => e.getClientRects().length > 0)
        .every((e) => e.getBoundingClientRect().right <= document.documentElement.clientWidth),
    );
  await page.setViewportSize({ width: 560, height: 800 });
  await page.goto("/#/login?redirect=%2Fstatistic%2Findex");
  await keyboardLogin(page, ADMIN.userName, ADMIN.password);
  await expect(page.getByTestId("breadcrumb")).toContainText("Statistic");
  expect(await toolsFit()).toBe(true);
  await expect(page.getByTestId("open-palette")).toBeVisible();
  await expect(page.getByTestId("user-menu")).toBeVisible();
  await expect(page.locator(".header-tools .route-search")).toBeHidden();
  await shot(page, "header-narrow-560");
  // "/" opens the palette where the search of screens is left out; full screen is there.
  await page.keyboard.press("/");
  const palette = page.getByTestId("command-palette");
  await expect(palette).toBeVisible();
  await page.keyboard.type("full screen");
  await expect(palette.locator("[cmdk-item][data-selected=true]")).toContainText("Toggle full screen");
  await page.keyboard.press("Escape");
  await expect(palette).toBeHidden();
  // The analysis layout's bar, narrower still beside its own panel.
  await page.goto("/#/lifeData/weibull");
  await expect(page.getByTestId("life-page")).toBeVisible({ timeout: 30_000 });
  expect(await toolsFit()).toBe(true);
  await shot(page, "header-narrow-560-analysis");
  // A wide window shows them all again.
  await page.setViewportSize({ width: 1440, height: 900 });
  await expect(page.locator(".header-tools .route-search")).toBeVisible();
  await expect(page.getByRole("button", { name: "Toggle full screen" })).toBeVisible();
  expect(errors).toEqual([]);
});
