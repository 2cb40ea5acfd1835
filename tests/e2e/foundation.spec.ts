import { expect, test } from "@playwright/test";

test("the login page shows the kernel version reported by the Web Worker", async ({ page }) => {
  const health = await (await page.request.get("/api/health")).json();
  await page.goto("/");
  await expect(page.getByTestId("kernel-version")).toHaveText(`Kernel version ${health.data.kernel}`);
  await page.screenshot({ path: "test-results/screenshots/foundation.png", fullPage: true });
});
