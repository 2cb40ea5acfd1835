// Steps the life-data specs share: sign in straight onto a life-data page, start a named data set.
import { expect, type Page } from "@playwright/test";
import { ADMIN, keyboardLogin } from "./shell.ts";

export async function login(page: Page, path: string): Promise<void> {
  await page.goto(`/#/login?redirect=${encodeURIComponent(path)}`);
  await keyboardLogin(page, ADMIN.userName, ADMIN.password);
  await expect(page.getByTestId("life-page").or(page.getByTestId("life-analysis"))).toBeVisible({
    timeout: 30_000,
  });
}

/** Alt+N, the name typed over the proposed one, Enter. */
export async function newDataSet(page: Page, name: string): Promise<void> {
  await page.keyboard.press("Alt+n");
  await expect(page.getByTestId("life-name-dialog")).toBeVisible();
  await page.keyboard.press("Control+a");
  await page.keyboard.type(name);
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("life-name")).toHaveValue(name);
}
