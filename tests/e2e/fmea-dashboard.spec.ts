// The FMEA's basic-information tab by keyboard: a new DFMEA with a root and a function, its planning header
// typed, a bad date refused with its message (nothing typed lost), saved with Ctrl+S and there after a
// reload and in a fresh tab that opened the FMEA by its address; the counts follow the tree.
import { expect, test } from "@playwright/test";
import {
  api,
  apiLogin,
  createReadyUser,
  expectRoute,
  keptDraft,
  keyboardLogin,
  reloadAnsweringLeave,
  runFromPalette,
  shot,
  signInNewOwner,
  uniqueName,
} from "./support/shell.ts";

test("DFMEA basic info: planning header saved by keyboard, its rules, and the counts", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  await signInNewOwner(page, request, "fmeadash", "FmeaDash#2026");
  await runFromPalette(page, "DFMEA", /DFMEA/);
  await expectRoute(page, "/dfmea");
  await expect(page.getByTestId("fmea-list")).toBeVisible();
  await page.keyboard.press("Alt+n");
  await expectRoute(page, "/fmeaTree");
  await expect(page.locator("[data-fmea-pane=left]")).toBeFocused();
  const fmeaId = /[?&]fmeaId=(\d+)/.exec(page.url())?.[1];
  expect(fmeaId).toBeTruthy();
  const fmeaName = (await page.locator(".fmea-title").textContent()) ?? "";
  for (const [key, name] of [
    ["r", "Brake system"],
    ["f", "Stop the vehicle"],
  ]) {
    await page.keyboard.press(key);
    await expect(page.locator(".fmea-name-input")).toBeFocused();
    await page.keyboard.type(name);
    await page.keyboard.press("Enter");
  }
  await expect(page.getByTestId("fmea-tree")).toHaveAttribute("data-pending", "0");

  // The header's tab, reached from the keyboard.
  await page.getByRole("link", { name: "Basic info" }).focus();
  await page.keyboard.press("Enter");
  await expectRoute(page, "/ddashboard");
  const company = page.getByLabel("Company");
  await expect(company).toBeFocused();
  await page.keyboard.type("ACME Brakes");
  await page.getByLabel("Start date").fill("2026-03-01");
  await page.getByLabel("Revision date").fill("2026-02-01");
  await page.keyboard.press("Control+s");
  await expect(page.getByText("The revision date cannot be before the start date.").first()).toBeVisible();
  await expect(company).toHaveValue("ACME Brakes");
  await page.getByLabel("Revision date").fill("2026-04-15");
  await page.getByLabel("5T: intent").fill("Launch of the 2027 brake caliper");
  await page.keyboard.press("Control+s");
  await expect(page.getByText("Planning header saved.")).toBeVisible();
  await expect(page.getByTestId("fmea-dashboard")).toHaveAttribute("data-dirty", "false");
  const counts = page.getByTestId("fmea-counts");
  await expect(counts.locator("[data-count=structureElements] dd")).toHaveText("1");
  await expect(counts.locator("[data-count=functions] dd")).toHaveText("1");
  await expect(counts.locator("[data-count=failures] dd")).toHaveText("0");
  await shot(page, "fmea-dashboard");

  await page.reload();
  await expect(page.getByLabel("Company")).toHaveValue("ACME Brakes");
  await expect(page.getByLabel("Revision date")).toHaveValue("2026-04-15");
  await expect(page.getByLabel("5T: intent")).toHaveValue("Launch of the 2027 brake caliper");

  // Opened by its address in a fresh tab (a link, a bookmark; nothing kept in that tab's session storage): the
  // layout's tabs still know the FMEA, and Basic info shows its header, after a reload too.
  const fresh = await page.context().newPage();
  await fresh.goto(`/#/fmeaTree?fmeaId=${fmeaId}`);
  await expect(fresh.locator("[data-fmea-pane=left]")).toBeFocused();
  await expect(fresh.locator(".fmea-title")).toHaveText(fmeaName);
  await fresh.reload();
  await expect(fresh.locator("[data-fmea-pane=left]")).toBeFocused();
  await fresh.getByRole("link", { name: "Basic info" }).focus();
  await fresh.keyboard.press("Enter");
  await expectRoute(fresh, "/ddashboard");
  await expect(fresh.getByLabel("Company")).toBeFocused();
  await expect(fresh.getByLabel("Company")).toHaveValue("ACME Brakes");
  await expect(fresh.getByLabel("5T: intent")).toHaveValue("Launch of the 2027 brake caliper");
  await expect(fresh.getByTestId("fmea-counts").locator("[data-count=functions] dd")).toHaveText("1");
  await fresh.close();

  // Unsaved edits survive a reload as a draft, offered back.
  await page.getByLabel("Customer").fill("Velo GmbH");
  await expect(page.getByTestId("fmea-dashboard")).toHaveAttribute("data-dirty", "true");
  // The keeper writes the draft once the typing pauses; the reload comes once it is there.
  await expect
    .poll(async () => ((await keptDraft(page, ":fmea:design:")) as { customer?: string } | null)?.customer)
    .toBe("Velo GmbH");
  expect(await reloadAnsweringLeave(page)).toBe(true);
  await expect(page.getByText("Restore unsaved changes?")).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(page.getByLabel("Customer")).toHaveValue("Velo GmbH");
  await expect(page.getByTestId("fmea-dashboard")).toHaveAttribute("data-dirty", "true");
});

test("FMEA projects: a project's FMEAs, a new DFMEA started inside it", async ({ page, request }) => {
  test.setTimeout(120_000);
  const userName = uniqueName("fmeaproj");
  const password = "FmeaProj#2026";
  await createReadyUser(request, userName, ["owner"], password);
  const { token } = await apiLogin(request, userName, password);
  const code = uniqueName("BRK");
  const project = await api<{ id: number; name: string }>(request, token, "POST", "/authority/projects", {
    name: `Brake programme ${code}`,
    code,
    parts: [],
  });
  await page.goto("/");
  await keyboardLogin(page, userName, password);
  await expectRoute(page, "/statistic/index");
  await runFromPalette(page, "FMEA Project", /FMEA Project/);
  await expectRoute(page, "/fmeaProject/index");
  const picker = page.getByLabel("Project", { exact: true });
  await picker.focus();
  await picker.selectOption(String(project.id));
  await expect(page.getByTestId("fmea-project-facts")).toContainText(code);
  await expect(page.getByTestId("fmea-projects-table")).toContainText("No FMEA in this project yet");
  await page.keyboard.press("Alt+n");
  await expectRoute(page, "/fmeaTree");
  await runFromPalette(page, "FMEA Project", /FMEA Project/);
  await expectRoute(page, "/fmeaProject/index");
  const table = page.getByTestId("fmea-projects-table");
  await expect(table.locator("tbody tr")).toHaveCount(1);
  await expect(table.locator("tbody tr").first()).toContainText(`Brake programme ${code}`);
  await expect(table.locator("tbody tr").first()).toContainText("DFMEA");
  await shot(page, "fmea-projects");
});
