// Issue 17's net views and context menu by keyboard alone, on a DFMEA stored through the REST operations
// (system > subsystem > two components, each with a function and a failure, a function link and a failure
// chain): the function matrix of the subsystem (Space and Enter link cells, Ctrl+Z and Ctrl+Shift+Z from the
// matrix), the function net (arrows, Enter goes to the node in the trees), the failure net FE > FM > FC of a
// component's function, the palette's entry, and the trees' context menu (Shift+F10 and the context-menu
// key) offering the commands of the node's type and running one; then the same views on a PFMEA (below).
// Against the production build and the real server; screenshots of each view.
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

// The same views on a PFMEA (issue 17): process item > process step > 4M work elements (a machine with a
// process characteristic, an operator with a function). The step's function matrix links its function to the
// machine's process characteristic and the operator's function; the function net spans three levels; a
// failure chain is linked by keyboard (the step's failure mode marked with L, the operator's failure picked
// with Shift+L), and the mode's failure net shows the effect on the process item and both causes. The node
// checked last (spec 4) is marked in the tree that has it.
async function createPfmea(request: APIRequestContext, page: Page): Promise<number> {
  const { add, link } = fmeaOps();
  return createFmea(request, await tokenOf(page), "process", "Housing line nets", [
    add("item", null, "stru", "Housing line", "procItem"),
    add("fItem", "item", "func", "Assemble housing"),
    add("fe", "fItem", "fail", "Housing leaks"),
    add("op20", "item", "stru", "OP20 press bearing", "procStep"),
    add("fStep", "op20", "func", "Press bearing to depth"),
    add("fm", "fStep", "fail", "Bearing too shallow"),
    add("press", "op20", "stru", "Press 40 t", "machine"),
    add("force", "press", "procSpec", "Press force"),
    add("fc1", "force", "fail", "Force too low"),
    add("man", "op20", "stru", "Operator", "man"),
    add("fMan", "man", "func", "Load the part"),
    add("fc2", "fMan", "fail", "Part tilted"),
    link("l1", "fItem", "fStep", "function"),
    link("l2", "fe", "fm"),
    link("l3", "fm", "fc1"),
  ]);
}

test("PFMEA: the step's function matrix, function net, a failure chain linked by keyboard, the failure net", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const errors = await signInNewOwner(page, request, "fmnetpf", PASSWORD);
  const id = await createPfmea(request, page);
  await page.goto(`/#/pFmeaTree?fmeaId=${id}`);
  const left = page.locator("[data-fmea-pane=left]");
  const right = page.locator("[data-fmea-pane=right]");
  const lastChecked = (pane: Page | ReturnType<Page["locator"]>) =>
    pane.locator("[role=treeitem][data-last-checked=true] .fmea-name");
  await expect(left).toBeFocused();
  await expect.poll(() => selectedName(page, "left")).toBe("Housing line");
  await page.keyboard.press("ArrowDown");
  await expect.poll(() => selectedName(page, "left")).toBe("OP20 press bearing");
  await expect(lastChecked(left)).toHaveText("OP20 press bearing");

  // The step's matrix: its function against the machine's process characteristic and the operator's function.
  await page.keyboard.press("x");
  const panel = page.getByTestId("fmea-net-panel");
  await expect(panel).toHaveAttribute("data-view", "matrix");
  const matrix = page.getByTestId("fmea-matrix");
  await expect(matrix).toBeFocused();
  await expect(matrix.locator("thead tr").last().locator("th")).toHaveText([
    "Process characteristic Press force",
    "Function Load the part",
  ]);
  const force = cell(page, "Press bearing to depth", "Press force");
  const load = cell(page, "Press bearing to depth", "Load the part");
  await expect(force).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("Space");
  await expect(force).toHaveAttribute("data-linked", "true");
  await page.keyboard.press("ArrowRight");
  await expect(load).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("Enter");
  await expect(load).toHaveAttribute("data-linked", "true");
  await settled(page);
  await shot(page, "pfmea-function-matrix");

  // The function net: the process item's function above the step's, the work elements' below.
  await page.keyboard.press("n");
  await expect(panel).toHaveAttribute("data-view", "functionNet");
  await expect(page.getByTestId("fmea-net-canvas")).toBeFocused();
  await expect(page.getByTestId("fmea-net-status")).toHaveText("4 nodes, 3 links");
  expect(await netNodes(page)).toEqual([
    "Function: Assemble housing (Housing line)",
    "Function: Load the part (Operator)",
    "Function: Press bearing to depth (OP20 press bearing)",
    "Process characteristic: Press force (Press 40 t)",
  ]);
  await shot(page, "pfmea-function-net");
  await page.keyboard.press("Escape");
  await expect(panel).toHaveCount(0);
  await expect(left).toBeFocused();

  // The failure chain: the step's mode marked (L), the operator's failure picked (Shift+L). Tab enters the
  // function and failure tree; its first arrow selects its first line.
  await page.keyboard.press("Tab");
  await expect(right).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect.poll(() => selectedName(page, "right")).toBe("Press bearing to depth");
  await page.keyboard.press("ArrowDown");
  await expect.poll(() => selectedName(page, "right")).toBe("Bearing too shallow");
  await expect(lastChecked(right)).toHaveText("Bearing too shallow");
  await expect(lastChecked(left)).toHaveCount(0);
  await page.keyboard.press("l");
  await expect(right.locator(".fmea-link-mark .fmea-name")).toHaveText("Bearing too shallow");
  await page.keyboard.press("Shift+Tab");
  await expect(left).toBeFocused();
  await expect(lastChecked(left)).toHaveText("OP20 press bearing");
  await page.keyboard.press("ArrowDown");
  await expect.poll(() => selectedName(page, "left")).toBe("Press 40 t");
  await page.keyboard.press("ArrowDown");
  await expect.poll(() => selectedName(page, "left")).toBe("Operator");
  await page.keyboard.press("Tab");
  await expect(right).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect.poll(() => selectedName(page, "right")).toBe("Load the part");
  await page.keyboard.press("ArrowDown");
  await expect.poll(() => selectedName(page, "right")).toBe("Part tilted");
  await page.keyboard.press("Shift+L");
  await expect(right.locator(".fmea-link-mark")).toHaveCount(0);
  await settled(page);
  // The cause counts its link up.
  await expect(right.locator("[aria-selected=true] [data-testid=fmea-links]")).toHaveText("↑1 ↓0 links");

  // Back on the mode: its failure net, FE on the process item, FM on the step, the two causes below.
  await page.keyboard.press("Shift+Tab");
  await page.keyboard.press("ArrowUp");
  await page.keyboard.press("ArrowUp");
  await expect.poll(() => selectedName(page, "left")).toBe("OP20 press bearing");
  await page.keyboard.press("Tab");
  await expect(right).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect.poll(() => selectedName(page, "right")).toBe("Press bearing to depth");
  await page.keyboard.press("ArrowDown");
  await expect.poll(() => selectedName(page, "right")).toBe("Bearing too shallow");
  await runFromPalette(page, "show the failure net", "Show the failure net");
  await expect(panel).toHaveAttribute("data-view", "failureNet");
  await expect(page.getByTestId("fmea-net-status")).toHaveText("4 nodes, 3 links");
  expect(await netNodes(page)).toEqual([
    "FC Failure: Force too low (Press 40 t)",
    "FC Failure: Part tilted (Operator)",
    "FE Failure: Housing leaks (Housing line)",
    "FM Failure: Bearing too shallow (OP20 press bearing)",
  ]);
  await shot(page, "pfmea-failure-net");
  await page.keyboard.press("Escape");
  await expect(panel).toHaveCount(0);
  await expect(right).toBeFocused();

  // Stored: after a reload the new chain link is there.
  await page.reload();
  await expect(left).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect.poll(() => selectedName(page, "left")).toBe("OP20 press bearing");
  await page.keyboard.press("Tab");
  await expect(right).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect.poll(() => selectedName(page, "right")).toBe("Press bearing to depth");
  await page.keyboard.press("ArrowDown");
  await expect.poll(() => selectedName(page, "right")).toBe("Bearing too shallow");
  await expect(right.locator("[aria-selected=true] [data-testid=fmea-links]")).toHaveText("↑1 ↓2 links");
  expect(await pointerEvents(page)).toBe(0);
  expect(errors).toEqual([]);
});
