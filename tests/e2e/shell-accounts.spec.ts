// Accounts against the real server: an admin creates a user who logs in (changing the one-time password)
// and cannot reach /userList; an expired token while working raises exactly one re-login dialog.
import { expect, test } from "@playwright/test";
import {
  ADMIN,
  api,
  apiLogin,
  createReadyUser,
  expectFocusNotOnBody,
  expectRoute,
  keyboardLogin,
  runFromPalette,
  shot,
  uniqueName,
} from "./support/shell.ts";

test("an admin creates a user, who then logs in and cannot see /userList", async ({ page }) => {
  test.setTimeout(180_000);
  const userName = uniqueName("nu");
  await page.goto("/#/userList");
  await expect(page).toHaveURL(/redirect=%2FuserList/);
  await keyboardLogin(page, ADMIN.userName, ADMIN.password);
  await expectRoute(page, "/userList");
  // The list shows the newest accounts first; by the time this spec runs, others have made many.
  await expect(page.getByTestId("users-table").locator("tbody tr").first()).toBeVisible();
  await shot(page, "user-management");

  await page.getByTestId("create-user").click();
  const form = page.getByTestId("user-dialog");
  await form.getByLabel("User name").fill(userName);
  await form.getByLabel("Nickname").fill("New colleague");
  await form.getByLabel("Phone").fill("12345");
  await form.getByLabel("Owner").check();
  await form.getByLabel("Initial password").fill("Start#2026");
  await form.getByRole("button", { name: "Save" }).click();
  await expect(form).toContainText("Please input the correct mobile phone number.");
  await form.getByLabel("Phone").fill("13812345678");
  await shot(page, "user-create-dialog");
  await form.getByRole("button", { name: "Save" }).click();
  const secret = page.getByTestId("one-time-password");
  await expect(secret.getByTestId("one-time-password-value")).toHaveText("Start#2026");
  await shot(page, "user-one-time-password");
  await secret.locator("footer").getByRole("button", { name: "Close" }).click();
  await expect(page.getByTestId("users-table")).toContainText(userName);

  // Departments and teams tabs render (keyboard: arrows move between tabs)
  await page.getByRole("tab", { name: "Users" }).focus();
  await page.keyboard.press("ArrowRight");
  await expect(page.getByTestId("department-tab")).toBeVisible();
  await shot(page, "departments");
  await page.keyboard.press("ArrowRight");
  await expect(page.getByTestId("team-tab")).toBeVisible();

  await runFromPalette(page, "log out", "Log out");
  await expect(page).toHaveURL(/#\/login/);

  // First login: the one-time password must be changed before anything else
  await keyboardLogin(page, userName, "Start#2026");
  const dialog = page.getByTestId("change-password");
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("Your password was reset. Change it before you continue.");
  await shot(page, "first-login-password");
  // A reload does not get round it: the dialog comes back
  await page.reload();
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(/#\/login/);
  await dialog.getByLabel("Old password").fill("Start#2026");
  await dialog.getByLabel("New password").fill("Colleague#2026");
  await dialog.getByLabel("Confirm password").fill("Colleague#2026");
  await dialog.getByRole("button", { name: "Confirm" }).click();
  await expect(dialog).toBeHidden();
  // On to /userList, where the login was heading, and where an owner has no business: the 401 page, and
  // no trace of the screen in the sidebar or the palette
  await expectRoute(page, "/401");
  await expect(page.getByTestId("error-401")).toBeVisible();
  await shot(page, "unauthorized-401");
  await page.goto("/#/statistic/index");
  await expect(page.getByTestId("sidebar")).toBeVisible();
  await expect(page.getByTestId("sidebar")).not.toContainText("User Management");
  await page.keyboard.press("Control+k");
  await page.keyboard.type("user management");
  await expect(
    page.getByTestId("command-palette").locator("[cmdk-item]", { hasText: "Go to User Management" }),
  ).toHaveCount(0);
  await page.keyboard.press("Escape");
  await page.goto("/#/userList");
  await expect(page.getByTestId("error-401")).toBeVisible();
});

test("an expired token produces exactly one re-login dialog", async ({ page, request }) => {
  test.setTimeout(120_000);
  const userName = uniqueName("ex");
  const { userId, adminToken } = await createReadyUser(request, userName, ["owner"], "Expiring#2026");
  await page.goto("/");
  await keyboardLogin(page, userName, "Expiring#2026");
  await expectRoute(page, "/statistic/index");
  await expect(page.getByTestId("statistic")).toContainText("Projects");

  // The account expires while the user works: every call now answers 50014 with HTTP 401
  await api(request, adminToken, "PUT", "/authority/users", {
    userId,
    expiresAt: new Date(Date.now() - 60_000).toISOString(),
  });
  // Refused calls counted once their answer has been read to the end (the page has it then).
  const refused: number[] = [];
  page.on("requestfinished", async (r) => {
    const status = (await r.response())?.status();
    if (r.url().includes("/api/authority/") && status === 401) refused.push(status);
  });
  // Refreshing the statistic page makes three calls at once
  await page.keyboard.press("Alt+r");
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toHaveCount(1);
  await expect.poll(() => refused.length).toBeGreaterThanOrEqual(3);
  // Three refused calls, one dialog, and no second one turning up late: the page has drawn twice since the
  // last answer arrived, so a dialog it opened would be on screen.
  await page.evaluate(
    () => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))),
  );
  await expect(dialog).toHaveCount(1);
  await expect(dialog).toContainText("This account has expired");
  await shot(page, "relogin-dialog");

  // Re Login forgets the token and reloads into the login page, with the way back in the query
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expectFocusNotOnBody(page);
  await page.keyboard.press("Alt+r");
  await expect(page.getByRole("alertdialog")).toHaveCount(1);
  await page.getByRole("button", { name: "Re Login" }).click();
  await expect(page).toHaveURL(/#\/login\?redirect=/);
  const cookies = await page.context().cookies();
  expect(cookies.find((c) => c.name === "Admin-Token")).toBeUndefined();
  // and the admin's own session is untouched
  await apiLogin(request, ADMIN.userName, ADMIN.password);
});

test("a token the server does not know is dropped on the first navigation, with the message and the way back", async ({
  page,
  baseURL,
}) => {
  await page.context().addCookies([{ name: "Admin-Token", value: "not-a-real-token", url: baseURL ?? "" }]);
  await page.goto("/#/task/index");
  await expect(page).toHaveURL(/#\/login\?redirect=%2Ftask%2Findex$/);
  await expect(page.getByTestId("message")).toContainText("Your session is not valid. Please log in again.");
  await expect(page.getByRole("alertdialog")).toHaveCount(0);
  expect((await page.context().cookies()).find((c) => c.name === "Admin-Token")).toBeUndefined();
  await keyboardLogin(page, ADMIN.userName, ADMIN.password);
  await expectRoute(page, "/task/index");
});
