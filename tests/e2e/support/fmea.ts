// What the FMEA specs share: the REST operations that store an FMEA's nodes and links (the tree screens that
// build one by keyboard are fmea.spec.ts), the signed-in user's token, and the risk table's keys.
import { type APIRequestContext, expect, type Page } from "@playwright/test";
import { api } from "./shell.ts";

export type Op = Record<string, unknown>;

/** Builders of add and link operations; `ord` counts up from 0 in the order the nodes are added. */
export function fmeaOps() {
  let ord = 0;
  return {
    add: (
      id: string,
      parentId: string | null,
      kind: string,
      name: string,
      elementType: string | null = null,
      attrs: Record<string, unknown> = {},
    ): Op => ({
      op: "add",
      node: { id, parentId, kind, elementType, name, ord: ord++, hidden: false, attrs },
    }),
    link: (id: string, from: string, to: string, kind: "failure" | "function" = "failure"): Op => ({
      op: "link",
      link: { id, kind, from, to },
    }),
  };
}

/** The signed-in user's token, from the app's cookie. */
export async function tokenOf(page: Page): Promise<string> {
  return page.evaluate(() => decodeURIComponent(document.cookie.match(/Admin-Token=([^;]+)/)?.[1] ?? ""));
}

/** A new DFMEA (design) or PFMEA (process) stored with its operations, 5,000 a request; its id. */
export async function createFmea(
  request: APIRequestContext,
  token: string,
  variant: "design" | "process",
  name: string,
  ops: readonly unknown[],
): Promise<number> {
  const base = variant === "design" ? "/edfe/analyses" : "/epfe/analyses";
  const created = await api<{ id: number }>(request, token, "POST", base, { name, body: {} });
  for (let i = 0; i < ops.length; i += 5000)
    await api(request, token, "POST", `${base}/${created.id}/ops`, { ops: ops.slice(i, i + 5000) });
  return created.id;
}

/** A cell of the risk table's form. */
export const formCell = (page: Page, row: number, key: string) =>
  page.locator(`.fmea-form-sheet .ag-row[row-index="${row}"] .ag-cell[col-id="${key}"]`);

/** Every edit sent and answered. */
export async function settled(page: Page) {
  await expect(page.getByTestId("fmea-table")).toHaveAttribute("data-pending", "0");
}

export async function press(page: Page, key: string, times = 1) {
  for (let i = 0; i < times; i++) await page.keyboard.press(key);
}

/** Types into the focused cell and commits (the cursor then moves down a line). */
export async function enter(page: Page, text: string) {
  await page.keyboard.type(text);
  await page.keyboard.press("Enter");
}
