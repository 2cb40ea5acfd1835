// The stored warranty (Nevada chart) analysis: the "warranty" kind of /api/wb (src/shared/schemas/warranty.ts)
// on a real database (PGlite): create, read back, list by kind with its summary, bad bodies refused with 400
// naming the field, and another user's document out of reach.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer, type TestUser } from "../helpers/server.ts";

interface Meta {
  id: number;
  name: string;
  summary: Record<string, unknown>;
}

const warranty = (over: Record<string, unknown> = {}, settings: Record<string, unknown> = {}) => ({
  kind: "warranty",
  sales: [100, 140, 150],
  returns: [
    [3, 3, 5],
    [null, 2, 4],
    [null, null, 4],
  ],
  futureSales: [120, 130],
  settings: {
    isNevada: true,
    isNonNevada: false,
    convention: "exact-age",
    periodUnit: "months",
    start: "2010-06",
    numberOfPeriods: 3,
    increment: 1,
    roundingType: "up",
    distribution: "weibull2p",
    method: "mle",
    confidence: 95,
    forecastPeriods: 6,
    ...settings,
  },
  results: { parameters: { beta: 2.4927755, eta: 6.6950529 }, forecastTotal: 392.345 },
  ...over,
});

describe("/api/wb warranty kind", () => {
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

  it("creates, reads back and lists a Nevada chart by its kind", async () => {
    const created = await s.call<Meta>("POST", "/api/wb/analyses", {
      token: a.token,
      body: { name: "Nevada Jun-Aug", body: warranty() },
    });
    expect(created.body.status, JSON.stringify(created.body)).toBe(0);
    expect(created.body.data.summary).toEqual({
      kind: "warranty",
      periods: 3,
      returnColumns: 3,
      inclusive: "return",
      convention: "exact-age",
      distribution: "weibull2p",
      hasResults: true,
    });
    const id = created.body.data.id;
    const read = await s.call<{ body: ReturnType<typeof warranty> }>("GET", `/api/wb/analyses/${id}`, {
      token: a.token,
    });
    expect(read.body.data.body).toEqual(warranty());
    const other = await s.call<Meta>("POST", "/api/wb/analyses", {
      token: a.token,
      body: {
        name: "non-return",
        body: warranty({ results: null }, { isNevada: false, isNonNevada: true, convention: "interval" }),
      },
    });
    expect(other.body.data.summary).toMatchObject({
      inclusive: "non-return",
      convention: "interval",
      hasResults: false,
    });
    const list = await s.call<{ items: Meta[] }>("GET", "/api/wb/analyses", {
      token: a.token,
      query: { kind: "warranty", pageSize: 200 },
    });
    expect(list.body.data.items.map((m) => m.id).sort()).toEqual([id, other.body.data.id].sort());
    const weibull = await s.call<{ items: Meta[] }>("GET", "/api/wb/analyses", {
      token: a.token,
      query: { kind: "weibull", pageSize: 200 },
    });
    expect(weibull.body.data.items.map((m) => m.id)).not.toContain(id);
    const theirs = await s.call<unknown>("GET", `/api/wb/analyses/${id}`, { token: b.token });
    expect(theirs.http).not.toBe(200);
    expect(theirs.http).toBeLessThan(500);
  });

  it.each([
    ["both flags", warranty({}, { isNonNevada: true }), "isNevada"],
    ["neither flag", warranty({}, { isNevada: false }), "isNevada"],
    ["a returns row short", warranty({ returns: [[3]] }), "returns"],
    ["negative sales", warranty({ sales: [100, -1, 150] }), "sales"],
    [
      "a text cell",
      warranty({
        returns: [
          [3, "x", 5],
          [null, 2, 4],
          [null, null, 4],
        ],
      }),
      "returns",
    ],
    ["an unknown rounding", warranty({}, { roundingType: "bankers" }), "roundingType"],
    ["an unknown convention", warranty({}, { convention: "calendar" }), "convention"],
    ["a zero increment", warranty({}, { increment: 0 }), "increment"],
    ["confidence out of range", warranty({}, { confidence: 100 }), "confidence"],
    ["no settings", { kind: "warranty", sales: [], returns: [], futureSales: [] }, "settings"],
  ])("refuses %s with 400 naming the field", async (_, body, field) => {
    const r = await s.call<unknown>("POST", "/api/wb/analyses", {
      token: a.token,
      body: { name: "bad", body },
    });
    expect(r.http).toBe(400);
    expect(JSON.stringify(r.body)).toContain(field);
  });

  it("refuses a bad update with 400 and keeps the stored body", async () => {
    const created = await s.call<Meta>("POST", "/api/wb/analyses", {
      token: a.token,
      body: { name: "kept", body: warranty() },
    });
    const id = created.body.data.id;
    const r = await s.call<unknown>("PUT", `/api/wb/analyses/${id}`, {
      token: a.token,
      body: { name: "kept", body: warranty({ sales: "many" }) },
    });
    expect(r.http).toBe(400);
    const read = await s.call<{ body: unknown }>("GET", `/api/wb/analyses/${id}`, { token: a.token });
    expect(read.body.data.body).toEqual(warranty());
  });
});
