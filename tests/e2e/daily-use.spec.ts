// Issue 15's screens in daily use, by keyboard alone against the production build and the real server:
// nothing typed is lost (a leave warning, a local draft offered back after a reload), eFTA's stored results
// shown on reopening and kept, marked stale, after an edit, the list's event count; the forced password
// change says why it refuses and stays open, the dialog opens without an error, a language change keeps
// the session and the work on screen.
import { expect, type Page, test } from "@playwright/test";
import { expectSelected, expectTreeFocused, setAttributes } from "./support/fta.ts";
import {
  ADMIN,
  api,
  apiLogin,
  expectRoute,
  keyboardLogin,
  pointerEvents,
  reloadAnsweringLeave,
  runFromPalette,
  shot,
  signInNewOwner,
  typeInto,
  uniqueName,
} from "./support/shell.ts";

test.use({ viewport: { width: 1440, height: 900 } });

async function expectTreeInsideCanvas(page: Page): Promise<void> {
  await expect
    .poll(() =>
      page.getByTestId("fta-canvas").evaluate((canvas) => {
        const box = canvas.getBoundingClientRect();
        const nodes = [...canvas.querySelectorAll("[data-node-id]")].map((n) => n.getBoundingClientRect());
        return (
          nodes.length > 0 &&
          nodes.every(
            (r) => r.top >= box.top && r.bottom <= box.bottom && r.left >= box.left && r.right <= box.right,
          )
        );
      }),
    )
    .toBe(true);
}

test("eFTA: an unsaved tree survives a reload as a draft; saved results come back on reopening, marked stale after an edit", async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const errors = await signInNewOwner(page, request, "dft", "Drafts#2026");
  await runFromPalette(page, "fta analysis", "Go to FTA analysis");
  await expectRoute(page, "/fta/analysis/index");
  await expectTreeFocused(page);

  // TOP = OR(A, B, C): one gate, three events
  await page.keyboard.press("g");
  await expectSelected(page, ">TOP");
  await page.keyboard.press("e");
  await setAttributes(page, { code: "A", p: ["0.01"] });
  for (const [code, p] of [
    ["B", "0.02"],
    ["C", "0.03"],
  ]) {
    await page.keyboard.press("ArrowUp");
    await expectSelected(page, ">TOP");
    await page.keyboard.press("e");
    await setAttributes(page, { code, p: [p] });
  }
  await expect(page.getByTestId("fta-canvas").locator("[data-node-id]")).toHaveCount(4);

  // Reload with the tree unsaved: the browser asks first, and the tree is offered back
  expect(await reloadAnsweringLeave(page)).toBe(true);
  const confirm = page.getByTestId("confirm-dialog");
  await expect(confirm).toContainText("Restore unsaved changes?");
  await shot(page, "daily-fta-draft-offer");
  await expect(confirm.getByRole("button", { name: "Restore" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("fta-canvas").locator("[data-node-id]")).toHaveCount(4);
  await expect(page.locator(".fta-dirty")).toBeVisible();
  await page.getByTestId("fta-canvas").focus();

  // Analyse, save: the draft goes, the stored list counts three events
  await page.keyboard.press("Control+Enter");
  const exact = page.getByTestId("fta-p-exact");
  await expect(exact).toHaveText(/^0\.\d+/);
  const probability = (await exact.textContent()) ?? "";
  await page.keyboard.press("Control+s");
  await expect(page.getByTestId("fta-save-dialog").locator("input[name=name]")).toBeFocused();
  await typeInto(page, "Three events");
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("message")).toContainText("Saved 'Three events'");
  await expect.poll(() => page.evaluate(() => location.hash)).toMatch(/[?&]id=\d+/);

  // Reopened (a reload of the saved tree): no question, the stored results on screen, the top event in view
  expect(await reloadAnsweringLeave(page)).toBe(false);
  await expect(page.getByTestId("fta-canvas").locator("[data-node-id]")).toHaveCount(4);
  await expect(exact).toHaveText(probability);
  await expect(confirm).toBeHidden();
  const top = page.getByTestId("fta-top");
  await expect(top).toHaveText("TOP");
  await expect(top).toBeInViewport({ ratio: 1 });
  // With the results open the whole tree, its top event first, is drawn inside the canvas
  await expectTreeInsideCanvas(page);
  await shot(page, "daily-fta-reopened");

  // An edit marks the results stale (spec 8's message where they were); undo brings them back
  await page.getByTestId("fta-canvas").focus();
  await page.keyboard.press("Home");
  await page.keyboard.press("Shift+A");
  await expect(page.getByTestId("fta-stale")).toBeVisible();
  await expect(page.getByTestId("fta-no-result")).toHaveText("Please Analyze the fault tree first");
  await shot(page, "daily-fta-stale");
  await page.keyboard.press("Control+z");
  await expect(page.getByTestId("fta-stale")).toBeHidden();
  await expect(exact).toHaveText(probability);

  await runFromPalette(page, "efta", "Go to eFTA");
  await expectRoute(page, "/efta");
  const row = page.getByTestId("fta-stored").locator("tr", { hasText: "Three events" });
  await expect(row.locator("td").nth(1)).toHaveText("1");
  await expect(row.locator("td").nth(2)).toHaveText("3");
  expect(await pointerEvents(page)).toBe(0);
  expect(errors).toEqual([]);
});

test("accounts: a forced password change says why it refuses and stays; a language change keeps the session and the work", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const admin = await apiLogin(request, ADMIN.userName, ADMIN.password);
  const userName = uniqueName("pwd");
  await api(request, admin.token, "POST", "/authority/users/account", {
    userName,
    roles: ["owner"],
    password: "Start#2026",
  });
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto("/");
  await keyboardLogin(page, userName, "Start#2026");
  const dialog = page.getByTestId("change-password");
  await expect(dialog.getByLabel("Old password")).toBeFocused();
  await expect(dialog.locator(".field-error")).toHaveCount(0);

  // The same password again: said at once, under the field; the dialog stays
  await page.keyboard.type("Start#2026");
  // The show-password buttons are out of the Tab order: one Tab goes from field to field.
  await page.keyboard.press("Tab");
  await expect(dialog.getByLabel("New password")).toBeFocused();
  await page.keyboard.type("Start#2026");
  await page.keyboard.press("Tab");
  await expect(dialog.getByLabel("Confirm password")).toBeFocused();
  await page.keyboard.type("Start#2026");
  await page.keyboard.press("Enter");
  await expect(dialog).toContainText("The new password must differ from the old one.");
  await expect(dialog).toBeVisible();
  await shot(page, "daily-password-same");

  // A wrong old password: the server's refusal is shown in the dialog, which stays open with the typing
  await dialog.getByLabel("Old password").focus();
  await typeInto(page, "Wrong#2026");
  await dialog.getByLabel("New password").focus();
  await typeInto(page, "Fresh#2026");
  await dialog.getByLabel("Confirm password").focus();
  await typeInto(page, "Fresh#2026");
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("change-password-failure")).toBeVisible();
  await expect(dialog.getByLabel("New password")).toHaveValue("Fresh#2026");
  await shot(page, "daily-password-refused");
  await dialog.getByLabel("Old password").focus();
  await typeInto(page, "Start#2026");
  await page.keyboard.press("Enter");
  await expect(dialog).toBeHidden();
  await expectRoute(page, "/statistic/index");

  // Opened from the palette, the dialog shows no error before anything is typed
  await runFromPalette(page, "change password", "Change password");
  await expect(dialog.getByLabel("Old password")).toBeFocused();
  await expect(dialog.locator(".field-error")).toHaveCount(0);
  await shot(page, "daily-password-open");
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();

  // A language change keeps the page (no reload), the session and the tree being drawn
  await runFromPalette(page, "fta analysis", "Go to FTA analysis");
  await expect(page.getByTestId("fta-canvas")).toBeFocused();
  await page.keyboard.press("g");
  await expect(page.getByTestId("fta-canvas").locator("[data-node-id]")).toHaveCount(1);
  await page.evaluate(() => {
    (window as unknown as { e2eSamePage: boolean }).e2eSamePage = true;
  });
  await page.keyboard.press("Alt+l");
  await page.keyboard.type("espa");
  await expect(page.locator("[cmdk-item][data-selected=true]")).toContainText("Español");
  await page.keyboard.press("Enter");
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await expect(page.getByTestId("fta-editor")).toContainText("Análisis de árbol de fallos");
  await expect(page.getByTestId("fta-canvas").locator("[data-node-id]")).toHaveCount(1);
  expect(await page.evaluate(() => (window as unknown as { e2eSamePage?: boolean }).e2eSamePage)).toBe(true);
  await shot(page, "daily-language-kept");
  // The session goes on with the token the server answered: a stored list still loads
  await runFromPalette(page, "efta", "eFTA");
  await expect(page.getByTestId("fta-stored")).toBeVisible();
  await expect(page.getByTestId("confirm-dialog")).toBeHidden();
  expect(await pointerEvents(page)).toBe(0);
  expect(errors).toEqual([]);
});

test("life data: unsaved rows survive a reload as a draft; a fit keeps a saved set saved; the import summary separates errors from warnings", async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const errors = await signInNewOwner(page, request, "lif", "Sheets#2026");
  await page.goto("/#/lifeData/weibull");
  await expect(page.getByTestId("life-page")).toBeVisible({ timeout: 30_000 });
  await page.keyboard.press("Alt+n");
  const nameDialog = page.getByTestId("life-name-dialog");
  await expect(nameDialog).toBeVisible();
  await page.keyboard.press("Control+a");
  await page.keyboard.type("Pump seals");
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("life-name")).toHaveValue("Pump seals");

  // Import a file with bad rows: errors and warnings apart, lines with their sheet rows
  const file = "test-results/daily-bad-rows.csv";
  const { writeFileSync } = await import("node:fs");
  writeFileSync(
    file,
    ["quantity,end,state", "1,100,F", "1,,F", "1,abc,F", "", "1,150,X", "1,200,F", "1,250,S", ""].join("\n"),
  );
  await page.keyboard.press("Control+o");
  await page.getByTestId("import-file").setInputFiles(file);
  const errorsBox = page.getByTestId("import-errors");
  await expect(errorsBox).toContainText("3 errors in 3 rows");
  await expect(errorsBox).toContainText("Line 3, End time: This cell is required and empty. (sheet row 2)");
  await expect(errorsBox).toContainText(
    "Line 6, State (F/S): State must be F (failure) or S (suspension). (sheet row 4)",
  );
  await expect(page.getByTestId("import-warnings")).toContainText("Columns not in the file, left empty:");
  await shot(page, "daily-life-import-summary");
  for (let i = 0; i < 3; i++) await page.keyboard.press("Tab"); // Fix the file, Import all, Import good
  await expect(page.getByTestId("import-good")).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("life-sheet")).toContainText("Rows: 3");
  await expect(page.getByTestId("life-state")).toHaveText("Unsaved changes");

  // A reload asks first, and the rows come back from the draft
  expect(await reloadAnsweringLeave(page)).toBe(true);
  const confirm = page.getByTestId("confirm-dialog");
  await expect(confirm).toContainText("Restore unsaved changes?");
  await expect(confirm).toContainText("Pump seals");
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("life-sheet")).toContainText("Rows: 3");
  await expect(page.getByTestId("life-name")).toHaveValue("Pump seals");
  await expect(page.getByTestId("life-state")).toHaveText("Unsaved changes");

  // Save, then fit: the set stays saved
  await page.keyboard.press("Control+s");
  await expect(page.getByTestId("life-state")).toHaveText("Saved", { timeout: 60_000 });
  await page.keyboard.press("Control+Enter");
  await expect(page.getByTestId("life-results")).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId("life-state")).toHaveText("Saved");
  expect(await reloadAnsweringLeave(page)).toBe(false);
  await expect(page.getByTestId("life-page")).toBeVisible({ timeout: 30_000 });
  await expect(confirm).toBeHidden();
  expect(await pointerEvents(page)).toBe(0);
  expect(errors).toEqual([]);
});

test("keyboard: '/' searches the list or the screens, never the diagram; Alt+N puts the caret in the new sheet", async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const errors = await signInNewOwner(page, request, "key", "Keys#2026xx");
  const focusedLabel = () =>
    page.evaluate(() => {
      const a = document.activeElement as HTMLElement | null;
      return (
        a?.getAttribute("aria-label") ??
        (a && "labels" in a ? (a as HTMLInputElement).labels?.[0]?.textContent : "")
      );
    });

  // A list: "/" goes to its own search field
  await runFromPalette(page, "go to project", /Go to Project$/);
  // The list is drawn (its screen loads lazily) before a person reaches for its search.
  await expect(page.locator("[data-screen-search]:visible")).toBeVisible();
  await page.locator("#main-content").focus();
  await page.keyboard.press("/");
  await expect(page.locator("[data-screen-search]:visible")).toBeFocused();
  expect(await focusedLabel()).toBe("Search");
  await page.keyboard.press("Escape");

  // The diagram editors: "/" goes to the search of screens, and the letters typed then edit nothing
  await page.setViewportSize({ width: 1440, height: 900 });
  await runFromPalette(page, "rbd analysis", "Go to RBD analysis");
  const rbdCanvas = page.getByTestId("rbd-canvas");
  await expect(rbdCanvas).toBeFocused();
  const blocks = await rbdCanvas.locator("[data-node-id]").count();
  await page.keyboard.press("/");
  await expect(page.locator("#route-search-input")).toBeFocused();
  await page.keyboard.type("app");
  await expect(rbdCanvas.locator("[data-node-id]")).toHaveCount(blocks);
  await expect(page.getByTestId("rbd-dirty")).toHaveCount(0);
  await page.keyboard.press("Escape");
  await runFromPalette(page, "fta analysis", "Go to FTA analysis");
  await expect(page.getByTestId("fta-canvas")).toBeFocused();
  await page.keyboard.press("/");
  await expect(page.locator("#route-search-input")).toBeFocused();
  await page.keyboard.type("ge");
  await expect(page.getByTestId("fta-canvas").locator("[data-node-id]")).toHaveCount(0);
  await page.keyboard.press("Escape");
  // eFTA's list: its own search by name
  await runFromPalette(page, "efta", "Go to eFTA");
  await page.getByTestId("fta-list").focus();
  await page.keyboard.press("/");
  await expect(page.getByTestId("fta-list").locator("[data-screen-search]")).toBeFocused();
  await page.keyboard.press("Escape");

  // Alt+N in life data: name the set, Enter, and the caret is in the sheet's first end time
  await page.goto("/#/lifeData/weibull");
  await expect(page.getByTestId("life-page")).toBeVisible({ timeout: 30_000 });
  await page.keyboard.press("Alt+n");
  await expect(page.getByTestId("life-name-dialog").locator("input[name=name]")).toBeFocused();
  await page.keyboard.press("Control+a");
  await page.keyboard.type("Bearings");
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("life-name")).toHaveValue("Bearings");
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.closest("[data-testid=life-sheet]") !== null))
    .toBe(true);
  await page.keyboard.type("120");
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("life-sheet")).toContainText("Rows: 1");
  await shot(page, "daily-life-alt-n");
  expect(await pointerEvents(page)).toBe(0);
  expect(errors).toEqual([]);
});

test("eRBD: an unsaved diagram survives a reload as a draft, one undo from the diagram it started as", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const errors = await signInNewOwner(page, request, "rbdd", "Blocks#2026");
  await runFromPalette(page, "rbd analysis", "Go to RBD analysis");
  const canvas = page.getByTestId("rbd-canvas");
  await expect(canvas).toBeFocused();
  await page.keyboard.press("p");
  await page.keyboard.press("p");
  await expect(page.locator("[data-node-id=B3]")).toBeVisible();
  await expect(page.getByTestId("rbd-dirty")).toHaveCount(1);

  expect(await reloadAnsweringLeave(page)).toBe(true);
  const confirm = page.getByTestId("confirm-dialog");
  await expect(confirm).toContainText("Restore unsaved changes?");
  await page.keyboard.press("Enter");
  await expect(page.locator("[data-node-id=B3]")).toBeVisible();
  await expect(page.getByTestId("rbd-dirty")).toHaveCount(1);
  // The restored diagram is one change on top of the new one: undo goes back to it
  await canvas.focus();
  await page.keyboard.press("Control+z");
  await expect(page.locator("[data-node-id=B3]")).toHaveCount(0);
  await page.keyboard.press("Control+Shift+z");
  await expect(page.locator("[data-node-id=B3]")).toBeVisible();
  await shot(page, "daily-rbd-restored");
  expect(await pointerEvents(page)).toBe(0);
  expect(errors).toEqual([]);
});
