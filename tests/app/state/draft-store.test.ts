// The drafts worker's protocol (draft-store.ts), both ends over a real MessageChannel as the page and the
// worker use it: drafts are written, read and removed in the order sent, a sheet's columns are moved (the
// sender's copies detached, nothing copied on its side), a later draft is never overwritten by an earlier
// one, a failing store answers with its error, and a gone worker does not leave the page waiting.
import { MessageChannel, type MessagePort } from "node:worker_threads";
import { afterEach, describe, expect, it } from "vitest";
import { lifeDraftOf } from "../../../src/app/features/life/drafts.ts";
import { LifeSet } from "../../../src/app/features/life/model.ts";
import {
  columnBuffers,
  type Draft,
  type DraftBackend,
  type DraftPort,
  memoryBackend,
  portBackend,
  serveDrafts,
} from "../../../src/app/state/draft-store.ts";

const ports: MessagePort[] = [];
afterEach(() => {
  for (const p of ports.splice(0)) p.close();
});

function connect(store: DraftBackend) {
  const { port1, port2 } = new MessageChannel();
  ports.push(port1, port2);
  serveDrafts(port2 as unknown as DraftPort, store);
  return portBackend(port1 as unknown as DraftPort);
}

const draft = (key: string, data: unknown, savedAt = 1): Draft => ({
  key,
  area: "life",
  name: "Set",
  savedAt,
  data,
});

describe("columnBuffers", () => {
  it("lists each typed column's buffer once and skips text columns", () => {
    const a = new Float64Array(4);
    const b = new Float64Array(a.buffer, 8, 2);
    const c = new Int32Array(3);
    expect(columnBuffers({ a, b, c, t: ["x"], n: null })).toEqual([a.buffer, c.buffer]);
  });
});

describe("drafts through the worker's protocol", () => {
  it("writes, reads and removes a draft", async () => {
    const store = memoryBackend();
    const page = connect(store);
    await page.put(draft("u:fta:new", { nodes: [1, 2] }));
    expect(await store.get("u:fta:new")).toEqual(draft("u:fta:new", { nodes: [1, 2] }));
    expect(await page.get("u:fta:new")).toEqual(draft("u:fta:new", { nodes: [1, 2] }));
    await page.delete("u:fta:new");
    expect(await page.get("u:fta:new")).toBeUndefined();
  });

  it("moves a life sheet's columns: the page's copies are detached, the stored ones whole", async () => {
    const set = new LifeSet({ name: "Set" });
    set.store.replace({
      rows: 3,
      values: { end: new Float64Array([10, 20, 30]), state: new Float64Array([0, 1, 0]) },
    });
    const data = lifeDraftOf(set);
    const transfer = columnBuffers(data.sheet.values);
    expect(transfer).toHaveLength(5);
    const store = memoryBackend();
    const page = connect(store);
    await page.put(draft("u:life:new", data), transfer);
    expect((data.sheet.values.end as Float64Array).byteLength).toBe(0);
    const kept = (await store.get("u:life:new"))?.data as typeof data;
    expect(Array.from(kept.sheet.values.end as Float64Array)).toEqual([10, 20, 30]);
    // The live sheet was copied from, never moved.
    expect(set.store.value(2, 2)).toBe(30);
    const read = (await page.get("u:life:new"))?.data as typeof data;
    expect(Array.from(read.sheet.values.state as Float64Array)).toEqual([0, 1, 0]);
  });

  it("keeps the order sent: a slow earlier write never lands after a later one", async () => {
    const map = new Map<string, Draft>();
    let first = true;
    const slow: DraftBackend = {
      get: async (key) => map.get(key),
      put: async (d) => {
        if (first) {
          first = false;
          await new Promise((r) => setTimeout(r, 30));
        }
        map.set(d.key, d);
      },
      delete: async (key) => {
        map.delete(key);
      },
    };
    const page = connect(slow);
    const writes = [page.put(draft("k", "early", 1)), page.put(draft("k", "late", 2))];
    await Promise.all(writes);
    expect(map.get("k")?.data).toBe("late");
  });

  it("answers a failing store with its error, and later requests still run", async () => {
    const store = memoryBackend();
    let full = true;
    const page = connect({
      ...store,
      put: async (d) => {
        if (full) throw new Error("QuotaExceededError");
        await store.put(d);
      },
    });
    await expect(page.put(draft("k", 1))).rejects.toThrow("QuotaExceededError");
    full = false;
    await page.put(draft("k", 2));
    expect((await page.get("k"))?.data).toBe(2);
  });

  it("does not leave the page waiting when the worker is gone", async () => {
    const { port1, port2 } = new MessageChannel();
    ports.push(port1, port2);
    const page = portBackend(port1 as unknown as DraftPort);
    const pending = page.put(draft("k", 1));
    page.fail("The drafts worker failed");
    await expect(pending).rejects.toThrow("The drafts worker failed");
  });
});
