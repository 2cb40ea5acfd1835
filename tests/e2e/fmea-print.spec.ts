// Issue 18, the management summary as a printable page (AIAG-VDA step 7): on paper the summary is whole, over
// as many pages as it needs, without the app's frame; before, the frame that scrolls on screen cut it off
// after one screenful. The high-severity list says how many it leaves out. The FMEA is stored through REST;
// the screen is reached by keys.
import { expect, test } from "@playwright/test";
import { createFmea, fmeaOps, tokenOf } from "./support/fmea.ts";
import { signInNewOwner } from "./support/shell.ts";

const PASSWORD = "Fmea#2026x";
const CHAINS = 30;
const OWNERS = 12;

test("the management summary prints whole, on pages of its own, without the app's frame", async ({
  page,
  request,
}, info) => {
  test.setTimeout(180_000);
  const errors = await signInNewOwner(page, request, "fmprint", PASSWORD);
  const token = await tokenOf(page);
  const { add, link } = fmeaOps();
  const ops: unknown[] = [
    add("sys", null, "stru", "E-bike", "system"),
    add("fSys", "sys", "func", "Move rider"),
    add("drive", "sys", "stru", "Drive", "subsystem"),
    add("fDrive", "drive", "func", "Deliver torque"),
    add("motor", "drive", "stru", "Motor", "component"),
    add("fMotor", "motor", "func", "Convert power"),
  ];
  // Thirty chains of S 9 (the high-severity list), twelve open actions of twelve owners.
  for (let i = 0; i < CHAINS; i++) {
    ops.push(add(`fe${i}`, "fSys", "fail", `Effect ${i}`, null, { assessments: { severity: 9 } }));
    ops.push(add(`fm${i}`, "fDrive", "fail", `Mode ${i}`));
    ops.push(
      add(`fc${i}`, "fMotor", "fail", `Cause ${i}`, null, { assessments: { occurrence: 5, detection: 5 } }),
    );
    ops.push(link(`a${i}`, `fe${i}`, `fm${i}`), link(`b${i}`, `fm${i}`, `fc${i}`));
    if (i < OWNERS)
      ops.push(
        add(`act${i}`, `fc${i}`, "optMeas", `Action ${i}`, null, {
          status: { actionType: "prevention", status: "open" },
          responsible: { responsiblePeople: `Owner ${String(i).padStart(2, "0")}`, targetDate: "2027-01-15" },
        }),
      );
  }
  const id = await createFmea(request, token, "design", "Printed DFMEA", ops);
  await page.goto(`/#/fmeaTable?fmeaId=${id}`);
  await expect(page.getByTestId("fmea-table-count")).toHaveText(`${CHAINS} of ${CHAINS} lines`);
  await page.keyboard.press("Alt+Shift+S");
  const summary = page.getByTestId("fmea-summary");
  await expect(summary).toBeVisible();
  await expect(page.getByTestId("summary-ap-H")).toHaveText(String(CHAINS));
  // The page lists 25 of the 30 high-severity chains and says so.
  await expect(page.getByTestId("summary-high-more")).toHaveText(
    '25 of 30 shown; the form lists them all with the filter "S at least" 9.',
  );
  const owners = page.getByTestId("summary-owners");
  await expect(owners.locator("tbody tr")).toHaveCount(OWNERS);

  await page.emulateMedia({ media: "print" });
  // The frame, tabs and buttons are not printed; the summary is.
  for (const chrome of [".sidebar", ".fmea-navbar", ".tags-view", ".fmea-modes", ".screen-header"])
    await expect(page.locator(chrome).first()).toBeHidden();
  await expect(summary).toBeVisible();
  // Nothing around the summary cuts it off: every box that clips reaches below the summary's last line.
  const cut = await page.evaluate(() => {
    const last = document.querySelector("[data-testid=summary-owners] tbody tr:last-child");
    if (!last) return ["no owners table"];
    const bottom = last.getBoundingClientRect().bottom;
    const out: string[] = [];
    for (let at = last.parentElement; at; at = at.parentElement) {
      const style = getComputedStyle(at);
      if (style.overflowY !== "visible" && at.getBoundingClientRect().bottom < bottom)
        out.push(`${at.tagName}.${at.className}`);
    }
    return out;
  });
  expect(cut).toEqual([]);
  await page.screenshot({ path: "test-results/screenshots/fmea-summary-print.png", fullPage: true });
  // On paper: more than one page (thirty lines of S 9 and twelve owners do not fit on one).
  const pdf = await page.pdf({ format: "A4" });
  const pages = pdf.toString("latin1").match(/\/Type\s*\/Page[^s]/g)?.length ?? 0;
  await info.attach("summary.pdf", { body: pdf, contentType: "application/pdf" });
  expect(pages).toBeGreaterThan(1);
  await page.emulateMedia({ media: "screen" });
  await expect(page.locator(".fmea-modes")).toBeVisible();
  expect(errors).toEqual([]);
});
