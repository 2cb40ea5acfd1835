// Issue 13: every screen's actions are registry commands. One action each of the life analysis page, the
// distribution guide, the calculator, the multi-plot page, eFTA, eRBD, a table row and a work screen, driven from the
// palette alone (Ctrl+K, type, Enter): not one pointer or mouse event on the way.
import { expect, test } from "@playwright/test";
import {
  ADMIN,
  api,
  apiLogin,
  countPointerEvents,
  expectRoute,
  keyboardLogin,
  pointerEvents,
  runFromPalette,
  shot,
  uniqueName,
} from "./support/shell.ts";

test.use({ viewport: { width: 1440, height: 900 } });

test("palette only: one action on the analysis page, guide, calculator, multi-plot, eFTA and eRBD", async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const admin = await apiLogin(request, ADMIN.userName, ADMIN.password);
  const list = await api<{ items: Array<{ id: number; name: string }> }>(
    request,
    admin.token,
    "GET",
    "/wb/analyses?name=Bearing%20field%20data",
  );
  const demo = list.items.find((d) => d.name === "Bearing field data");
  if (!demo) throw new Error("the demo life-data set is missing");
  await countPointerEvents(page);
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));

  // The analysis page of the demo set: run, a plot kind from a nested page, save.
  const target = `/analysis/index?wbId=${demo.id}&analysisName=Bearing%20field%20data`;
  await page.goto(`/#/login?redirect=${encodeURIComponent(target)}`);
  await keyboardLogin(page, ADMIN.userName, ADMIN.password);
  await expect(page.getByTestId("life-analysis")).toBeVisible({ timeout: 30_000 });
  await runFromPalette(page, "run the analysis", "Run the analysis");
  await expect(page.getByTestId("life-analysis").getByTestId("life-results")).toBeVisible({
    timeout: 60_000,
  });
  await runFromPalette(page, "show plot", "Show plot…", "page");
  await page.keyboard.type("reliability");
  await expect(page.locator("[cmdk-item][data-selected=true]")).toHaveText(/^Reliability/);
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("analysis-plot").getByTestId("plot-reliability")).toBeVisible();
  await runFromPalette(page, "save the data set", "Save the data set");
  await expect(page.getByText("'Bearing field data' saved.").first()).toBeVisible({ timeout: 30_000 });
  await shot(page, "palette-life-analysis");

  // The calculator, opened and used from the palette.
  await runFromPalette(page, "open the calculator", "Open the calculator");
  await expectRoute(page, "/calculator");
  await expect(page.getByTestId("life-calculator")).toBeVisible();
  await runFromPalette(page, "calculate", /^Calculate/);
  // One reliability question: R(t) and, beside it, F(t) on its own scale.
  await expect(page.getByTestId("calc-answers").locator("tbody th")).toHaveText(["R(100)", "F(100)"]);
  await shot(page, "palette-calculator");

  // The distribution guide: rank by BIC, then use the highlighted candidate (back to the analysis page).
  await runFromPalette(page, "open the analysis page", "Open the analysis page");
  await expectRoute(page, "/analysis/index");
  await runFromPalette(page, "open the distribution guide", "Open the distribution guide");
  await expectRoute(page, "/distributionGuide");
  await expect(page.getByTestId("guide-table")).toContainText("Weibull 2P", { timeout: 60_000 });
  await runFromPalette(page, "rank by", "Rank by…", "page");
  await page.keyboard.type("BIC");
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("life-guide").locator("select")).toHaveValue("bic");
  await shot(page, "palette-guide");
  await runFromPalette(page, "use the highlighted", "Use the highlighted distribution");
  await expectRoute(page, "/analysis/index");

  // Multi-plot: a new one from the palette opens the chooser.
  await runFromPalette(page, "multi-chart", "Go to Multi-chart comparison");
  await expectRoute(page, "/lifeData/multiChart");
  await runFromPalette(page, "new multi-plot", "New multi-plot");
  await expect(page.getByTestId("life-multi")).toBeVisible();
  await shot(page, "palette-multi-plot");
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("life-multi")).toBeHidden();

  // eFTA: an empty editor, a gate added from the palette.
  await runFromPalette(page, "fta analysis", "Go to FTA analysis");
  await expectRoute(page, "/fta/analysis/index");
  await expect(page.getByTestId("fta-editor")).toBeVisible();
  await runFromPalette(page, "add a gate", "Add a gate (intermediate event)");
  await expect(page.locator('[data-node-id=">TOP"]')).toBeVisible();
  await shot(page, "palette-efta");

  // eRBD: a block added after the selected one from the palette.
  await runFromPalette(page, "rbd analysis", "Go to RBD analysis");
  await expectRoute(page, "/rbd/analysis/index");
  await expect(page.getByTestId("rbd-editor")).toBeVisible();
  const blocks = page.getByTestId("rbd-canvas").locator("[data-node-id^=B]");
  const before = await blocks.count();
  await runFromPalette(page, "add a block after", "Add a block after the selection");
  await expect(blocks).toHaveCount(before + 1);
  await shot(page, "palette-erbd");

  // A row of a table: the stored diagram reached with Tab and the arrow keys, copied from the palette.
  const stored = uniqueName("rowcmd");
  await api(request, admin.token, "POST", "/rbd/analyses", {
    name: stored,
    body: {
      settings: { missionTime: 1000 },
      nodes: [{ id: "a", kind: "regular", distribution: "weibull2p", p1: 1.5, p2: 1000 }],
      edges: [],
    },
  });
  await runFromPalette(page, "erbd", "Go to eRBD");
  await expectRoute(page, "/rbd");
  const table = page.getByTestId("rbd-list-table");
  await expect(table).toContainText(stored);
  const focusedRow = () =>
    page.evaluate(() => document.activeElement?.closest("tr[data-row-key]")?.textContent ?? null);
  for (let i = 0; i < 80 && (await focusedRow()) === null; i++) await page.keyboard.press("Tab");
  for (let i = 0; i < 40 && !(await focusedRow())?.includes(stored); i++)
    await page.keyboard.press("ArrowDown");
  await expect(table.locator("tr[aria-selected=true]")).toContainText(stored);
  await runFromPalette(page, "copy selected diagram", "Copy selected diagram");
  await expect(page.getByText(`Copied ${stored}`).first()).toBeVisible({ timeout: 30_000 });
  await expect(table).toContainText(`${stored} (copy)`);
  await shot(page, "palette-row-command");

  // A work screen's own button: a new project from the palette opens its dialog.
  await runFromPalette(page, "go to project", "Go to Project");
  await expectRoute(page, "/project/index");
  // The palette lists a screen's commands once the screen is drawn (its chunk loads after the route changes).
  await expect(page.getByTestId("projects")).toBeVisible();
  await runFromPalette(page, "new project", "New project");
  await expect(page.getByRole("dialog")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toBeHidden();

  expect(await pointerEvents(page)).toBe(0);
  expect(errors).toEqual([]);
});

test("palette only: a life-data set's row, a department's members, a project's parts, closing a dialog", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const admin = await apiLogin(request, ADMIN.userName, ADMIN.password);
  const unitName = uniqueName("paletteunit");
  await api(request, admin.token, "POST", "/authority/departments", {
    kind: "department",
    name: unitName,
    parentId: null,
    allowSuperiorAccess: false,
  });
  const colleague = uniqueName("member");
  await api(request, admin.token, "POST", "/authority/users/account", {
    userName: colleague,
    roles: ["owner"],
    password: "Start#2026",
  });
  const project = await api<{ id: number }>(request, admin.token, "POST", "/authority/projects", {
    name: uniqueName("parts"),
    code: uniqueName("P"),
    parts: [{ partNumber: "B-1", partName: "Bearing" }],
  });
  await countPointerEvents(page);
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));

  // A life-data set's row: "/" reaches the list's search, the arrow key the first row, the palette opens it.
  await page.goto(`/#/login?redirect=${encodeURIComponent("/lifeData/weibull")}`);
  await keyboardLogin(page, ADMIN.userName, ADMIN.password);
  await expect(page.getByTestId("life-page")).toBeVisible({ timeout: 30_000 });
  await page.keyboard.press("/");
  await page.keyboard.type("Bearing field data");
  const sets = page.getByTestId("life-sets");
  await expect(sets.locator("[data-set-id]")).toHaveCount(1);
  await page.keyboard.press("ArrowDown");
  await runFromPalette(page, "open selected data set", "Open selected data set");
  await expect(page.getByTestId("life-name")).toHaveValue("Bearing field data", { timeout: 30_000 });
  await expect(sets.locator("[aria-current=true]")).toContainText("Bearing field data");
  await shot(page, "palette-life-set-row");

  // The organisation panel: the department's row opened, a member added from the page of people, a
  // removal's question answered no by closing the dialog from the palette.
  await runFromPalette(page, "user management", "Go to User Management");
  await expectRoute(page, "/userList");
  await expect(page.getByRole("tab", { name: "Users" })).toBeVisible();
  await page.getByRole("tab", { name: "Users" }).focus();
  await page.keyboard.press("ArrowRight");
  const departments = page.getByTestId("department-tab");
  await expect(departments).toContainText(unitName);
  const focusedRow = () =>
    page.evaluate(() => document.activeElement?.closest("tr[data-row-key]")?.textContent ?? null);
  for (let i = 0; i < 40 && (await focusedRow()) === null; i++) await page.keyboard.press("Tab");
  for (let i = 0; i < 40 && !(await focusedRow())?.includes(unitName); i++)
    await page.keyboard.press("ArrowDown");
  await runFromPalette(page, "open selected department", "Open selected department or team");
  const panel = page.getByTestId("unit-panel");
  await expect(panel.getByLabel("Name")).toHaveValue(unitName);
  await runFromPalette(page, "add a member", "Add a member…", "page");
  await page.keyboard.type(colleague);
  await expect(page.locator("[cmdk-item][data-selected=true]")).toContainText(colleague);
  await page.keyboard.press("Enter");
  await expect(panel.locator(".member-list")).toContainText(colleague);
  await runFromPalette(page, "remove a member", "Remove a member…", "page");
  await page.keyboard.type(colleague);
  await page.keyboard.press("Enter");
  const question = page.getByTestId("confirm-dialog");
  await expect(question).toBeVisible();
  await shot(page, "palette-org-remove-question");
  await runFromPalette(page, "close the dialog", "Close the dialog");
  await expect(question).toBeHidden();
  await expect(panel.locator(".member-list")).toContainText(colleague);
  await shot(page, "palette-org-panel");

  // A project's parts: a row added (its part number takes focus), then removed, from the palette.
  await page.goto(`/#/project/detail/${project.id}`);
  await expect(page.getByTestId("project-detail")).toBeVisible();
  const parts = page.getByTestId("project-detail").locator("tr[data-part]");
  await expect(parts).toHaveCount(1);
  await runFromPalette(page, "add a part row", "Add a part row");
  await expect(parts).toHaveCount(2);
  await expect(page.getByLabel("Part number 2")).toBeFocused();
  await page.keyboard.type("S-2");
  await shot(page, "palette-project-parts");
  await runFromPalette(page, "remove selected part row", "Remove selected part row");
  await expect(parts).toHaveCount(1);
  await expect(page.getByLabel("Part number 1")).toHaveValue("B-1");
  // Another row, named and saved with Ctrl+S (work.saveProject): the stored project has both parts.
  await runFromPalette(page, "add a part row", "Add a part row");
  await page.keyboard.type("S-3");
  await page.keyboard.press("Tab");
  await page.keyboard.type("Seal");
  await page.keyboard.press("Control+s");
  await expect(page.getByTestId("message").first()).toContainText("Saved");
  await expect
    .poll(async () => {
      const stored = await api<{ parts: { partNumber: string }[] }>(
        request,
        admin.token,
        "GET",
        `/authority/projects/${project.id}`,
      );
      return stored.parts.map((p) => p.partNumber);
    })
    .toEqual(["B-1", "S-3"]);

  expect(await pointerEvents(page)).toBe(0);
  expect(errors).toEqual([]);
});
