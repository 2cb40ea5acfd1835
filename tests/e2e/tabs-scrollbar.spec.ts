// Issue 15, point 10: the tab bar's scrollbar covered the tab labels. Headless Chromium hides scrollbars
// unless told otherwise, so this file runs with the scrollbars a user sees; keyboard only.
import { expect, test } from "@playwright/test";
import { runFromPalette, shot, signInNewOwner } from "./support/shell.ts";

test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--no-first-run"],
    ignoreDefaultArgs: ["--hide-scrollbars"],
  },
});

test("the tab bar: its scrollbar leaves the labels readable, the tab shown is scrolled into view", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 560, height: 700 });
  const errors = await signInNewOwner(page, request, "tab", "Tabs#2026xx");
  // Enough tabs to overflow the bar: the labels stay above its scrollbar
  for (const [query, title] of [
    ["go to project", /Go to Project$/],
    ["go to fmea project", /Go to FMEA Project$/],
    ["go to task", /Go to Task$/],
    ["go to message", /Go to Message$/],
    ["go to message alert", /Go to Message Alert$/],
    ["go to recycle", /Go to Recycle Bin$/],
  ] as const)
    await runFromPalette(page, query, title);
  const bar = page.getByTestId("tags-view").locator(".tags-list");
  expect(await bar.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  const covered = await bar.evaluate((list) => {
    const inner = list.getBoundingClientRect().top + list.clientTop + list.clientHeight;
    return [...list.querySelectorAll(".tag")].some((tag) => tag.getBoundingClientRect().bottom > inner + 0.5);
  });
  expect(covered, "a tab label reaches under the scrollbar").toBe(false);
  await shot(page, "daily-tabs-overflow");

  const active = bar.locator(".tag.active");
  await expect(active).toContainText("Recycle Bin");
  await expect(active).toBeInViewport({ ratio: 1 });
  expect(errors).toEqual([]);
});
