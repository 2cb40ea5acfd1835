// Long analyses report progress and stop when their signal aborts (in the browser the worker is
// terminated instead; in Node the kernel yields between slices so the signal can fire).
import { describe, expect, it } from "vitest";
import { analyzeFaultTree } from "../../../src/kernels/fta.ts";
import { readOpenPsa } from "./fixtures.ts";

describe("progress and cancel", () => {
  it("reports progress with a fixed total and ends at it", async () => {
    const calls: Array<[number, number]> = [];
    const controller = new AbortController();
    await analyzeFaultTree(
      readOpenPsa("aralia/edfpa15b.xml"),
      { curvePoints: 3 },
      {
        onProgress: (done, total) => calls.push([done, total]),
        signal: controller.signal,
      },
    );
    expect(calls.length).toBeGreaterThan(2);
    const [done, total] = calls[calls.length - 1];
    expect(done).toBe(total);
    for (const [d, t] of calls) expect(d).toBeLessThanOrEqual(t);
  });

  it("stops with an AbortError when the signal aborts", async () => {
    const controller = new AbortController();
    let progressed = 0;
    const run = analyzeFaultTree(
      readOpenPsa("aralia/cea9601.xml"),
      {},
      {
        onProgress: () => {
          progressed++;
          controller.abort();
        },
        signal: controller.signal,
      },
    );
    await expect(run).rejects.toMatchObject({ name: "AbortError" });
    expect(progressed).toBeGreaterThan(0);
    // The kernel is usable afterwards.
    const again = await analyzeFaultTree(readOpenPsa("aralia/chinese.xml"));
    expect(again.cutSets.count).toBe(392);
  });
});

it.each(["zbdd", "mocus"] as const)("%s reports progress up to its total too", async (algorithm) => {
  const calls: Array<[number, number]> = [];
  await analyzeFaultTree(
    readOpenPsa("aralia/baobab1.xml"),
    { algorithm, gateProbabilities: false },
    { onProgress: (d, t) => calls.push([d, t]) },
  );
  const totals = new Set(calls.map((c) => c[1]));
  expect(totals.size).toBe(1);
  expect(calls[calls.length - 1][0]).toBe(calls[0][1]);
  for (let i = 1; i < calls.length; i++) expect(calls[i][0]).toBeGreaterThanOrEqual(calls[i - 1][0]);
});
