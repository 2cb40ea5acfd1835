// Issue 17 by keyboard alone: a DFMEA from its list, system to component with a function and a failure,
// a function-net link, a failure chain seen in the failure net, cut and paste of a subtree (the link goes) and its undo (it comes back); a counselor in a second browser edits another node at the same
// time and both edits are there, seen without a reload and after one; then the same for a PFMEA with a process
// item, steps and 4M work elements (a work element with its characteristic cut and pasted under another step and
// undone, Delete asking first, a counselor from no department at once). Against the production build and the
// real server.
import { expect, type Page, test } from "@playwright/test";
import {
  api,
  createReadyUser,
  expectRoute,
  keyboardLogin,
  pointerEvents,
  runFromPalette,
  shot,
  signInNewOwner,
  uniqueName,
} from "./support/shell.ts";

const PASSWORD = "Fmea#2026x";

/** The names shown in one tree, each with its level. */
async function rows(page: Page, pane: "left" | "right"): Promise<string[]> {
  return page
    .locator(`[data-fmea-pane=${pane}] [role=treeitem]`)
    .evaluateAll((items) =>
      items.map(
        (el) => `${el.getAttribute("aria-level")} ${el.querySelector(".fmea-name")?.textContent ?? ""}`,
      ),
    );
}

async function selectedName(page: Page, pane: "left" | "right"): Promise<string> {
  return page
    .locator(`[data-fmea-pane=${pane}] [role=treeitem][aria-selected=true] .fmea-name`)
    .evaluate((el) => el.textContent ?? "");
}

/** Adds a node with a key and types its name (a new node opens its name field). */
async function add(page: Page, key: string, name: string) {
  await page.keyboard.press(key);
  const input = page.locator(".fmea-name-input");
  await expect(input).toBeFocused();
  await page.keyboard.type(name);
  await page.keyboard.press("Enter");
  await expect(input).toBeHidden();
}

/** Walks the structure tree with the arrow keys from its selected row to the row named `name`. */
async function walkTo(page: Page, name: string) {
  const names = (await rows(page, "left")).map((row) => row.slice(row.indexOf(" ") + 1));
  const from = names.indexOf(await selectedName(page, "left"));
  const to = names.indexOf(name);
  expect(to, name).toBeGreaterThanOrEqual(0);
  for (let i = 0; i < Math.abs(to - from); i++)
    await page.keyboard.press(to > from ? "ArrowDown" : "ArrowUp");
  expect(await selectedName(page, "left")).toBe(name);
}

async function settled(page: Page) {
  await expect(page.getByTestId("fmea-tree")).toHaveAttribute("data-pending", "0");
}

test("DFMEA: structure, functions and failures by keyboard, cut and paste, undo, and a counselor at once", async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(240_000);
  const errors = await signInNewOwner(page, request, "fmea", PASSWORD);
  await runFromPalette(page, "DFMEA", /DFMEA/);
  await expectRoute(page, "/dfmea");
  await expect(page.getByTestId("fmea-list")).toBeVisible();
  await shot(page, "fmea-list-empty");

  await page.keyboard.press("Alt+n");
  await expectRoute(page, "/fmeaTree");
  await expect(page.locator("[data-fmea-pane=left]")).toBeFocused();
  await add(page, "r", "E-bike");
  await add(page, "s", "Drive");
  await add(page, "s", "Motor");
  await add(page, "f", "Convert power");
  await expect(page.locator("[data-fmea-pane=right]")).toBeFocused();
  await add(page, "Insert", "Winding open");
  await page.keyboard.press("Shift+Tab");
  await expect(page.locator("[data-fmea-pane=left]")).toBeFocused();
  await page.keyboard.press("ArrowUp"); // Drive
  await add(page, "f", "Deliver torque");
  await page.keyboard.press("l"); // mark Drive's function for the function net
  await settled(page);
  await page.keyboard.press("Shift+Tab");
  await expect(page.locator("[data-fmea-pane=left]")).toBeFocused();
  expect(await rows(page, "left")).toEqual(["1 E-bike", "2 Drive", "3 Motor"]);
  expect(await selectedName(page, "left")).toBe("Drive");
  await shot(page, "fmea-tree-built");

  // Cut Motor, paste it under E-bike, then undo.
  await page.keyboard.press("ArrowDown");
  expect(await selectedName(page, "left")).toBe("Motor");
  expect(await rows(page, "right")).toEqual(["1 Convert power", "2 Winding open"]);
  // Link Motor's function below Drive's (the function net), by keyboard: Tab, pick it, Shift+L.
  await page.keyboard.press("Tab");
  await expect(page.locator("[data-fmea-pane=right]")).toBeFocused();
  await page.keyboard.press("ArrowDown");
  expect(await selectedName(page, "right")).toBe("Convert power");
  await page.keyboard.press("Shift+L");
  const links = page.locator("[data-fmea-pane=right] [data-testid=fmea-links]");
  await expect(links).toHaveText("↑1 ↓0 links");
  await settled(page);
  // A failure chain: Motor's failure marked (L), a failure of Drive's function added (E) and linked to it
  // (Shift+L), then its failure net (C): the mode on Drive, the cause on Motor.
  await page.keyboard.press("ArrowDown");
  expect(await selectedName(page, "right")).toBe("Winding open");
  await page.keyboard.press("l");
  await page.keyboard.press("Shift+Tab");
  await page.keyboard.press("ArrowUp");
  expect(await selectedName(page, "left")).toBe("Drive");
  await page.keyboard.press("Tab");
  await expect(page.locator("[data-fmea-pane=right]")).toBeFocused();
  await page.keyboard.press("ArrowDown"); // a tree entered by Tab selects its first line with the first arrow
  await expect.poll(() => selectedName(page, "right")).toBe("Deliver torque");
  await add(page, "e", "No torque");
  expect(await selectedName(page, "right")).toBe("No torque");
  await page.keyboard.press("Shift+L");
  await expect(
    page.locator("[data-fmea-pane=right] [aria-selected=true] [data-testid=fmea-links]"),
  ).toHaveText("↑0 ↓1 links");
  await settled(page);
  await page.keyboard.press("c");
  const panel = page.getByTestId("fmea-net-panel");
  await expect(panel).toHaveAttribute("data-view", "failureNet");
  await expect
    .poll(() =>
      page
        .getByTestId("fmea-net-canvas")
        .locator("[data-node-id]")
        .evaluateAll((nodes) => nodes.map((n) => n.getAttribute("aria-label") ?? "").sort()),
    )
    .toEqual(["FC Failure: Winding open (Motor)", "FM Failure: No torque (Drive)"]);
  await shot(page, "fmea-failure-net-built");
  await page.keyboard.press("Escape");
  await expect(panel).toHaveCount(0);
  await expect(page.locator("[data-fmea-pane=right]")).toBeFocused();
  await page.keyboard.press("Shift+Tab");
  await page.keyboard.press("ArrowDown");
  expect(await selectedName(page, "left")).toBe("Motor");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Shift+Tab");
  // Cut Motor and paste it under E-bike: its function is no longer one level below Drive's, so the link
  // goes; undo brings Motor back with the link.
  await page.keyboard.press("Control+x");
  await page.keyboard.press("ArrowUp");
  await page.keyboard.press("ArrowUp");
  expect(await selectedName(page, "left")).toBe("E-bike");
  await page.keyboard.press("Control+v");
  await expect.poll(() => rows(page, "left")).toEqual(["1 E-bike", "2 Drive", "2 Motor"]);
  await settled(page);
  await shot(page, "fmea-tree-pasted");
  await expect(links).toHaveCount(0);
  await page.keyboard.press("Control+z");
  await expect.poll(() => rows(page, "left")).toEqual(["1 E-bike", "2 Drive", "3 Motor"]);
  // Both links back: the function net's to Convert power, the failure net's to Winding open.
  await expect(links).toHaveText(["↑1 ↓0 links", "↑1 ↓0 links"]);
  await settled(page);

  // A counselor, listed on the FMEA, edits another node from a second browser at the same time.
  const fmeaId = Number(new URL(page.url().replace("#", "")).searchParams.get("fmeaId"));
  const counselorName = uniqueName("couns");
  const { userId: counselorId } = await createReadyUser(request, counselorName, ["counselor"], PASSWORD);
  const ownerToken = await page.evaluate(() =>
    decodeURIComponent(document.cookie.match(/Admin-Token=([^;]+)/)?.[1] ?? ""),
  );
  const meta = await api<{ version: number }>(request, ownerToken, "GET", `/edfe/analyses/${fmeaId}`);
  await api(request, ownerToken, "PUT", `/edfe/analyses/${fmeaId}`, {
    version: meta.version,
    body: { counselorUserId: [counselorId], objectName: "E-bike drive" },
  });
  const other = await browser.newContext();
  const second = await other.newPage();
  await second.goto("/");
  await keyboardLogin(second, counselorName, PASSWORD);
  await expectRoute(second, "/statistic/index");
  await second.goto(`/#/fmeaTree?fmeaId=${fmeaId}`);
  await expect(second.locator("[data-fmea-pane=left]")).toBeFocused();
  await expect.poll(() => rows(second, "left")).toEqual(["1 E-bike", "2 Drive", "3 Motor"]);

  // Both at once: the compiler renames E-bike, the counselor renames Motor.
  expect(await selectedName(page, "left")).toBe("Motor");
  await page.keyboard.press("ArrowUp");
  await page.keyboard.press("ArrowUp");
  expect(await selectedName(page, "left")).toBe("E-bike");
  await second.keyboard.press("ArrowDown");
  await second.keyboard.press("ArrowDown");
  expect(await selectedName(second, "left")).toBe("Motor");
  await Promise.all([page.keyboard.press("Enter"), second.keyboard.press("Enter")]);
  await Promise.all([page.keyboard.type("Pedelec"), second.keyboard.type("Hub motor")]);
  await Promise.all([page.keyboard.press("Enter"), second.keyboard.press("Enter")]);
  await settled(page);
  await settled(second);
  // Each sees the other's edit without a reload (polled), and both are there after one.
  await expect
    .poll(() => rows(page, "left"), { timeout: 10_000 })
    .toEqual(["1 Pedelec", "2 Drive", "3 Hub motor"]);
  await expect
    .poll(() => rows(second, "left"), { timeout: 10_000 })
    .toEqual(["1 Pedelec", "2 Drive", "3 Hub motor"]);
  await shot(second, "fmea-tree-counselor");
  await page.reload();
  await expect.poll(() => rows(page, "left")).toEqual(["1 Pedelec", "2 Drive", "3 Hub motor"]);
  await other.close();

  expect(await pointerEvents(page)).toBe(0);
  expect(errors).toEqual([]);
});

test("PFMEA: process item, steps and 4M work elements by keyboard, cut and paste, delete, undo, and a counselor at once", async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(240_000);
  const errors = await signInNewOwner(page, request, "pfmea", PASSWORD);
  await runFromPalette(page, "PFMEA", /PFMEA/);
  await expectRoute(page, "/pfmea");
  await expect(page.getByTestId("fmea-list")).toBeVisible();
  await page.keyboard.press("Alt+n");
  await expectRoute(page, "/pFmeaTree");
  await expect(page.locator("[data-fmea-pane=left]")).toBeFocused();
  await add(page, "r", "Housing line");
  await add(page, "p", "OP20 press bearing");
  await add(page, "w", "Operator");
  await page.keyboard.press("ArrowUp");
  await runFromPalette(page, "work element: machine", /machine/i);
  await expect(page.locator(".fmea-name-input")).toBeFocused();
  await page.keyboard.type("Press");
  await page.keyboard.press("Enter");
  await page.keyboard.press("ArrowUp");
  await page.keyboard.press("ArrowUp");
  expect(await selectedName(page, "left")).toBe("OP20 press bearing");
  await add(page, "k", "Bearing depth");
  await add(page, "e", "Bearing not at depth");
  await settled(page);
  // The failure's attributes: its tabs (spec 3's list for a failure), ratings checked 1 to 10.
  await expect(page.locator("[data-fmea-pane=right]")).toBeFocused();
  await page.keyboard.press("Alt+Enter");
  const dialog = page.getByTestId("fmea-attributes");
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("tab")).toHaveText([
    "Name",
    "Excel output",
    "Custom attributes",
    "Assessments",
    "Special characteristic",
    "Description",
    "About",
  ]);
  // The dialog opens in the name field; Shift+Tab reaches the tab list, the arrows its tabs.
  await expect(dialog.getByRole("textbox", { name: "Name" })).toBeFocused();
  await page.keyboard.press("Shift+Tab");
  await expect(dialog.getByRole("tab", { name: "Name" })).toBeFocused();
  for (let i = 0; i < 3; i++) await page.keyboard.press("ArrowRight");
  await expect(dialog.getByRole("tab", { name: "Assessments" })).toBeFocused();
  await page.keyboard.press("Tab");
  await page.keyboard.type("8");
  await page.keyboard.press("Tab");
  await page.keyboard.type("11");
  await page.keyboard.press("Enter");
  await expect(dialog.getByText("Columns O and D accept only numbers 1 to 10.")).toBeVisible();
  await expect(dialog.getByLabel("Occurrence (O)")).toHaveValue("11");
  await shot(page, "pfmea-attributes");
  await dialog.getByLabel("Occurrence (O)").focus();
  await page.keyboard.press("Control+a");
  await page.keyboard.type("3");
  await page.keyboard.press("Enter");
  await expect(dialog).toBeHidden();
  await expect(page.locator("[data-fmea-pane=right]")).toBeFocused();
  await settled(page);
  // A step cannot go under a step: the paste level error.
  await page.keyboard.press("Shift+Tab");
  await page.keyboard.press("Control+c");
  await page.keyboard.press("Control+v");
  await expect(page.getByText("cannot be placed under")).toBeVisible();
  expect(await rows(page, "left")).toEqual([
    "1 Housing line",
    "2 OP20 press bearing",
    "3 Operator",
    "3 Press",
  ]);
  expect(await rows(page, "right")).toEqual(["1 Bearing depth", "2 Bearing not at depth"]);
  await shot(page, "pfmea-tree");
  await page.reload();
  await expect
    .poll(() => rows(page, "left"))
    .toEqual(["1 Housing line", "2 OP20 press bearing", "3 Operator", "3 Press"]);
  // The ratings were stored: open the failure's attributes again after the reload.
  await expect(page.locator("[data-fmea-pane=left]")).toBeFocused();
  await page.keyboard.press("ArrowDown");
  expect(await selectedName(page, "left")).toBe("OP20 press bearing");
  await page.keyboard.press("Tab");
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowDown");
  expect(await selectedName(page, "right")).toBe("Bearing not at depth");
  await page.keyboard.press("Alt+Enter");
  await expect(dialog.getByRole("textbox", { name: "Name" })).toBeFocused();
  await page.keyboard.press("Shift+Tab");
  for (let i = 0; i < 3; i++) await page.keyboard.press("ArrowRight");
  await expect(dialog.getByLabel("Severity (S)")).toHaveValue("8");
  await expect(dialog.getByLabel("Occurrence (O)")).toHaveValue("3");
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(page.locator("[data-fmea-pane=right]")).toBeFocused();

  // The machine gets a process characteristic, so it is a subtree; a second step to paste it under.
  await page.keyboard.press("Shift+Tab");
  await expect(page.locator("[data-fmea-pane=left]")).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowDown");
  expect(await selectedName(page, "left")).toBe("Press");
  await runFromPalette(page, "process characteristic", /process characteristic/i);
  await expect(page.locator(".fmea-name-input")).toBeFocused();
  await page.keyboard.type("Press force");
  await page.keyboard.press("Enter");
  await expect(page.locator(".fmea-name-input")).toBeHidden();
  await page.keyboard.press("Shift+Tab");
  await expect(page.locator("[data-fmea-pane=left]")).toBeFocused();
  for (let i = 0; i < 3; i++) await page.keyboard.press("ArrowUp");
  expect(await selectedName(page, "left")).toBe("Housing line");
  await add(page, "p", "OP30 check bearing");
  await settled(page);
  const built = ["1 Housing line", "2 OP20 press bearing", "3 Operator", "3 Press", "2 OP30 check bearing"];
  expect(await rows(page, "left")).toEqual(built);

  // Cut the machine with its characteristic, paste it under the second step; then undo.
  await page.keyboard.press("ArrowUp");
  expect(await selectedName(page, "left")).toBe("Press");
  await page.keyboard.press("Control+x");
  await page.keyboard.press("ArrowDown");
  expect(await selectedName(page, "left")).toBe("OP30 check bearing");
  await page.keyboard.press("Control+v");
  await expect
    .poll(() => rows(page, "left"))
    .toEqual(["1 Housing line", "2 OP20 press bearing", "3 Operator", "2 OP30 check bearing", "3 Press"]);
  expect(await selectedName(page, "left")).toBe("Press");
  expect(await rows(page, "right")).toEqual(["1 Press force"]);
  await settled(page);
  await shot(page, "pfmea-tree-pasted");
  await page.keyboard.press("Control+z");
  await expect.poll(() => rows(page, "left")).toEqual(built);
  await settled(page);

  // Delete asks first: Escape keeps the node (spec 8's "Delete has been cancelled."), the confirm button deletes,
  // undo brings it back.
  await walkTo(page, "Operator");
  const confirm = page.getByTestId("confirm-dialog");
  await page.keyboard.press("Delete");
  await expect(confirm).toContainText("Operator");
  await page.keyboard.press("Escape");
  await expect(confirm).toBeHidden();
  await expect(page.getByTestId("message")).toContainText("Delete has been cancelled.");
  expect(await rows(page, "left")).toEqual(built);
  await expect(page.locator("[data-fmea-pane=left]")).toBeFocused();
  await page.keyboard.press("Delete");
  await expect(confirm.getByRole("button", { name: "Cancel" })).toBeFocused();
  await page.keyboard.press("Tab");
  await page.keyboard.press("Enter");
  await expect(confirm).toBeHidden();
  await expect
    .poll(() => rows(page, "left"))
    .toEqual(["1 Housing line", "2 OP20 press bearing", "3 Press", "2 OP30 check bearing"]);
  await settled(page);
  await expect(page.locator("[data-fmea-pane=left]")).toBeFocused();
  await page.keyboard.press("Control+z");
  await expect.poll(() => rows(page, "left")).toEqual(built);
  await settled(page);

  // A counselor, listed on the PFMEA, renames the second step from another browser while the compiler renames
  // the first: both kept, each seen by the other without a reload and after one.
  const fmeaId = Number(new URL(page.url().replace("#", "")).searchParams.get("fmeaId"));
  const counselorName = uniqueName("pcouns");
  await createReadyUser(request, counselorName, ["counselor"], PASSWORD);
  const visitorName = uniqueName("pvisit");
  await createReadyUser(request, visitorName, ["visitor"], PASSWORD);
  // The compiler lists them on the basic info tab: a name no user has is refused at its field, then both saved.
  await page.getByRole("link", { name: "Basic info" }).focus();
  await page.keyboard.press("Enter");
  await expectRoute(page, "/pdashboard");
  await expect(page.getByLabel("Company")).toBeFocused();
  // The record's own fields too: its name (the top bar's) and its object.
  await page.getByLabel("FMEA name").focus();
  await page.keyboard.press("Control+a");
  await page.keyboard.type("Housing line PFMEA");
  await page.getByLabel("Object name").focus();
  await page.keyboard.type("Bearing housing");
  const team = page.getByLabel("Counselors (user names, comma separated)");
  await team.focus();
  await page.keyboard.type(`${counselorName}, nobody-${counselorName}`);
  await page.keyboard.press("Control+s");
  await expect(page.getByText(`No user is called “nobody-${counselorName}”.`).first()).toBeVisible();
  await team.focus();
  await page.keyboard.press("Control+a");
  await page.keyboard.type(`${counselorName}; ${visitorName.toUpperCase()}`);
  await page.keyboard.press("Control+s");
  await expect(page.getByText("Planning header saved.")).toBeVisible();
  await expect(team).toHaveValue(`${counselorName}, ${visitorName}`);
  await expect(page.locator(".fmea-title")).toHaveText("Housing line PFMEA");
  await expect(page.getByLabel("Object name")).toHaveValue("Bearing housing");
  await shot(page, "pfmea-dashboard-counselors");
  await page.getByRole("link", { name: "Structure tree" }).focus();
  await page.keyboard.press("Enter");
  await expectRoute(page, "/pFmeaTree");
  await expect(page.locator("[data-fmea-pane=left]")).toBeFocused();
  await expect.poll(() => rows(page, "left")).toEqual(built);
  const other = await browser.newContext();
  const second = await other.newPage();
  await second.goto("/");
  await keyboardLogin(second, counselorName, PASSWORD);
  await expectRoute(second, "/statistic/index");
  await second.goto(`/#/pFmeaTree?fmeaId=${fmeaId}`);
  await expect(second.locator("[data-fmea-pane=left]")).toBeFocused();
  await expect.poll(() => rows(second, "left")).toEqual(built);
  // Listed, the counselor reads the FMEA's record though not in the compiler's department: its name on top.
  await expect(second.locator(".fmea-title")).toHaveText(
    (await page.locator(".fmea-title").textContent()) ?? "",
  );
  await walkTo(second, "OP30 check bearing");
  await walkTo(page, "OP20 press bearing");
  await Promise.all([page.keyboard.press("Enter"), second.keyboard.press("Enter")]);
  await Promise.all([page.keyboard.type("OP20 press"), second.keyboard.type("OP30 gauge")]);
  await Promise.all([page.keyboard.press("Enter"), second.keyboard.press("Enter")]);
  await settled(page);
  await settled(second);
  const both = ["1 Housing line", "2 OP20 press", "3 Operator", "3 Press", "2 OP30 gauge"];
  await expect.poll(() => rows(page, "left"), { timeout: 10_000 }).toEqual(both);
  await expect.poll(() => rows(second, "left"), { timeout: 10_000 }).toEqual(both);
  await shot(second, "pfmea-tree-counselor");
  await page.reload();
  await expect.poll(() => rows(page, "left")).toEqual(both);
  await other.close();

  // A visitor listed on it reads it: the tree says so, offers no edit (no buttons; S and Enter do nothing).
  const third = await browser.newContext();
  const reader = await third.newPage();
  await reader.goto("/");
  await keyboardLogin(reader, visitorName, PASSWORD);
  await expectRoute(reader, "/statistic/index");
  await reader.goto(`/#/pFmeaTree?fmeaId=${fmeaId}`);
  await expect(reader.locator("[data-fmea-pane=left]")).toBeFocused();
  await expect.poll(() => rows(reader, "left")).toEqual(both);
  await expect(reader.getByTestId("fmea-read-only")).toHaveText(
    "Only the FMEA's compiler and its counselors can edit its nodes.",
  );
  await expect(reader.getByRole("button", { name: "Add root" })).toHaveCount(0);
  await reader.keyboard.press("s");
  await reader.keyboard.press("Enter");
  await expect(reader.locator(".fmea-name-input")).toHaveCount(0);
  expect(await rows(reader, "left")).toEqual(both);
  await expect(reader.getByTestId("fmea-tree")).toHaveAttribute("data-pending", "0");
  await shot(reader, "pfmea-tree-reader");
  await third.close();

  expect(await pointerEvents(page)).toBe(0);
  expect(errors).toEqual([]);
});
