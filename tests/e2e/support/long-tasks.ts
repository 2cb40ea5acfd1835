// Main-thread tasks over 50 ms, as the figures specs measure them (life-400k, alt-400k, fmea-table-20k,
// fmea-tree-scale): a buffered long-task observer installed before the page's scripts run, and the tasks that
// overlap a span of the page's own clock. The figures are reported, never asserted: a task's duration is wall
// time, and a shared, loaded machine stretches it several times over the task's CPU time.
import type { Page } from "@playwright/test";

type LongTask = { start: number; duration: number };

/** Records every main-thread task over 50 ms from the page's start, on this and every later navigation. */
export async function watchLongTasks(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __longTasks: LongTask[] };
    w.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__longTasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: "longtask", buffered: true });
  });
}

/** The page's clock (performance.now()). */
export const now = (page: Page): Promise<number> => page.evaluate(() => performance.now());

/** The tasks over 50 ms that overlap [since, until] on the page's clock: the longest, how many, and their sum. */
export async function tasksBetween(
  page: Page,
  since: number,
  until = Number.POSITIVE_INFINITY,
): Promise<{ longestTaskMs: number; tasksOver50: number; busyOver50Ms: number }> {
  const tasks = await page.evaluate(
    ([t0, t1]) =>
      (window as unknown as { __longTasks: LongTask[] }).__longTasks
        .filter((e) => e.start + e.duration >= t0 && e.start <= t1)
        .map((e) => e.duration),
    [since, until] as const,
  );
  return {
    longestTaskMs: Math.round(Math.max(0, ...tasks)),
    tasksOver50: tasks.length,
    busyOver50Ms: Math.round(tasks.reduce((sum, d) => sum + d, 0)),
  };
}

/** A step's wall time since `since` on the page's clock, with its long tasks. */
export async function step(page: Page, since: number) {
  const until = await now(page);
  return { ms: Math.round(until - since), ...(await tasksBetween(page, since, until)) };
}
