// /api/wb holds one analysis kind per document (src/shared/schemas/wb.ts): a body without a kind is the
// Weibull kind, its summary names the kind, and the list's kind filter also finds documents stored before
// summaries carried one.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lifeBody } from "../helpers/bodies.ts";
import { startTestServer, type TestServer, type TestUser } from "../helpers/server.ts";

interface Meta {
  id: number;
  summary: Record<string, unknown>;
}

describe("/api/wb kinds", () => {
  let s: TestServer;
  let a: TestUser;
  beforeAll(async () => {
    s = await startTestServer();
    a = await s.makeUser(["owner"]);
  });
  afterAll(async () => {
    await s?.close();
  });

  it("stores a body without a kind as Weibull and a Weibull body as it came", async () => {
    const plain = await s.call<Meta>("POST", "/api/wb/analyses", {
      token: a.token,
      body: { name: "no kind", body: lifeBody([10, 20], [1, 0]) },
    });
    expect(plain.body.status, JSON.stringify(plain.body)).toBe(0);
    expect(plain.body.data.summary).toMatchObject({ kind: "weibull", rows: 2 });
    const read = await s.call<{ body: { kind: string } }>("GET", `/api/wb/analyses/${plain.body.data.id}`, {
      token: a.token,
    });
    expect(read.body.data.body.kind).toBe("weibull");
    const named = await s.call<Meta>("POST", "/api/wb/analyses", {
      token: a.token,
      body: { name: "weibull kind", body: { ...lifeBody([5], [1]), kind: "weibull" } },
    });
    expect(named.body.data.summary.kind).toBe("weibull");
  });

  it("refuses a kind it does not know, naming the field", async () => {
    const r = await s.call<unknown>("POST", "/api/wb/analyses", {
      token: a.token,
      body: { name: "odd", body: { ...lifeBody([5], [1]), kind: "astrology" } },
    });
    expect(r.http).toBe(400);
    expect(JSON.stringify(r.body)).toContain("kind");
  });

  it("the kind filter counts a summary without a kind as Weibull", async () => {
    const created = await s.call<Meta>("POST", "/api/wb/analyses", {
      token: a.token,
      body: { name: "old summary", body: lifeBody([1, 2, 3], [1, 1, 0]) },
    });
    const id = created.body.data.id;
    await s.database.db.execute(sql`update analyses set summary = summary - 'kind' where id = ${id}`);
    const weibull = await s.call<{ items: Meta[] }>("GET", "/api/wb/analyses", {
      token: a.token,
      query: { kind: "weibull", pageSize: 200 },
    });
    expect(weibull.body.data.items.map((m) => m.id)).toContain(id);
    const other = await s.call<{ items: Meta[] }>("GET", "/api/wb/analyses", {
      token: a.token,
      query: { kind: "degradation", pageSize: 200 },
    });
    expect(other.body.data.items.map((m) => m.id)).not.toContain(id);
  });
});
