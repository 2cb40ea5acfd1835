// Issue 8's figure: build a 2-of-3 diagram with a mirror in the eRBD editor by keyboard alone, analyse it,
// and see on screen the exact value `relbench rbd <exported file> --json` gives for the exported model;
// then simulate (points beside the exact curve, within 4 standard errors), cancel a long run, export the
// results as xlsx, save through /api/rbd and load the diagram back. Against the production build and the
// real server; no pointer event during the whole build.
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync } from "node:fs";
import * as XLSX from "@e965/xlsx";
import { expect, type Page, test } from "@playwright/test";
import {
  expectRoute,
  pointerEvents,
  runFromPalette,
  shot,
  signInNewOwner,
  typeInto,
} from "./support/shell.ts";

const OUT = "test-results/rbd-e2e";

/** The block selected on the canvas (the viewport's active descendant). */
async function selectedBlock(page: Page): Promise<string | null> {
  return page.getByTestId("rbd-canvas").evaluate((el) => {
    const id = el.getAttribute("aria-activedescendant");
    return id ? (document.getElementById(id)?.getAttribute("data-node-id") ?? null) : null;
  });
}

async function expectCanvasFocused(page: Page) {
  await expect(page.getByTestId("rbd-canvas")).toBeFocused();
}

/** Picks a block by name through the palette's "Select a block…" page (Ctrl+G). */
async function selectByPalette(page: Page, name: string) {
  await page.keyboard.press("Control+g");
  await expect(page.getByTestId("palette-page")).toBeVisible();
  await page.keyboard.type(name);
  await expect(page.locator("[cmdk-item][data-selected=true]")).toHaveText(new RegExp(`^${name}\\b`));
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("command-palette")).toBeHidden();
  await expect.poll(() => selectedBlock(page)).toBe(name);
  await expectCanvasFocused(page);
}

function cli(file: string): {
  reliability: { exact: number };
  mttf: { exact?: number };
  importance: unknown[];
} {
  return JSON.parse(
    execFileSync(process.execPath, ["bin/relbench.mjs", "rbd", file, "--json"], { encoding: "utf8" }),
  );
}

test("eRBD: a 2-of-3 diagram with a mirror, built by keyboard alone, gives the CLI's exact value", async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  mkdirSync(OUT, { recursive: true });
  const errors = await signInNewOwner(page, request, "rbd", "Blocks#2026");
  await runFromPalette(page, "rbd analysis", "Go to RBD analysis");
  await expectRoute(page, "/rbd/analysis/index");
  const editor = page.getByTestId("rbd-editor");
  await expect(editor).toBeVisible();
  await expectCanvasFocused(page);
  await expect.poll(() => selectedBlock(page)).toBe("B1");
  const status = page.getByTestId("rbd-status");
  const panel = page.getByTestId("rbd-panel");

  // Three components in parallel, gathered by a KN node with k = 2
  await page.keyboard.press("p");
  await expect.poll(() => selectedBlock(page)).toBe("B2");
  await page.keyboard.press("p");
  await expect.poll(() => selectedBlock(page)).toBe("B3");
  await page.keyboard.press("k");
  await expect.poll(() => selectedBlock(page)).toBe("K1");
  await expect(page.locator("[data-node-id=K1]")).toContainText("1/3");
  await page.keyboard.press("Enter"); // edit: the panel's first field
  await expect(panel.locator("input[name=blockName]")).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(panel.locator("input[name=k]")).toBeFocused();
  await typeInto(page, "4");
  await expect(panel).toContainText(
    "k must be a whole number between 1 and 3, the number of incoming branches.",
  );
  await typeInto(page, "2");
  await expect(panel).not.toContainText("k must be a whole number");
  await page.keyboard.press("Escape");
  await expectCanvasFocused(page);
  await expect(page.locator("[data-node-id=K1]")).toContainText("2/3");

  // D after the KN node, then a mirror of B1 beside D: B1 becomes a host
  await page.keyboard.press("a");
  await expect.poll(() => selectedBlock(page)).toBe("B4");
  await selectByPalette(page, "B1");
  await page.keyboard.press("m");
  await expect(status).toContainText("Mirror of B1");
  await shot(page, "rbd-placing-mirror");
  await selectByPalette(page, "B4");
  await page.keyboard.press("p");
  await expect.poll(() => selectedBlock(page)).toBe("M1");
  await expect(page.locator("[data-node-id=B1]")).toContainText("×2");
  await expect(panel.getByTestId("rbd-mirror-of")).toContainText("B1");
  await expect(panel.getByTestId("rbd-appearances")).toContainText("B1");

  // Lives: B2 a Weibull, the others exponential with their own rates; a mirror edits its original
  const lives: Array<[string, "exponential" | "weibull2p", string[]]> = [
    ["B1", "exponential", ["0.001"]],
    ["B2", "weibull2p", ["1.5", "800"]],
    ["B3", "exponential", ["0.0015"]],
    ["B4", "exponential", ["0.0005"]],
  ];
  for (const [name, type, values] of lives) {
    await selectByPalette(page, name);
    await page.keyboard.press("Enter");
    await expect(panel.locator("input[name=blockName]")).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(panel.locator("select[name=distribution]")).toBeFocused();
    if (type === "weibull2p") {
      await page.keyboard.type("Weibull-2");
      await expect(panel.locator("select[name=distribution]")).toHaveValue("weibull2p");
    }
    for (const [i, value] of values.entries()) {
      await page.keyboard.press("Tab");
      await expect(panel.locator(`input[name=p${i + 1}]`)).toBeFocused();
      await typeInto(page, value);
    }
    await page.keyboard.press("Escape");
    await expectCanvasFocused(page);
  }
  // The spec's message for a probability out of range, and back
  await selectByPalette(page, "B3");
  await page.keyboard.press("Enter");
  await page.keyboard.press("Tab");
  await page.keyboard.type("Fixed");
  await expect(panel.locator("select[name=distribution]")).toHaveValue("fixed");
  await page.keyboard.press("Tab");
  await typeInto(page, "1.5");
  // The failure model's message, the same in eFTA
  await expect(panel).toContainText("P must be greater than 0 and less than 1.");
  await panel.screenshot({ path: "test-results/screenshots/rbd-attributes-fixed.png" });
  await page.keyboard.press("Escape");
  await expectCanvasFocused(page);
  await page.keyboard.press("Control+z"); // the probability
  await page.keyboard.press("Control+z"); // the switch to fixed
  await expect(page.locator("[data-node-id=B3]")).toContainText("λ=0.0015");

  // The mission time: 200
  await page.keyboard.press("Alt+t");
  await expect(panel.locator("input[name=missionTime]")).toBeFocused();
  await typeInto(page, "0");
  await expect(panel).toContainText("Value must be a number greater than 0.");
  await typeInto(page, "200");
  await page.keyboard.press("Escape");
  await expectCanvasFocused(page);
  await page.keyboard.press("0"); // fit
  expect(await pointerEvents(page)).toBe(0);
  await shot(page, "rbd-built");

  // Analyse
  await page.keyboard.press("Control+Enter");
  const exactValue = page.getByTestId("rbd-exact-reliability-value");
  await expect(exactValue).not.toHaveText("—");
  const shown = Number(await exactValue.textContent());
  const rA = Math.exp(-0.001 * 200);
  const rB = Math.exp(-((200 / 800) ** 1.5));
  const rC = Math.exp(-0.0015 * 200);
  const rD = Math.exp(-0.0005 * 200);
  // Condition on A (shown twice): A works → one of B, C is enough; A fails → B, C and D must all work.
  const closedForm = rA * (1 - (1 - rB) * (1 - rC)) + (1 - rA) * rB * rC * rD;
  expect(Math.abs(shown - closedForm), `${shown} vs ${closedForm}`).toBeLessThan(1e-14);
  await expect(page.getByTestId("rbd-reliability-chart").locator("svg")).toBeVisible();
  await expect(page.getByTestId("rbd-importance-chart").locator("svg")).toBeVisible();

  // Export the model; the CLI reads it and answers the same digits
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.keyboard.press("Control+Shift+e"),
  ]);
  const modelFile = `${OUT}/model.json`;
  await download.saveAs(modelFile);
  const exported = JSON.parse(readFileSync(modelFile, "utf8"));
  expect(exported.missionTime).toBe(200);
  expect(exported.blocks.find((b: { id: string }) => b.id === "M1")).toMatchObject({
    kind: "mirror",
    of: "B1",
  });
  const answer = cli(modelFile);
  await expect(exactValue).toHaveText(String(answer.reliability.exact));
  await expect(page.getByTestId("rbd-exact-mttf-value")).toHaveText(String(answer.mttf.exact));
  test.info().annotations.push({
    type: "rbd-exact",
    description: `screen ${await exactValue.textContent()}, CLI ${answer.reliability.exact}, closed form ${closedForm}`,
  });

  // Simulate: points with error bars beside the exact curve, within 4 standard errors of it
  await page.keyboard.press("Control+Shift+Enter");
  const simulated = page.getByTestId("rbd-simulated-reliability");
  await expect(simulated).toBeVisible({ timeout: 120_000 });
  const detail = (await simulated.textContent()) ?? "";
  const r = Number((await page.getByTestId("rbd-simulated-reliability-value").textContent()) ?? Number.NaN);
  const se = Number(/± ([0-9.e-]+)/.exec(detail)?.[1]);
  expect(Math.abs(r - answer.reliability.exact), `${r} ± ${se} vs ${answer.reliability.exact}`).toBeLessThan(
    4 * se,
  );
  await expect(page.getByTestId("rbd-simulation-run")).toContainText("100,000 trials");
  await expectCanvasFocused(page);
  await shot(page, "rbd-analysed");
  await page.getByTestId("rbd-results").screenshot({ path: "test-results/screenshots/rbd-results.png" });

  // A long run shows its progress and is cancelled from the keyboard
  await page.keyboard.press("Alt+t");
  await expect(panel.locator("input[name=missionTime]")).toBeFocused();
  for (let i = 0; i < 3; i++) await page.keyboard.press("Tab"); // current age, warranty life, trials
  await expect(panel.locator("input[name=trials]")).toBeFocused();
  await typeInto(page, "100000000");
  await page.keyboard.press("Escape");
  await page.keyboard.press("Control+Shift+Enter");
  const bar = page.getByTestId("rbd-progress");
  await expect(bar).toContainText("Simulating");
  await expect
    .poll(async () => Number(await bar.locator("progress").getAttribute("value")), { timeout: 60_000 })
    .toBeGreaterThan(0);
  await shot(page, "rbd-simulating");
  await page.keyboard.press("Control+Period");
  await expect(bar).toBeHidden();
  await expect(page.getByTestId("message")).toContainText("The analysis was cancelled.");
  // the finished simulation is still the one shown
  await expect(page.getByTestId("rbd-simulation-run")).toContainText("100,000 trials");

  // Results as xlsx: the summary holds the exact value
  const [xlsxDownload] = await Promise.all([
    page.waitForEvent("download"),
    page.keyboard.press("Control+Shift+x"),
  ]);
  const xlsxFile = `${OUT}/results.xlsx`;
  await xlsxDownload.saveAs(xlsxFile);
  const book = XLSX.read(readFileSync(xlsxFile));
  expect(book.SheetNames).toEqual([
    "Summary",
    "Exact curve",
    "Simulated points",
    "Importance",
    "System life",
  ]);
  const summary = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets.Summary, { header: 1 });
  const first = summary.find((row) => String(row[0]).startsWith("Reliability at 200"));
  expect(first?.[1]).toBe(answer.reliability.exact);

  // Undo and redo a structural edit
  const blocks = () => page.locator("[data-testid=rbd-canvas] [data-node-id]").count();
  const before = await blocks();
  await page.keyboard.press("a");
  await expect.poll(blocks).toBe(before + 1);
  await page.keyboard.press("Control+z");
  await expect.poll(blocks).toBe(before);
  await page.keyboard.press("Control+Shift+z");
  await expect.poll(blocks).toBe(before + 1);
  await page.keyboard.press("Control+z");
  await expect.poll(blocks).toBe(before);

  // Save through /api/rbd; the address names the stored diagram; a reload brings it back
  await page.keyboard.press("Control+s");
  await expect(page.getByTestId("message")).toContainText("Saved");
  await expect(page.getByTestId("rbd-dirty")).toHaveCount(0);
  await expect.poll(() => page.evaluate(() => location.hash)).toMatch(/[?&]id=\d+/);
  expect(await pointerEvents(page)).toBe(0);
  await page.reload();
  await expect(page.locator("[data-node-id=M1]")).toBeVisible();
  await expect(page.locator("[data-node-id=K1]")).toContainText("2/3");
  // with the results it was saved with, unasked: the simulation as it was, the exact values again
  await expect(page.getByTestId("rbd-exact-reliability-value")).toHaveText(String(answer.reliability.exact));
  await expect(page.getByTestId("rbd-simulated-reliability-value")).toHaveText(String(r));
  await expect(page.getByTestId("rbd-simulated-reliability")).toContainText(detail);
  await expect(page.getByTestId("rbd-simulation-run")).toContainText("100,000 trials");
  await expect(page.locator(".rbd-stale")).toHaveCount(0);
  await shot(page, "rbd-reopened");

  // The list at /rbd shows it
  await runFromPalette(page, "erbd", "Go to eRBD");
  await expectRoute(page, "/rbd");
  await expect(page.getByTestId("rbd-list-table")).toContainText("Block diagram");
  await shot(page, "rbd-list");
  // Copy it, then delete the copy to the recycle bin after the confirmation
  const rows = page.getByTestId("rbd-list-table").locator("tbody tr");
  await expect(rows).toHaveCount(1);
  await rows.first().getByRole("button", { name: "Copy" }).click();
  await expect(rows).toHaveCount(2);
  const copyRow = rows.filter({ hasText: "Block diagram (copy)" });
  await copyRow.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByTestId("confirm-dialog")).toContainText("Block diagram (copy)");
  await page.getByTestId("confirm-dialog").getByRole("button", { name: "Confirm" }).click();
  await expect(rows).toHaveCount(1);
  expect(errors).toEqual([]);
});

test("eRBD: sub-diagram, connect, disconnect, move and delete by keyboard; the exported model is what was built", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  mkdirSync(OUT, { recursive: true });
  await signInNewOwner(page, request, "rbs", "Blocks#2026");
  await runFromPalette(page, "rbd analysis", "Go to RBD analysis");
  await expectCanvasFocused(page);
  await expect.poll(() => selectedBlock(page)).toBe("B1");
  const path = page.getByTestId("rbd-path");
  const status = page.getByTestId("rbd-status");

  // A sub-diagram after B1, opened with Enter: two blocks in parallel inside; Escape goes back up
  await page.keyboard.press("s");
  await expect.poll(() => selectedBlock(page)).toBe("S1");
  await page.keyboard.press("Enter");
  await expect(path).toContainText("S1");
  await expect.poll(() => selectedBlock(page)).toBe("B2");
  await page.keyboard.press("p");
  await expect.poll(() => selectedBlock(page)).toBe("B3");
  await shot(page, "rbd-subdiagram");
  await page.keyboard.press("Escape");
  await expect(path).not.toContainText("S1");
  await expect.poll(() => selectedBlock(page)).toBe("S1");
  await expect(page.locator("[data-node-id=S1]")).toContainText("2 blocks");

  // B4 after the sub-diagram; connect B1 straight to B4 (a bypass), then disconnect it again
  await page.keyboard.press("a");
  await expect.poll(() => selectedBlock(page)).toBe("B4");
  await selectByPalette(page, "B1");
  await page.keyboard.press("c");
  await expect(status).toContainText("Connecting from B1");
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  await expect.poll(() => selectedBlock(page)).toBe("B4");
  await page.keyboard.press("Enter");
  await expect(status).toContainText("Arrows select");
  const edges = () => page.locator("[data-testid=rbd-canvas] .graph-edge").count();
  await expect.poll(edges).toBe(5);
  await page.keyboard.press("c"); // B1 → B4 again: refused, already connected
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("Enter");
  await expect(status).toContainText("These blocks are already connected.");
  await page.keyboard.press("Escape");
  await page.keyboard.press("d");
  await expect(status).toContainText("Disconnecting B1");
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("Enter");
  await expect.poll(edges).toBe(4);

  // Move B4 down three steps and keep it; move it again and put it back with Escape
  await selectByPalette(page, "B4");
  const y = () =>
    page
      .locator("[data-node-id=B4]")
      .evaluate((g) => Number(/,([-0-9.]+)\)/.exec(g.getAttribute("transform") ?? "")?.[1]));
  const y0 = await y();
  await page.keyboard.press("g");
  await expect(status).toContainText("Moving");
  for (let i = 0; i < 3; i++) await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Enter");
  await expect.poll(y).toBe(y0 + 36);
  await page.keyboard.press("g");
  await page.keyboard.press("ArrowUp");
  await expect.poll(y).toBe(y0 + 24);
  await page.keyboard.press("Escape");
  await expect.poll(y).toBe(y0 + 36);

  // Delete B4: the sub-diagram now leads to end
  await page.keyboard.press("Delete");
  await expect(page.locator("[data-node-id=B4]")).toHaveCount(0);
  await expect.poll(() => selectedBlock(page)).toBe("S1");
  expect(await pointerEvents(page)).toBe(0);

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.keyboard.press("Control+Shift+e"),
  ]);
  const file = `${OUT}/subdiagram.json`;
  await download.saveAs(file);
  const model = JSON.parse(readFileSync(file, "utf8"));
  expect(model.edges).toEqual([
    ["start", "B1"],
    ["B1", "S1"],
    ["S1", "end"],
  ]);
  const sub = model.blocks.find((b: { id: string }) => b.id === "S1");
  expect(sub.diagram.blocks.map((b: { id: string }) => b.id)).toEqual(["B2", "B3"]);
  const r = Math.exp(-0.001 * 100);
  const answer = cli(file);
  expect(Math.abs(answer.reliability.exact - r * (1 - (1 - r) ** 2))).toBeLessThan(1e-14);
  await page.keyboard.press("Control+Enter");
  await expect(page.getByTestId("rbd-exact-reliability-value")).toHaveText(String(answer.reliability.exact));

  // Current age and warranty life: conditional reliability and reliability at the warranty life, as the CLI
  const panel = page.getByTestId("rbd-panel");
  await page.keyboard.press("Alt+t");
  await expect(panel.locator("input[name=missionTime]")).toBeFocused();
  await page.keyboard.press("Tab");
  await page.keyboard.type("-5");
  await expect(panel).toContainText("Value must be a number greater than or equal to 0.");
  await typeInto(page, "50");
  await page.keyboard.press("Tab");
  await page.keyboard.type("300");
  await page.keyboard.press("Escape");
  await page.keyboard.press("Control+Enter");
  await expect(page.getByTestId("rbd-conditional-value")).not.toHaveText("—");
  const [again] = await Promise.all([page.waitForEvent("download"), page.keyboard.press("Control+Shift+e")]);
  const aged = `${OUT}/subdiagram-aged.json`;
  await again.saveAs(aged);
  const agedAnswer = cli(aged) as unknown as {
    conditionalReliability: { exact: number };
    warrantyReliability: { exact: number };
  };
  await expect(page.getByTestId("rbd-conditional-value")).toHaveText(
    String(agedAnswer.conditionalReliability.exact),
  );
  await expect(page.getByTestId("rbd-warranty-value")).toHaveText(
    String(agedAnswer.warrantyReliability.exact),
  );
  await shot(page, "rbd-conditional");

  // Import a model file as a new diagram (the first export, without age and warranty)
  await runFromPalette(page, "import a model", "Import a model from JSON");
  const confirm = page.getByTestId("confirm-dialog");
  await expect(confirm).toContainText("The changes to Block diagram are not saved. Discard them?");
  await page.keyboard.press("Tab"); // from Cancel to Discard
  const [chooser] = await Promise.all([page.waitForEvent("filechooser"), page.keyboard.press("Enter")]);
  await chooser.setFiles(file);
  await expect(page.getByTestId("message")).toContainText("Opened Block diagram");
  await expect(page.locator("[data-node-id=S1]")).toBeVisible();
  await expect(panel.locator("input[name=currentAge]")).toHaveValue("");
  expect(await pointerEvents(page)).toBe(0);
});
