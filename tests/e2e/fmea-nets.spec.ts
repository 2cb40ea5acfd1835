// Issue 17's net views and context menu by keyboard alone, on a DFMEA stored through the REST operations
// (system > subsystem > two components, each with a function and a failure, a function link and a failure
// chain): the function matrix of the subsystem (Space and Enter link cells, Ctrl+Z and Ctrl+Shift+Z from the
// matrix), the function net (arrows, Enter goes to the node in the trees), the failure net FE > FM > FC of a
// component's function, the palette's entry, and the trees' context menu (Shift+F10 and the context-menu
// key) offering the commands of the node's type and running one. Against the production build and the
// real server; screenshots of each view.
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { createFmea, fmeaOps, tokenOf } from "./support/fmea.ts";
import { pointerEvents, runFromPalette, shot, signInNewOwner } from "./support/shell.ts";

const PASSWORD = "Fmea#2026x";

async function createDfmea(request: APIRequestContext, page: Page): Promise<number> {
  const { add, link } = fmeaOps();
  return createFmea(request, await tokenOf(page), "design", "E-bike nets", [
    add("s", null, "stru", "E-bike", "system"),
    add("fs", "s", "func", "Move rider"),
    add("fe", "fs", "fail", "Rider stranded"),
    add("d", "s", "stru", "Drive", "subsystem"),
    add("fd", "d", "func", "Deliver torque"),
    add("fm", "fd", "fail", "No torque"),
    add("m", "d", "stru", "Motor", "component"),
    add("fmo", "m", "func", "Convert power"),
    add("fc", "fmo", "fail", "Winding open"),
    add("ch", "m", "prod", "Winding resistance"),
    add("b", "d", "stru", "Battery", "component"),
    add("fb", "b", "func", "Store energy"),
    add("fcb", "fb", "fail", "Cell dead"),
    link("l1", "fs", "fd", "function"),
    link("l2", "fe", "fm"),
    link("l3", "fm", "fc"),
  ]);
}

async function selectedName(page: Page, pane: "left" | "right"): Promise<string> {
  return page
    .locator(`[data-fmea-pane=${pane}] [role=treeitem][aria-selected=true] .fmea-name`)
    .evaluate((el) => el.textContent ?? "");
}

async function settled(page: Page) {
  await expect(page.getByTestId("fmea-tree")).toHaveAttribute("data-pending", "0");
}

/** The drawn net's nodes by their accessible names, sorted. */
async function netNodes(page: Page): Promise<string[]> {
  return (
    await page
      .getByTestId("fmea-net-canvas")
      .locator("[data-node-id]")
      .evaluateAll((nodes) => nodes.map((n) => n.getAttribute("aria-label") ?? ""))
  ).sort();
}

const cell = (page: Page, row: string, column: string) =>
  page.getByTestId("fmea-matrix").getByRole("gridcell", { name: new RegExp(`^${row} → ${column}:`) });

/** Arrow down the open menu until the item with this label has focus, then Enter. */
async function choose(page: Page, label: string) {
  const menu = page.getByTestId("fmea-tree-menu");
  await expect(menu.getByRole("menuitem", { name: label })).toBeVisible();
  for (let i = 0; i < 40; i++) {
    const focused = await page.evaluate(
      () => document.activeElement?.querySelector(".menu-label")?.textContent ?? "",
    );
    if (focused === label) break;
    await page.keyboard.press("ArrowDown");
  }
  await page.keyboard.press("Enter");
  await expect(menu).toBeHidden();
}

test("function matrix, function net, failure net and the context menu, by keyboard", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const errors = await signInNewOwner(page, request, "fmnet", PASSWORD);
  const id = await createDfmea(request, page);
  await page.goto(`/#/fmeaTree?fmeaId=${id}`);
  const left = page.locator("[data-fmea-pane=left]");
  const right = page.locator("[data-fmea-pane=right]");
  await expect(left).toBeFocused();
  await expect.poll(() => selectedName(page, "left")).toBe("E-bike");
  await page.keyboard.press("ArrowDown");
  expect(await selectedName(page, "left")).toBe("Drive");

  // The function matrix of Drive: its function against Motor's and Battery's functions and characteristic.
  await page.keyboard.press("x");
  const panel = page.getByTestId("fmea-net-panel");
  await expect(panel).toHaveAttribute("data-view", "matrix");
  const matrix = page.getByTestId("fmea-matrix");
  await expect(matrix).toBeFocused();
  await expect(matrix.locator("thead tr").last().locator("th")).toHaveText([
    "Function Convert power",
    "Product characteristic Winding resistance",
    "Function Store energy",
  ]);
  const convert = cell(page, "Deliver torque", "Convert power");
  const store = cell(page, "Deliver torque", "Store energy");
  await expect(convert).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("Space");
  await expect(convert).toHaveAttribute("data-linked", "true");
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  await expect(store).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("Enter");
  await expect(store).toHaveAttribute("data-linked", "true");
  await settled(page);
  // The trees count the links: Drive's function has one link up and two down now.
  await expect(right.getByTestId("fmea-links").first()).toHaveText("↑1 ↓2 links");
  // Undo and redo from the matrix: one link each.
  await page.keyboard.press("Control+z");
  await expect(store).toHaveAttribute("data-linked", "false");
  await expect(convert).toHaveAttribute("data-linked", "true");
  await page.keyboard.press("Control+Shift+z");
  await expect(store).toHaveAttribute("data-linked", "true");
  await settled(page);
  await shot(page, "fmea-function-matrix");

  // The function net of Drive's function: the system's function above, the two components' below.
  await page.keyboard.press("n");
  await expect(panel).toHaveAttribute("data-view", "functionNet");
  const canvas = page.getByTestId("fmea-net-canvas");
  await expect(canvas).toBeFocused();
  await expect(page.getByTestId("fmea-net-status")).toHaveText("4 nodes, 3 links");
  expect(await netNodes(page)).toEqual([
    "Function: Convert power (Motor)",
    "Function: Deliver torque (Drive)",
    "Function: Move rider (E-bike)",
    "Function: Store energy (Battery)",
  ]);
  await shot(page, "fmea-function-net");
  // Arrows walk the net (left to right: higher levels first); Enter goes to the node in the trees.
  const announce = page.getByTestId("fmea-net-canvas-announce");
  await expect(announce).toHaveText("Function: Deliver torque (Drive)");
  await page.keyboard.press("ArrowLeft");
  await expect(announce).toHaveText("Function: Move rider (E-bike)");
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  await expect(announce).toHaveText(/Function: (Convert power \(Motor\)|Store energy \(Battery\))/);
  const [, name, element] = /: (.+) \((.+)\)$/.exec((await announce.textContent()) ?? "") ?? [];
  await page.keyboard.press("Enter");
  await expect(right).toBeFocused();
  expect(await selectedName(page, "left")).toBe(element);
  expect(await selectedName(page, "right")).toBe(name);

  // Drive's failure mode in the right tree; its failure net: the effect on the system above (FE), the mode
  // (FM) and its cause on Motor (FC); Battery's unlinked cause is not in it.
  await page.keyboard.press("Shift+Tab");
  await expect(left).toBeFocused();
  await page.keyboard.press("ArrowUp");
  if (element === "Battery") await page.keyboard.press("ArrowUp");
  expect(await selectedName(page, "left")).toBe("Drive");
  await page.keyboard.press("Tab");
  await expect(right).toBeFocused();
  await page.keyboard.press("ArrowUp");
  await page.keyboard.press("ArrowDown");
  await expect.poll(() => selectedName(page, "right")).toBe("No torque");
  await runFromPalette(page, "show the failure net", "Show the failure net");
  await expect(panel).toHaveAttribute("data-view", "failureNet");
  await expect(canvas).toBeFocused();
  await expect(page.getByTestId("fmea-net-status")).toHaveText("3 nodes, 2 links");
  expect(await netNodes(page)).toEqual([
    "FC Failure: Winding open (Motor)",
    "FE Failure: Rider stranded (E-bike)",
    "FM Failure: No torque (Drive)",
  ]);
  await shot(page, "fmea-failure-net");
  await page.keyboard.press("Escape");
  await expect(panel).toHaveCount(0);
  await expect(right).toBeFocused();

  // The context menu of a right-tree failure (the context-menu key): measures and links, no structure.
  await page.keyboard.press("ContextMenu");
  const menu = page.getByTestId("fmea-tree-menu");
  await expect(menu).toBeVisible();
  await expect(menu.getByRole("menuitem", { name: "Add prevention measure" })).toBeVisible();
  await expect(menu.getByRole("menuitem", { name: "Mark for linking" })).toBeVisible();
  await expect(menu.getByRole("menuitem", { name: "Add structure" })).toHaveCount(0);
  await expect(menu.getByRole("menuitem", { name: "Upgrade" })).toHaveCount(0);
  await shot(page, "fmea-tree-menu-failure");
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  await expect(right).toBeFocused();

  // Drive's menu (Shift+F10): a child structure node's actions; "Add function" runs and opens its name.
  await page.keyboard.press("Shift+Tab");
  await expect(left).toBeFocused();
  await page.keyboard.press("Shift+F10");
  await expect(menu).toBeVisible();
  for (const item of ["Add structure", "Add function", "Cut node", "Delete node", "Upgrade", "Merge"])
    await expect(menu.getByRole("menuitem", { name: item })).toBeVisible();
  await expect(menu.getByRole("menuitem", { name: "Add prevention measure" })).toHaveCount(0);
  await shot(page, "fmea-tree-menu-structure");
  await choose(page, "Add function");
  const input = page.locator(".fmea-name-input");
  await expect(input).toBeFocused();
  await page.keyboard.type("Limit torque");
  await page.keyboard.press("Enter");
  await expect(input).toBeHidden();
  await settled(page);
  await expect(right.locator("[role=treeitem] .fmea-name")).toContainText([
    "Deliver torque",
    "No torque",
    "Limit torque",
  ]);

  // The root's menu: no upgrade, merge or cut (spec 5's root actions).
  await page.keyboard.press("Shift+Tab");
  await expect(left).toBeFocused();
  await page.keyboard.press("ArrowUp");
  expect(await selectedName(page, "left")).toBe("E-bike");
  await page.keyboard.press("Shift+F10");
  await expect(menu).toBeVisible();
  await expect(menu.getByRole("menuitem", { name: "Add root" })).toBeVisible();
  for (const item of ["Upgrade", "Merge", "Cut node"])
    await expect(menu.getByRole("menuitem", { name: item })).toHaveCount(0);
  await page.keyboard.press("Escape");
  await expect(left).toBeFocused();

  expect(await pointerEvents(page)).toBe(0);
  expect(errors).toEqual([]);
});

test("the pointer: a right click opens the row's menu, a click on a matrix cell links it", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const errors = await signInNewOwner(page, request, "fmnetp", PASSWORD);
  const id = await createDfmea(request, page);
  await page.goto(`/#/fmeaTree?fmeaId=${id}`);
  const left = page.locator("[data-fmea-pane=left]");
  const right = page.locator("[data-fmea-pane=right]");
  await expect(left).toBeFocused();
  const menu = page.getByTestId("fmea-tree-menu");
  // A right click selects the row and opens its menu there.
  await left.getByRole("treeitem").filter({ hasText: "Motor" }).click({ button: "right" });
  await expect(menu).toBeVisible();
  expect(await selectedName(page, "left")).toBe("Motor");
  await expect(menu.getByRole("menuitem", { name: "Add function" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  await right.getByRole("treeitem").filter({ hasText: "Convert power" }).click({ button: "right" });
  await expect(menu).toBeVisible();
  await expect(menu.getByRole("menuitem", { name: "Add structure" })).toHaveCount(0);
  await menu.getByRole("menuitem", { name: "Add failure" }).click();
  const input = page.locator(".fmea-name-input");
  await expect(input).toBeFocused();
  await page.keyboard.type("Overheats");
  await page.keyboard.press("Enter");
  await settled(page);
  await expect(right.locator("[role=treeitem] .fmea-name")).toContainText([
    "Convert power",
    "Winding open",
    "Overheats",
  ]);
  // Drive's matrix from the toolbar; a click on a cell links it, a second unlinks it.
  await left.getByRole("treeitem").filter({ hasText: "Drive" }).click();
  await page.keyboard.press("x");
  const store = cell(page, "Deliver torque", "Store energy");
  await store.click();
  await expect(store).toHaveAttribute("data-linked", "true");
  await store.click();
  await expect(store).toHaveAttribute("data-linked", "false");
  await settled(page);
  expect(errors).toEqual([]);
});
