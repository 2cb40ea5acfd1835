// Helpers of the eFTA end-to-end tests: the selection in the tree, attribute entry by keyboard, the CLI's
// answer for an exported file, the cut sets the grid shows.
import { execFileSync } from "node:child_process";
import { resolve } from "node:path";
import { expect, type Page } from "@playwright/test";
import { typeInto } from "./shell.ts";

/** The occurrence selected in the tree (the viewport's active descendant). */
export async function selectedNode(page: Page): Promise<string | null> {
  return page.getByTestId("fta-canvas").evaluate((el) => {
    const id = el.getAttribute("aria-activedescendant");
    return id ? (document.getElementById(id)?.getAttribute("data-node-id") ?? null) : null;
  });
}

export async function expectTreeFocused(page: Page) {
  await expect(page.getByTestId("fta-canvas")).toBeFocused();
}

export async function expectSelected(page: Page, id: string) {
  await expect.poll(() => selectedNode(page)).toBe(id);
}

/** Enter opens the attributes on the code; set code and name, and optionally the distribution and p1, p2. */
export async function setAttributes(
  page: Page,
  fields: { code: string; name?: string; distribution?: string; p?: string[] },
) {
  const panel = page.getByTestId("fta-attributes");
  await page.keyboard.press("Enter");
  await expect(panel.locator("input[name=code]")).toBeFocused();
  await typeInto(page, fields.code);
  await page.keyboard.press("Tab");
  await expect(panel.locator("input[name=name]")).toBeFocused();
  if (fields.name) await typeInto(page, fields.name);
  if (fields.distribution || fields.p) {
    await page.keyboard.press("Tab"); // remark
    await page.keyboard.press("Tab"); // type
    await page.keyboard.press("Tab");
    await expect(panel.locator("select[name=distribution]")).toBeFocused();
    if (fields.distribution) await page.keyboard.type(fields.distribution);
    for (const [i, value] of (fields.p ?? []).entries()) {
      await page.keyboard.press("Tab");
      await expect(panel.locator(`input[name=p${i + 1}]`)).toBeFocused();
      await typeInto(page, value);
    }
  }
  await page.keyboard.press("Enter");
  await page.keyboard.press("Escape");
  await expectTreeFocused(page);
}

export interface CliAnswer {
  top: string;
  cutSets: { count: number; byOrder: Record<string, number>; list: string[][] };
  probability: { exact: number; rareEvent: number; mcub: number };
}

/** `relbench fta FILE --json [--list]` of this checkout (RELBENCH_ROOT: another one, the one the server runs). */
export function cli(file: string, list = true): CliAnswer {
  const root = process.env.RELBENCH_ROOT ?? ".";
  const args = [`${root}/bin/relbench.mjs`, "fta", resolve(file), "--json", ...(list ? ["--list"] : [])];
  return JSON.parse(execFileSync(process.execPath, args, { encoding: "utf8", maxBuffer: 256 * 1024 * 1024 }));
}

/** The cut sets the grid shows, each as sorted event codes, sorted. */
export async function gridCutSets(page: Page): Promise<string[][]> {
  const cells = page.getByTestId("fta-cutsets").locator(".ag-row [col-id=events]");
  const texts = await cells.allTextContents();
  return texts.map((t) => t.split(" · ").sort()).sort((a, b) => a.join().localeCompare(b.join()));
}
