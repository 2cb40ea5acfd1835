import { describe, expect, it } from "vitest";
import { HashQueue, HashQueueFull } from "../../src/server/auth/passwords.ts";

describe("HashQueue", () => {
  it("runs at most `concurrency` tasks at once and refuses beyond its waiting room", async () => {
    const queue = new HashQueue(1, 2);
    let running = 0;
    let peak = 0;
    const release: (() => void)[] = [];
    const task = () =>
      queue.run(async () => {
        running++;
        peak = Math.max(peak, running);
        await new Promise<void>((resolve) => release.push(resolve));
        running--;
      });
    const first = task();
    const waiting = [task(), task()];
    await expect(task()).rejects.toBeInstanceOf(HashQueueFull);
    for (let i = 0; i < 3; i++) {
      while (release.length === 0) await new Promise((resolve) => setTimeout(resolve, 1));
      release.shift()?.();
    }
    await Promise.all([first, ...waiting]);
    expect(peak).toBe(1);
  });
});
