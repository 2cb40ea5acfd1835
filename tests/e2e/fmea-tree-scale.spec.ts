// Issue 17's scale figures on the structure tree screen (measured and reported, never asserted): an FMEA of
// 5,001 structure elements and 19,800 functions, failures and measures (system > 100 subsystems > 49
// components; every element a function and a failure, every component's failure two measures; both nets
// linked between subsystem and component) stored through the REST operations, then opened from another screen
// of the running app (the time to the first row of the structure tree drawn, and the tree request's share),
// and walked by keyboard: each key press's time from the key event to the tree's DOM showing its effect, and
// the main-thread tasks over 50 ms meanwhile (a long-task observer, as in life-400k.spec.ts). The figures go
// to the test's output folder (figures.json) and the log.
import { writeFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { createFmea, tokenOf } from "./support/fmea.ts";
import { tasksBetween, watchLongTasks } from "./support/long-tasks.ts";
import { shot, signInNewOwner } from "./support/shell.ts";

const PASSWORD = "Fmea#2026x";
const SUBSYSTEMS = 100;
const COMPONENTS = 49;

type Op = Record<string, unknown>;

function bigDesign(): Op[] {
  let ord = 0;
  const add = (
    id: string,
    parentId: string | null,
    kind: string,
    name: string,
    elementType: string | null = null,
  ) => ({
    op: "add",
    node: { id, parentId, kind, elementType, name, ord: ord++, hidden: false, attrs: {} },
  });
  const link = (id: string, kind: string, from: string, to: string) => ({
    op: "link",
    link: { id, kind, from, to },
  });
  const ops: Op[] = [add("s", null, "stru", "Vehicle", "system")];
  for (let i = 0; i < SUBSYSTEMS; i++) {
    const sub = `u${i}`;
    ops.push(
      add(sub, "s", "stru", `Subsystem ${i}`, "subsystem"),
      add(`${sub}f`, sub, "func", `Subsystem function ${i}`),
      add(`${sub}m`, `${sub}f`, "fail", `Subsystem failure ${i}`),
    );
    for (let c = 0; c < COMPONENTS; c++) {
      const comp = `${sub}c${c}`;
      ops.push(
        add(comp, sub, "stru", `Component ${i}.${c}`, "component"),
        add(`${comp}f`, comp, "func", `Component function ${i}.${c}`),
        add(`${comp}x`, `${comp}f`, "fail", `Component failure ${i}.${c}`),
        add(`${comp}p`, `${comp}x`, "preMeas", `Prevention ${i}.${c}`),
        add(`${comp}d`, `${comp}x`, "findMeas", `Detection ${i}.${c}`),
        link(`${comp}lf`, "function", `${sub}f`, `${comp}f`),
        link(`${comp}lx`, "failure", `${sub}m`, `${comp}x`),
      );
    }
  }
  return ops;
}

// Playwright's trace would take a DOM snapshot on the main thread at every key press.
test.use({ trace: "off" });

test("5,001 structure elements: opening the tree and key presses in it (measured)", async ({
  page,
  request,
}, info) => {
  test.setTimeout(600_000);
  await page.setViewportSize({ width: 1600, height: 1000 });
  await watchLongTasks(page);
  await signInNewOwner(page, request, "fm5k", PASSWORD);
  const ops = bigDesign();
  const nodes = ops.filter((o) => o.op === "add").length;
  const structure = 1 + SUBSYSTEMS * (1 + COMPONENTS);
  const seeded = Date.now();
  const id = await createFmea(request, await tokenOf(page), "design", "FMEA 5k", ops);
  const seedMs = Date.now() - seeded;

  // Open it from the statistics screen the sign-in left us on: to the first row of the structure tree.
  const open = await page.evaluate(async (fmeaId) => {
    const start = performance.now();
    location.hash = `#/fmeaTree?fmeaId=${fmeaId}`;
    const firstRow = await new Promise<number>((resolve) => {
      const check = () => {
        if (document.querySelector('[data-fmea-pane="left"] [role=treeitem]'))
          resolve(performance.now() - start);
        else requestAnimationFrame(check);
      };
      check();
    });
    const tree = performance
      .getEntriesByType("resource")
      .filter((e) => e.name.includes(`/analyses/${fmeaId}/tree`))
      .at(-1) as PerformanceResourceTiming | undefined;
    return {
      firstRowMs: firstRow,
      treeRequestMs: tree ? tree.responseEnd - tree.startTime : null,
      treeBytes: tree ? tree.encodedBodySize : null,
      start,
    };
  }, id);
  const left = page.locator("[data-fmea-pane=left]");
  await expect(left).toBeFocused({ timeout: 60_000 });
  const openLong = await tasksBetween(page, open.start);
  const drawnRows = await left.locator("[role=treeitem]").count();

  // Each key: from the key event to the tree's DOM showing it (the selection or an opened/closed node).
  await page.evaluate(() => {
    const w = window as unknown as {
      __keys: Array<{ key: string; ms: number }>;
      __pending: { key: string; t0: number } | null;
    };
    w.__keys = [];
    w.__pending = null;
    window.addEventListener(
      "keydown",
      (e) => {
        w.__pending = { key: e.key, t0: e.timeStamp };
      },
      { capture: true },
    );
    new MutationObserver(() => {
      const p = w.__pending;
      if (!p) return;
      w.__keys.push({ key: p.key, ms: performance.now() - p.t0 });
      w.__pending = null;
    }).observe(document.querySelector('[data-testid="fmea-tree"]') as Element, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ["aria-selected", "aria-expanded", "aria-activedescendant"],
    });
  });
  const keysStart = await page.evaluate(() => performance.now());
  let pressed = 0;
  const press = async (key: string, times = 1) => {
    for (let i = 0; i < times; i++) {
      await page.keyboard.press(key);
      pressed++;
      await page.waitForFunction(
        (n) => (window as unknown as { __keys: unknown[] }).__keys.length >= n,
        pressed,
        { polling: "raf" },
      );
    }
  };
  await press("ArrowDown", 60); // into the first subsystem's components and on to the second subsystem
  await press("ArrowLeft"); // to the second subsystem
  await press("ArrowLeft"); // close it: 49 rows fewer
  await press("ArrowDown", 10);
  await press("ArrowUp", 10);
  await press("ArrowRight"); // open the second subsystem again
  await press("ArrowDown", 20);
  await page.keyboard.press("Tab"); // the right tree (a focus change, nothing to measure)
  await expect(page.locator("[data-fmea-pane=right]")).toBeFocused();
  await press("ArrowDown", 4);
  const keys = await page.evaluate(
    () => (window as unknown as { __keys: Array<{ key: string; ms: number }> }).__keys,
  );
  const keyLong = await tasksBetween(page, keysStart);
  await expect(left.locator("[role=treeitem][aria-selected=true] .fmea-name")).toHaveText("Component 1.19");
  await shot(page, "fmea-tree-5k");

  const ms = keys.map((k) => k.ms).sort((a, b) => a - b);
  const pct = (p: number) =>
    Math.round(ms[Math.min(ms.length - 1, Math.floor((p / 100) * ms.length))] * 10) / 10;
  const figures = {
    structureElements: structure,
    nodes,
    links: ops.length - nodes,
    seedMs,
    open: {
      firstRowMs: Math.round(open.firstRowMs),
      treeRequestMs: open.treeRequestMs === null ? null : Math.round(open.treeRequestMs),
      treeBytes: open.treeBytes,
      longTasksOver50: openLong.tasksOver50,
      longestTaskMs: openLong.longestTaskMs,
    },
    rowsDrawnOfLeftTree: drawnRows,
    keys: {
      presses: keys.length,
      p50Ms: pct(50),
      p95Ms: pct(95),
      maxMs: pct(100),
      over16: ms.filter((m) => m > 16).length,
      slowest: keys
        .map((k, i) => ({ i, key: k.key, ms: Math.round(k.ms * 10) / 10 }))
        .sort((a, b) => b.ms - a.ms)
        .slice(0, 5),
      longTasksOver50: keyLong.tasksOver50,
      longestTaskMs: keyLong.longestTaskMs,
    },
  };
  writeFileSync(info.outputPath("figures.json"), JSON.stringify(figures, null, 2));
  console.log("fmea-tree-5k figures", JSON.stringify(figures));
  expect(keys.length).toBe(pressed);
});
