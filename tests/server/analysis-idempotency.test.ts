// Issue 16 point 2: a create that carries an Idempotency-Key makes one stored set however often it is sent
// (a retry, Ctrl+S pressed twice during the first save, two requests racing), per user and per module.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lifeBody } from "../helpers/bodies.ts";
import { startTestServer, type TestServer, type TestUser } from "../helpers/server.ts";

interface Meta {
  id: number;
  name: string;
  compilerUserId: number;
}

const body = lifeBody([10, 20, 30], [1, 0, 1]);

describe("Idempotency-Key on create", () => {
  let s: TestServer;
  let a: TestUser;
  let b: TestUser;
  beforeAll(async () => {
    s = await startTestServer();
    a = await s.makeUser(["owner"]);
    b = await s.makeUser(["owner"]);
  });
  afterAll(async () => {
    await s?.close();
  });

  const create = (user: TestUser, name: string, key?: string, module = "wb") =>
    s.call<Meta>("POST", `/api/${module}/analyses`, {
      token: user.token,
      body: { name, body },
      headers: key === undefined ? {} : { "Idempotency-Key": key },
    });
  const named = async (user: TestUser, name: string) =>
    (
      await s.call<{ items: Meta[] }>("GET", "/api/wb/analyses", {
        token: user.token,
        query: { mine: "true", name },
      })
    ).body.data.items;

  it("answers a repeated create with the set the first one made", async () => {
    const first = await create(a, "Retried", "key-retried-0001");
    const again = await create(a, "Retried", "key-retried-0001");
    expect(first.body.status, JSON.stringify(first.body)).toBe(0);
    expect(again.body.status).toBe(0);
    expect(again.body.data.id).toBe(first.body.data.id);
    expect(await named(a, "Retried")).toHaveLength(1);
  });

  it("makes one set from two creates sent at once with one key", async () => {
    const [x, y, z] = await Promise.all([
      create(a, "Double press", "key-double-0001"),
      create(a, "Double press", "key-double-0001"),
      create(a, "Double press", "key-double-0001"),
    ]);
    expect([x.body.status, y.body.status, z.body.status]).toEqual([0, 0, 0]);
    expect(new Set([x.body.data.id, y.body.data.id, z.body.data.id]).size).toBe(1);
    expect(await named(a, "Double press")).toHaveLength(1);
  });

  it("keeps keys apart per user and per module; no key, no deduplication", async () => {
    const mine = await create(a, "Shared key", "key-shared-0001");
    const theirs = await create(b, "Shared key", "key-shared-0001");
    expect(theirs.body.status).toBe(0);
    expect(theirs.body.data.id).not.toBe(mine.body.data.id);
    expect(theirs.body.data.compilerUserId).toBe(b.userId);
    const rbd = await s.call<Meta>("POST", "/api/rbd/analyses", {
      token: a.token,
      body: { name: "Shared key", body: { settings: { missionTime: 10 }, nodes: [], edges: [] } },
      headers: { "Idempotency-Key": "key-shared-0001" },
    });
    expect(rbd.body.status, JSON.stringify(rbd.body)).toBe(0);
    expect(rbd.body.data.id).not.toBe(mine.body.data.id);
    await create(a, "No key");
    await create(a, "No key");
    expect(await named(a, "No key")).toHaveLength(2);
  });

  it("refuses a malformed key as bad input, not a server error", async () => {
    for (const key of ["short", "x".repeat(129), "has space in it"]) {
      const r = await create(a, "Bad key", key);
      expect(r.http, key).toBeLessThan(500);
      expect(r.body.status).toBe(1001);
    }
    expect(await named(a, "Bad key")).toHaveLength(0);
  });
});
