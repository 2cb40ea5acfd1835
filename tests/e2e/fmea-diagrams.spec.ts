// Issue 18's diagrams by keyboard alone, against the production build and the real server: a DFMEA's
// boundary diagram drawn with nested boundaries and two interfaces (and exported as SVG), a PFMEA's
// process flow chart of five steps with an inspection, a rework loop and a branch (exported as PNG), and
// the fault tree of one failure effect opened in eFTA and analysed there.
import { readFileSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { api, expectRoute, pointerEvents, runFromPalette, shot, signInNewOwner } from "./support/shell.ts";

const PASSWORD = "Fmea#2026x";

/** Adds an item with a key and types its name in the diagram's name field. */
async function add(page: Page, key: string, name: string) {
  await page.keyboard.press(key);
  const input = page.getByTestId("fmea-diagram-name");
  await expect(input).toBeFocused();
  await page.keyboard.type(name);
  await page.keyboard.press("Enter");
  await expect(input).toBeHidden();
  await expect(page.locator("[data-fmea-diagram] .graph-viewport")).toBeFocused();
}

/** The accessible name of the selected diagram item (what a screen reader announces). */
async function selectedItem(page: Page, testId: string): Promise<string> {
  return (await page.getByTestId(`${testId}-announce`).textContent()) ?? "";
}

/** Walks the diagram with the arrow keys until `label` is selected (up first, then down). */
async function walkTo(page: Page, testId: string, label: string) {
  for (const key of ["ArrowUp", "ArrowDown"])
    for (let i = 0; i < 12; i++) {
      if ((await selectedItem(page, testId)) === label) return;
      await page.keyboard.press(key);
    }
  expect(await selectedItem(page, testId)).toBe(label);
}

async function settled(page: Page, testId: string) {
  await expect(page.getByTestId(testId)).toHaveAttribute("data-pending", "0");
}

/** The names drawn in the diagram, by the kind of item. */
async function drawn(page: Page, canvas: string): Promise<string[]> {
  return page
    .getByTestId(canvas)
    .locator(".graph-node")
    .evaluateAll((nodes) => nodes.map((n) => n.getAttribute("aria-label") ?? ""));
}

test("DFMEA boundary diagram: nested boundaries and two interfaces by keyboard, exported as SVG", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const errors = await signInNewOwner(page, request, "bdia", PASSWORD);
  await runFromPalette(page, "DFMEA", /DFMEA/);
  await expectRoute(page, "/dfmea");
  await expect(page.getByTestId("fmea-list")).toBeVisible();
  await page.keyboard.press("Alt+n");
  await expectRoute(page, "/fmeaTree");
  await runFromPalette(page, "Go to Topology", /Go to Topology/);
  await expectRoute(page, "/topology");
  const viewport = page.locator("[data-fmea-diagram] .graph-viewport");
  await expect(viewport).toBeFocused();

  await add(page, "r", "E-bike");
  await add(page, "s", "Drive");
  await add(page, "s", "Motor");
  await page.keyboard.press("ArrowUp");
  expect(await selectedItem(page, "fmea-topology-canvas")).toBe("Subsystem: Drive");
  await add(page, "s", "Battery");
  await page.keyboard.press("ArrowUp");
  await page.keyboard.press("ArrowUp");
  await page.keyboard.press("ArrowUp");
  expect(await selectedItem(page, "fmea-topology-canvas")).toBe("System: E-bike");
  await add(page, "s", "Display");
  await settled(page, "fmea-topology");

  // Interface 1: Motor -> Battery, energy (key 3). Interface 2: Display -> Drive, information (key 4).
  await page.keyboard.press("ArrowUp"); // Battery
  await page.keyboard.press("ArrowUp"); // Motor
  expect(await selectedItem(page, "fmea-topology-canvas")).toBe("Component: Motor");
  await page.keyboard.press("c");
  await expect(page.getByText("Interface from “Motor”")).toBeVisible();
  await page.keyboard.press("ArrowDown");
  expect(await selectedItem(page, "fmea-topology-canvas")).toBe("Component: Battery");
  await page.keyboard.press("3");
  await expect(page.getByTestId("fmea-diagram-name")).toBeFocused();
  await page.keyboard.type("48 V supply");
  await page.keyboard.press("Enter");
  await expect(viewport).toBeFocused();
  expect(await selectedItem(page, "fmea-topology-canvas")).toBe("Energy transfer: 48 V supply");
  await walkTo(page, "fmea-topology-canvas", "Subsystem: Display");
  await page.keyboard.press("c");
  await walkTo(page, "fmea-topology-canvas", "Subsystem: Drive");
  await page.keyboard.press("4");
  await page.keyboard.type("CAN bus");
  await page.keyboard.press("Enter");
  await settled(page, "fmea-topology");
  await expect
    .poll(async () => (await drawn(page, "fmea-topology-canvas")).sort())
    .toEqual([
      "Component: Battery",
      "Component: Motor",
      "Energy transfer: 48 V supply",
      "Information exchange: CAN bus",
      "Subsystem: Display",
      "Subsystem: Drive",
      "System: E-bike",
    ]);
  // An interface cannot join an element to one inside its own boundary.
  await walkTo(page, "fmea-topology-canvas", "System: E-bike");
  await page.keyboard.press("c");
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("1");
  await expect(page.getByText("not joined by an interface")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByText("Interface from")).toHaveCount(0);
  await shot(page, "fmea-boundary-diagram");

  // Hide and show Drive's structure (spec 3's hideStru, showStru); the context menu by Shift+F10.
  expect(await selectedItem(page, "fmea-topology-canvas")).toBe("Subsystem: Drive");
  await page.keyboard.press("h");
  await expect.poll(() => drawn(page, "fmea-topology-canvas")).toContain("Subsystem: Drive");
  await expect.poll(async () => (await drawn(page, "fmea-topology-canvas")).length).toBe(4);
  await shot(page, "fmea-boundary-hidden");
  await page.keyboard.press("Shift+F10");
  const menu = page.getByTestId("fmea-diagram-menu");
  await expect(menu).toBeVisible();
  await expect(menu.getByRole("menuitem", { name: "Show structure" })).toBeVisible();
  await expect(menu.getByRole("menuitem", { name: "Hide structure" })).toHaveCount(0);
  await shot(page, "fmea-boundary-menu");
  // Walk to "Show structure" and run it from the menu.
  for (let i = 0; i < 10; i++) {
    const focused = await page.evaluate(
      () => document.activeElement?.querySelector(".menu-label")?.textContent,
    );
    if (focused === "Show structure") break;
    await page.keyboard.press("ArrowDown");
  }
  await page.keyboard.press("Enter");
  await expect(menu).toBeHidden();
  await expect.poll(async () => (await drawn(page, "fmea-topology-canvas")).length).toBe(7);
  await settled(page, "fmea-topology");

  // The same structure in the tree: the interfaces are api nodes under Motor and Display.
  await page.reload();
  await expect(viewport).toBeFocused();
  await expect.poll(async () => (await drawn(page, "fmea-topology-canvas")).length).toBe(7);

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    runFromPalette(page, "Export the diagram as SVG", /SVG/),
  ]);
  const svg = readFileSync(await download.path(), "utf8");
  for (const name of ["E-bike", "Drive", "Motor", "Battery", "Display", "48 V supply", "CAN bus"])
    expect(svg).toContain(name);
  expect(svg).toContain("<svg");
  expect(await pointerEvents(page)).toBe(0);
  expect(errors).toEqual([]);
});

test("PFMEA process flow chart: five steps with an inspection, a rework loop and a branch, exported as PNG", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const errors = await signInNewOwner(page, request, "pflow", PASSWORD);
  await runFromPalette(page, "PFMEA", /PFMEA/);
  await expectRoute(page, "/pfmea");
  await expect(page.getByTestId("fmea-list")).toBeVisible();
  await page.keyboard.press("Alt+n");
  await expectRoute(page, "/pFmeaTree");
  await expect(page.locator("[data-fmea-pane=left]")).toBeFocused();
  await page.keyboard.press("r");
  await page.keyboard.type("Housing line");
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("fmea-tree")).toHaveAttribute("data-pending", "0");
  // From the process item in the tree to its flow chart (?fmeaId=&structureId=).
  await runFromPalette(page, "Process flow chart of this", /Process flow chart of this process item/);
  await expectRoute(page, "/flowProcess");
  expect(page.url()).toContain("structureId=");
  await expect(page.getByText("No process steps yet")).toBeVisible();
  await expect(page.locator("[data-fmea-diagram] .graph-viewport")).toBeFocused();

  await add(page, "p", "OP10 cast housing");
  await add(page, "p", "OP20 press bearing");
  await page.keyboard.press("k");
  await expect(page.getByTestId("fmea-diagram-name")).toBeFocused();
  await page.keyboard.type("Bearing depth");
  await page.keyboard.press("Enter");
  await add(page, "i", "OP30 check depth");
  await add(page, "p", "OP40 manual rework press");
  await add(page, "p", "OP50 pack");
  await settled(page, "fmea-flow");
  const canvas = "fmea-flow-canvas";
  expect(await drawn(page, canvas)).toEqual([
    "Operation: OP10 cast housing",
    "Operation: OP20 press bearing",
    "Inspection: OP30 check depth",
    "Operation: OP40 manual rework press",
    "Operation: OP50 pack",
  ]);
  // OP50 is stored: the storage symbol (key 4); OP10 a transport in (key 2) is not wanted: keep operation.
  await page.keyboard.press("4");
  // Rework loop: mark OP20 as the target, then W on the inspection.
  await page.keyboard.press("ArrowUp");
  await page.keyboard.press("ArrowUp");
  await page.keyboard.press("ArrowUp");
  expect(await selectedItem(page, canvas)).toBe("Operation: OP20 press bearing");
  await page.keyboard.press("m");
  await page.keyboard.press("ArrowDown");
  expect(await selectedItem(page, canvas)).toBe("Inspection: OP30 check depth");
  await page.keyboard.press("w");
  // OP40 is a branch beside OP30 (parts that fail go to the manual press instead).
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("b");
  await settled(page, "fmea-flow");
  await expect
    .poll(() => drawn(page, canvas))
    .toEqual([
      "Operation: OP10 cast housing",
      "Operation: OP20 press bearing",
      "Inspection: OP30 check depth",
      "Operation: OP40 manual rework press",
      "Storage: OP50 pack",
      "↺ Rework",
    ]);
  await page.keyboard.press("0");
  await expect(page.getByTestId(canvas).getByText("Product: Bearing depth")).toBeVisible();
  await shot(page, "fmea-flow-chart");

  await page.reload();
  await expect.poll(async () => (await drawn(page, canvas)).length).toBe(6);
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    runFromPalette(page, "Export the diagram as PNG", /PNG/),
  ]);
  const png = readFileSync(await download.path());
  await download.saveAs("test-results/screenshots/fmea-flow-export.png");
  expect([...png.subarray(1, 4)].map((c) => String.fromCharCode(c)).join("")).toBe("PNG");
  expect(png.length).toBeGreaterThan(5000);
  expect(await pointerEvents(page)).toBe(0);
  expect(errors).toEqual([]);
});

test("the fault tree of a failure effect, from the failure net to eFTA, analysed there", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const errors = await signInNewOwner(page, request, "fmfta", PASSWORD);
  await runFromPalette(page, "DFMEA", /DFMEA/);
  await expect(page.getByTestId("fmea-list")).toBeVisible();
  await page.keyboard.press("Alt+n");
  await expectRoute(page, "/fmeaTree");
  // The failure net made through the REST service (issue 17's screens built one by keyboard already).
  const fmeaId = Number(new URL(page.url().replace("#", "")).searchParams.get("fmeaId"));
  const token = await page.evaluate(() =>
    decodeURIComponent(document.cookie.match(/Admin-Token=([^;]+)/)?.[1] ?? ""),
  );
  const node = (id: string, parentId: string | null, kind: string, name: string, extra = {}) => ({
    op: "add",
    node: { id, parentId, kind, elementType: null, name, ord: 0, hidden: false, attrs: {}, ...extra },
  });
  const rated = (o: number) => ({ attrs: { assessments: { occurrence: o } } });
  const link = (id: string, from: string, to: string) => ({
    op: "link",
    link: { id, kind: "failure", from, to },
  });
  await api(request, token, "POST", `/edfe/analyses/${fmeaId}/ops`, {
    ops: [
      node("S", null, "stru", "E-bike", { elementType: "system" }),
      node("D", "S", "stru", "Drive", { elementType: "subsystem" }),
      node("M", "D", "stru", "Motor", { elementType: "component", ord: 0 }),
      node("B", "D", "stru", "Battery", { elementType: "component", ord: 1 }),
      node("fS", "S", "func", "Move rider", { ord: 1 }),
      node("fD", "D", "func", "Deliver torque", { ord: 2 }),
      node("fM", "M", "func", "Convert power"),
      node("fB", "B", "func", "Store energy"),
      node("FE", "fS", "fail", "Rider stranded"),
      node("FM1", "fD", "fail", "No torque", { ord: 0 }),
      node("FM2", "fD", "fail", "Torque drops", { ord: 1 }),
      node("FC1", "fM", "fail", "Winding open", { ord: 0, ...rated(4) }),
      node("FC2", "fM", "fail", "Connector loose", { ord: 1, ...rated(6) }),
      node("FC3", "fB", "fail", "Cell dead", rated(3)),
      link("l1", "FE", "FM1"),
      link("l2", "FE", "FM2"),
      link("l3", "FM1", "FC1"),
      link("l4", "FM1", "FC2"),
      link("l5", "FM2", "FC2"),
      link("l6", "FM2", "FC3"),
    ],
  });
  await page.reload();
  const left = page.locator("[data-fmea-pane=left]");
  await expect(left).toBeFocused();
  await expect(left.locator("[role=treeitem]").first()).toContainText("E-bike");
  await page.keyboard.press("Tab");
  await expect(page.locator("[data-fmea-pane=right]")).toBeFocused();
  const chosen = page.locator("[data-fmea-pane=right] [aria-selected=true]");
  await page.keyboard.press("ArrowDown");
  await expect(chosen).toContainText("Move rider");
  await page.keyboard.press("ArrowDown");
  await expect(chosen).toContainText("Rider stranded");
  await page.keyboard.press("Alt+t");
  const dialog = page.getByTestId("fmea-fault-tree");
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText("3 causes become basic events")).toBeVisible();
  await expect(dialog.getByLabel("Probability for occurrence 6", { exact: true })).toHaveValue("0.002");
  // A falling table is refused with its message, and nothing typed is lost.
  await expect(dialog.getByLabel("Probability for occurrence 1", { exact: true })).toBeFocused();
  await page.keyboard.press("Control+a");
  await page.keyboard.type("0.5");
  await page.keyboard.press("Enter");
  await expect(dialog.getByText("A higher occurrence rating cannot have a lower probability.")).toBeVisible();
  await expect(dialog.getByLabel("Probability for occurrence 1", { exact: true })).toHaveValue("0.5");
  await shot(page, "fmea-fault-tree-dialog");
  await page.keyboard.press("Control+a");
  await page.keyboard.type("1e-7");
  await page.keyboard.press("Enter");

  await expectRoute(page, "/fta/analysis/index");
  await expect(page.getByTestId("fta-editor")).toBeVisible();
  await expect(page.getByText("FMEA fault tree: Rider stranded").first()).toBeVisible();
  await page.keyboard.press("Control+Enter");
  // OR of the causes 1e-4, 2e-3, 1e-5 (O 4, 6, 3): 1 - (1-1e-4)(1-2e-3)(1-1e-5).
  const expected = 1 - (1 - 1e-4) * (1 - 2e-3) * (1 - 1e-5);
  await expect
    .poll(async () => Number(await page.getByTestId("fta-p-exact").textContent()), { timeout: 60_000 })
    .toBeCloseTo(expected, 12);
  await expect(page.getByTestId("fta-cutset-count")).toHaveText("3");
  await shot(page, "fmea-fault-tree-efta");
  expect(await pointerEvents(page)).toBe(0);
  expect(errors).toEqual([]);
});

test("a boundary diagram of 131 items is laid out in a worker, and stays usable by keyboard", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const errors = await signInNewOwner(page, request, "bbig", PASSWORD);
  await runFromPalette(page, "DFMEA", /DFMEA/);
  await expect(page.getByTestId("fmea-list")).toBeVisible();
  await page.keyboard.press("Alt+n");
  await expectRoute(page, "/fmeaTree");
  const fmeaId = Number(new URL(page.url().replace("#", "")).searchParams.get("fmeaId"));
  const token = await page.evaluate(() =>
    decodeURIComponent(document.cookie.match(/Admin-Token=([^;]+)/)?.[1] ?? ""),
  );
  const stru = (id: string, parentId: string | null, elementType: string, ord: number) => ({
    op: "add",
    node: { id, parentId, kind: "stru", elementType, name: id, ord, hidden: false, attrs: {} },
  });
  const ops: unknown[] = [stru("S", null, "system", 0)];
  for (let i = 0; i < 10; i++) {
    ops.push(stru(`D${i}`, "S", "subsystem", i));
    for (let j = 0; j < 10; j++) ops.push(stru(`C${i}x${j}`, `D${i}`, "component", j));
  }
  // 20 interfaces between neighbouring components.
  for (let i = 0; i < 10; i++)
    for (const j of [0, 5])
      ops.push({
        op: "add",
        node: {
          id: `I${i}x${j}`,
          parentId: `C${i}x${j}`,
          kind: "api",
          elementType: null,
          name: `link ${i}.${j}`,
          ord: 0,
          hidden: false,
          attrs: { apiList: { interfaceType: "energy", counterpart: `C${i}x${j + 1}` } },
        },
      });
  await api(request, token, "POST", `/edfe/analyses/${fmeaId}/ops`, { ops });
  const workers: string[] = [];
  page.on("worker", (w) => workers.push(w.url()));
  await runFromPalette(page, "Go to Topology", /Go to Topology/);
  await expectRoute(page, "/topology");
  const canvas = page.getByTestId("fmea-topology-canvas");
  await expect(canvas).toHaveAttribute("data-node-count", "131", { timeout: 60_000 });
  await expect(canvas).not.toHaveAttribute("data-layout-pending", "true");
  expect(workers.some((url) => url.includes("boundary-layout"))).toBe(true);
  await expect(page.locator("[data-fmea-diagram] .graph-viewport")).toBeFocused();
  // A new component in a big diagram: it shows once the worker answers, and is selected.
  await walkTo(page, "fmea-topology-canvas", "Subsystem: D0");
  await add(page, "s", "Controller");
  await expect(canvas).toHaveAttribute("data-node-count", "132", { timeout: 60_000 });
  expect(await selectedItem(page, "fmea-topology-canvas")).toBe("Component: Controller");
  await page.keyboard.press("0");
  await shot(page, "fmea-boundary-large");
  expect(await pointerEvents(page)).toBe(0);
  expect(errors).toEqual([]);
});
