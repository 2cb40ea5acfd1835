// The keyboard-only journey of issue 4: log in, reach every area through the palette, open and close tabs,
// switch to Chinese and back, change the password with each validation message shown, log out — and not
// one pointer or mouse event on the way.
import { expect, test } from "@playwright/test";
import {
  countPointerEvents,
  createReadyUser,
  expectFocusNotOnBody,
  expectRoute,
  keyboardLogin,
  pointerEvents,
  runFromPalette,
  shot,
  uniqueName,
} from "./support/shell.ts";

const AREAS: { query: string; title: string | RegExp; path: string; shot?: string }[] = [
  { query: "project", title: "Go to Project", path: "/project/index", shot: "project" },
  { query: "task", title: "Go to Task", path: "/task/index", shot: "task" },
  { query: "message alert", title: "Go to Message Alert", path: "/message/alert", shot: "message-alert" },
  { query: "recycle", title: "Go to Recycle Bin", path: "/recycleBin", shot: "recycle-bin" },
  {
    query: "weibull",
    title: "Go to Life Data Analysis",
    path: "/lifeData/weibull",
    shot: "life-data-analysis",
  },
  { query: "nevada", title: "Go to Nevada", path: "/lifeData/nevadaNRI" },
  { query: "efta", title: "Go to eFTA", path: "/efta", shot: "efta" },
  { query: "erbd", title: "Go to eRBD", path: "/rbd" },
  { query: "growth plan", title: "Go to Growth Plan", path: "/rgt/growthPlan/list" },
  { query: "design of experiments", title: "Go to Design of experiments", path: "/experimentalDesign" },
  { query: "fmea table", title: "Go to FMEA table", path: "/fmeaTable", shot: "fmea-table" },
  { query: "help", title: "Go to Help", path: "/helpHome", shot: "help-home" },
  { query: "feedback list", title: "Go to Feedback list", path: "/feedBackList", shot: "feedback-list" },
  { query: "user center", title: /User center/, path: "/userCenter", shot: "user-center" },
  { query: "message", title: "Go to Message", path: "/message/index", shot: "message" },
];

test("keyboard only: log in, every area by typing, tabs, Chinese and back, change password, log out", async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const userName = uniqueName("kb");
  const password = "Keyboard#2026";
  await createReadyUser(request, userName, ["owner"], password);
  await countPointerEvents(page);

  await page.goto("/");
  await expect(page).toHaveURL(/#\/login\?redirect=%2F$/);
  await keyboardLogin(page, userName, password);
  await expectRoute(page, "/statistic/index");
  await expect(page.getByTestId("statistic")).toBeVisible();

  for (const area of AREAS) {
    await runFromPalette(page, area.query, area.title);
    await expectRoute(page, area.path);
    await expect(page.locator(".view:visible h1").first()).toBeVisible();
    await expectFocusNotOnBody(page);
    if (area.shot) await shot(page, area.shot);
  }

  // "/" focuses the route search; arrows and Enter open a screen
  await page.keyboard.press("/");
  await expect(page.locator("#route-search-input")).toBeFocused();
  await page.keyboard.type("degrad");
  await page.keyboard.press("Enter");
  await expectRoute(page, "/lifeData/degradation");

  // Tabs: the main-layout screens visited are tabs; close one, close the others, jump to the first
  await runFromPalette(page, "recycle", "Go to Recycle Bin");
  const tabs = page.getByTestId("tags-view").locator("li.tag");
  const before = await tabs.count();
  expect(before).toBeGreaterThan(5);
  await page.keyboard.press("Alt+w");
  // closing the current tab shows the last one: the degradation analysis, in the analysis layout
  await expectRoute(page, "/lifeData/degradation");
  await runFromPalette(page, "task", "Go to Task");
  await expect(tabs).toHaveCount(before - 1);
  await expect(page.getByTestId("tags-view")).not.toContainText("Recycle Bin");
  await shot(page, "tabs-after-close");
  await page.keyboard.press("Alt+Shift+w");
  await expect(tabs).toHaveCount(2); // the affixed statistic tab and the current one
  await page.keyboard.press("Alt+1");
  await expectRoute(page, "/statistic/index");
  await page.keyboard.press("Alt+Shift+a");
  await expect(tabs).toHaveCount(1);

  // The cheat sheet and the settings panel open and close from the keyboard; focus comes back
  await page.keyboard.press("?");
  await expect(page.getByTestId("cheat-sheet")).toBeVisible();
  await shot(page, "cheat-sheet");
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("cheat-sheet")).toBeHidden();
  await expectFocusNotOnBody(page);
  await page.keyboard.press("Control+Comma");
  await expect(page.getByTestId("settings-panel")).toBeVisible();
  await shot(page, "settings-panel");
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("settings-panel")).toBeHidden();
  await expectFocusNotOnBody(page);

  // Chinese through the nested language page, and back
  await runFromPalette(page, "language", "Language…", "page");
  await expect(page.getByTestId("palette-page")).toHaveText("Language…");
  await shot(page, "palette-language");
  await page.keyboard.type("chinese");
  await expect(page.locator("[cmdk-item][data-selected=true]")).toContainText("中文");
  await page.keyboard.press("Enter");
  await expect(page.locator("html")).toHaveAttribute("lang", "zh");
  await expect(page.getByTestId("breadcrumb")).toContainText("统计");
  await expect(page.getByTestId("statistic")).toContainText("未完成任务");
  await shot(page, "statistic-zh");
  await runFromPalette(page, "language", "语言…", "page");
  await page.keyboard.type("english");
  await page.keyboard.press("Enter");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByTestId("breadcrumb")).toContainText("Statistic");

  // Change password: each validation message on blur, then the change itself
  await runFromPalette(page, "change password", "Change password");
  const dialog = page.getByTestId("change-password");
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel("Old password")).toBeFocused();
  await page.keyboard.press("Tab"); // leaves the empty old password
  await expect(dialog).toContainText("Please input the old password.");
  await page.keyboard.press("Shift+Tab");
  await page.keyboard.type(password);
  await page.keyboard.press("Tab");
  await expect(dialog.getByLabel("New password")).toBeFocused();
  await page.keyboard.type("abc");
  await page.keyboard.press("Tab");
  await expect(dialog).toContainText("The password must be 6 to 15 characters.");
  await page.keyboard.press("Shift+Tab");
  await page.keyboard.press("Control+a");
  await page.keyboard.type("onlylowercase");
  await page.keyboard.press("Tab");
  await expect(dialog).toContainText("The password needs at least two of: digits, letters, symbols.");
  await page.keyboard.press("Shift+Tab");
  await page.keyboard.press("Control+a");
  await page.keyboard.type("Changed#2026");
  await page.keyboard.press("Tab");
  await expect(dialog.getByLabel("Confirm password")).toBeFocused();
  await page.keyboard.type("Changed#2027");
  await page.keyboard.press("Tab");
  await expect(dialog).toContainText("The two passwords do not match.");
  await shot(page, "change-password-validation");
  await page.keyboard.press("Shift+Tab");
  await page.keyboard.press("Control+a");
  await page.keyboard.type("Changed#2026");
  await page.keyboard.press("Enter");
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("message")).toContainText("The password has been changed.");
  await expectFocusNotOnBody(page);

  // The new token works: a screen that loads data still loads
  await runFromPalette(page, "project", "Go to Project");
  await expect(page.getByTestId("projects").locator("tbody tr").first()).toBeVisible();

  await runFromPalette(page, "log out", "Log out");
  await expect(page).toHaveURL(/#\/login\?redirect=/);
  await keyboardLogin(page, userName, "Changed#2026");
  await expect.poll(() => page.evaluate(() => location.hash)).toContain("/project/index");

  expect(await pointerEvents(page)).toBe(0);
});
