// The shared data sheet keeps every key typed as a cell editor opens. AG Grid starts an edit on the first key
// and seeds the editor with it; the keys after it must reach the editor, in order (a held key is handed over by
// KeyHold when the editor is not there yet). Here the keys are sent within one task, the worst case made
// certain: each goes to the element that has the keyboard at that moment, and where nothing cancelled its
// keydown, a character or Backspace edits a text field as the browser itself would (a dispatched event has no
// default action of its own).
import { expect, test } from "@playwright/test";
import { ADMIN, expectRoute, keyboardLogin } from "./support/shell.ts";

test("keys typed before the cell editor has opened all reach it, in order, Tab included", async ({
  page,
}) => {
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto(`/#/login?redirect=${encodeURIComponent("/rgt/growthPlan/list")}`);
  await keyboardLogin(page, ADMIN.userName, ADMIN.password);
  await expect(page.getByTestId("growth-list-growthPlan")).toBeVisible({ timeout: 30_000 });
  await page.keyboard.press("Alt+n");
  await expectRoute(page, "/rgt/growthPlan/new");
  const phases = page.getByTestId("growth-phases-sheet");
  const cell = (row: number, col: string) =>
    phases.locator(`.ag-row[row-index="${row}"] .ag-cell[col-id="${col}"]`);
  await cell(0, "name").click();
  await expect(cell(0, "name")).toBeFocused();
  await page.evaluate(() => {
    for (const key of ["P", "1", "a", "Backspace", "Tab", "0", ".", "3", "5", "Enter"]) {
      const target = document.activeElement as HTMLElement;
      const code = key.length === 1 ? `Key${key.toUpperCase()}` : key;
      const event = new KeyboardEvent("keydown", { key, code, bubbles: true, cancelable: true });
      target.dispatchEvent(event);
      if (event.defaultPrevented || !(target instanceof HTMLInputElement)) continue;
      const from = target.selectionStart ?? target.value.length;
      const to = target.selectionEnd ?? from;
      if (key.length === 1) target.setRangeText(key, from, to, "end");
      else if (key === "Backspace")
        target.setRangeText("", from === to ? Math.max(0, from - 1) : from, to, "end");
      else continue;
      const inputType = key === "Backspace" ? "deleteContentBackward" : "insertText";
      target.dispatchEvent(new InputEvent("input", { bubbles: true, inputType }));
    }
  });
  await expect(cell(0, "name")).toHaveText("P1");
  await expect(cell(0, "stageRisk")).toHaveText("0.35");
  await expect(phases).toContainText("Rows: 1");
  expect(errors).toEqual([]);
});

// AG Grid tells the sheet of a focus move a task later (its events wait in a timeout, and the browser runs
// input first): a key right after an arrow must still act on the cell the cursor moved to.
test("a key right after an arrow acts on the cell the cursor moved to", async ({ page }) => {
  await page.goto(`/#/login?redirect=${encodeURIComponent("/rgt/growthPlan/list")}`);
  await keyboardLogin(page, ADMIN.userName, ADMIN.password);
  await expect(page.getByTestId("growth-list-growthPlan")).toBeVisible({ timeout: 30_000 });
  await page.keyboard.press("Alt+n");
  await expectRoute(page, "/rgt/growthPlan/new");
  const phases = page.getByTestId("growth-phases-sheet");
  const cell = (row: number, col: string) =>
    phases.locator(`.ag-row[row-index="${row}"] .ag-cell[col-id="${col}"]`);
  await cell(0, "name").click();
  for (const name of ["A", "B", "C", "D"]) {
    await page.keyboard.type(name);
    await page.keyboard.press("Enter");
  }
  await expect(cell(3, "name")).toHaveText("D");
  await expect(cell(4, "name")).toBeFocused();
  const keys = (list: string[][]) =>
    page.evaluate((list) => {
      for (const [key, shift] of list) {
        const target = document.activeElement as HTMLElement;
        target.dispatchEvent(
          new KeyboardEvent("keydown", {
            key,
            code: key,
            shiftKey: shift === "shift",
            bubbles: true,
            cancelable: true,
          }),
        );
      }
    }, list);
  // Up to D, Delete: D goes, not the empty row below it.
  await keys([["ArrowUp"], ["Delete"]]);
  await expect(cell(3, "name")).toHaveText("");
  await expect(cell(2, "name")).toHaveText("C");
  // Up to B, a block of B and C, Delete: both go, A stays.
  await keys([["ArrowUp"], ["ArrowUp"], ["ArrowDown", "shift"], ["Delete"]]);
  await expect(cell(1, "name")).toHaveText("");
  await expect(cell(2, "name")).toHaveText("");
  await expect(cell(0, "name")).toHaveText("A");
});
