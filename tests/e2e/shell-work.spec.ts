// The work screens against the real server: a project with parts through a status change, the recycle bin
// and back; a task and a message to oneself; quick feedback with an image and the admin's reply.
import { expect, test } from "@playwright/test";
import { ADMIN, expectRoute, keyboardLogin, runFromPalette, shot } from "./support/shell.ts";

// A 1×1 PNG
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

test.beforeEach(async ({ page }) => {
  await page.goto("/");
  await keyboardLogin(page, ADMIN.userName, ADMIN.password);
  await expectRoute(page, "/statistic/index");
  await expect(page.getByTestId("sidebar")).toBeVisible();
});

test("a project with parts: create, edit, send to Draft, delete to the recycle bin, restore", async ({
  page,
}) => {
  const name = `Gearbox ${Date.now().toString(36)}`;
  await runFromPalette(page, "project", "Go to Project");
  await page.getByRole("button", { name: "New project" }).click();
  await page.getByLabel("Name").last().fill(name);
  await page.getByLabel("Code").fill(`GB-${Date.now().toString(36)}`);
  await page.getByRole("button", { name: "Create" }).click();
  await expect(page.getByTestId("project-detail")).toBeVisible();
  await page.getByRole("button", { name: "Add part" }).click();
  await page.getByLabel("Part number 1").fill("P-100");
  await page.getByLabel("Part name 1").fill("Output shaft");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByTestId("message")).toContainText("Saved.");
  await shot(page, "project-detail-edited");

  await runFromPalette(page, "project", "Go to Project");
  const row = page.getByTestId("projects").locator("tr", { hasText: name });
  await expect(row).toContainText("In work");
  await row.getByRole("button", { name: "Send to Draft" }).click();
  await page.getByTestId("confirm-dialog").getByRole("button", { name: "Confirm" }).click();
  // Spec 4: the project's draft opens (a new one, for this project), and the project shows Draft.
  await expectRoute(page, "/rgt/draft/new");
  await expect(page.getByTestId("growth-project").locator("option:checked")).toHaveText(name);
  await runFromPalette(page, "project", "Go to Project");
  await expect(row).toContainText("Draft");
  await row.getByRole("button", { name: "Delete" }).click();
  await page.getByTestId("confirm-dialog").getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByTestId("projects").locator("tr", { hasText: name })).toHaveCount(0);

  await runFromPalette(page, "recycle", "Go to Recycle Bin");
  const binned = page.getByTestId("recycle-bin").locator("tr", { hasText: name });
  await expect(binned).toBeVisible();
  await shot(page, "recycle-bin-with-item");
  await binned.getByRole("button", { name: "Restore" }).click();
  await expect(page.getByTestId("message")).toContainText(`${name} is back.`);
  await expect(binned).toHaveCount(0);
  await runFromPalette(page, "project", "Go to Project");
  await page.keyboard.press("Alt+r");
  await expect(page.getByTestId("projects").locator("tr", { hasText: name })).toContainText("Draft");
});

test("a task and a message to oneself, read from the alert screen", async ({ page }) => {
  const title = `Check bearings ${Date.now().toString(36)}`;
  await runFromPalette(page, "task", "Go to Task");
  await page.getByRole("button", { name: "New task" }).click();
  const form = page.getByRole("dialog");
  await form.getByLabel("Title").fill(title);
  await form.getByLabel("Assignee").selectOption({ label: "Administrator" });
  await form.getByLabel("Content").fill("Look at the field returns of March.");
  await form.getByRole("button", { name: "Create" }).click();
  // the new task shows under "Created by me"; it is also in the inbox, since it is assigned to oneself
  await page.getByText("Assigned to me").click();
  await page.getByTestId("tasks").getByRole("link", { name: title }).click();
  await expect(page.getByTestId("task-detail")).toContainText("Look at the field returns of March.");
  await page.getByRole("button", { name: "Mark done" }).click();
  await expect(page.getByTestId("task-detail")).toContainText("Done");
  await shot(page, "task-detail");

  const subject = `Weibull fit ready ${Date.now().toString(36)}`;
  await runFromPalette(page, "message", "Go to Message");
  await page.getByRole("button", { name: "New message" }).click();
  const write = page.getByRole("dialog");
  await write.getByRole("listbox", { name: "To" }).selectOption({ label: "Administrator" });
  await write.getByLabel("Title").fill(subject);
  await write.getByRole("button", { name: "Send", exact: true }).click();
  await expect(page.getByTestId("message")).toContainText("Message sent.");
  await runFromPalette(page, "message alert", "Go to Message Alert");
  await expect(page.getByTestId("message-alert")).toContainText(subject);
  await page
    .getByTestId("message-alert")
    .getByRole("button", { name: new RegExp(subject) })
    .click();
  await shot(page, "message-open");
  await page.getByRole("dialog").getByRole("button", { name: "Close" }).last().click();
  await page.keyboard.press("Alt+r");
  await expect(page.getByTestId("message-alert")).not.toContainText(subject);
});

test("quick feedback with an image; the admin replies in the feedback list", async ({ page }) => {
  const detail = `The probability plot needs a log-log option ${Date.now().toString(36)}`;
  await page.keyboard.press("Alt+Shift+b");
  const dialog = page.getByTestId("feedback-dialog");
  await dialog.getByLabel("Type").selectOption({ label: "Feature suggestion" });
  await dialog.getByLabel("Detail").fill(detail);
  await dialog.getByLabel("Images").setInputFiles({ name: "plot.png", mimeType: "image/png", buffer: PNG });
  await dialog
    .getByLabel("Images")
    .setInputFiles({ name: "huge.png", mimeType: "image/png", buffer: Buffer.alloc(2 * 1024 * 1024 + 1) });
  await expect(dialog).toContainText("Images are at most 2 MB.");
  await expect(dialog).toContainText("plot.png");
  await dialog.getByRole("button", { name: "Submit" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("message")).toContainText("Thank you for the feedback.");

  await runFromPalette(page, "feedback list", "Go to Feedback list");
  await page.keyboard.press("Alt+r");
  await page.getByTestId("feedback-list").getByRole("button", { name: detail }).click();
  const reply = page.getByRole("dialog");
  await expect(reply.getByRole("link", { name: "Image 1" })).toBeVisible();
  await reply.getByLabel("Reply").fill("Planned for the next release.");
  await reply.getByLabel("Status").selectOption({ label: "Replied" });
  await shot(page, "feedback-reply");
  await reply.getByRole("button", { name: "Send reply" }).click();
  await expect(page.getByTestId("feedback-list").locator("tr", { hasText: detail })).toContainText("Replied");
});
