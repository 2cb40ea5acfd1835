// /api/doe with the design-of-experiments worksheets (issue 23), through the real server and PGlite: a
// factorial with its settings, sheet and results round-trips; the body is strict (a misspelt setting, a
// level list of one, a bad kind are refused with status 1001, never 500); a stranger cannot read it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer, type TestUser } from "../helpers/server.ts";

const FACTORIAL = {
  kind: "factorial",
  description: "Pilot plant",
  settings: {
    factors: [
      { name: "T", levels: [160, 180] },
      { name: "C", levels: [20, 40] },
      { name: "K", levels: ["A", "B"] },
    ],
    replicates: 1,
    seed: 7,
    confidence: 95,
  },
  sheet: { columns: [{ name: "yield", values: [60, 72, 54, 68, 52, 83, 45, null] }] },
  results: { effects: { A: 23 } },
};

describe("/api/doe: design-of-experiments worksheets", () => {
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

  it("stores a factorial worksheet and reads it back as sent; the list says its kind", async () => {
    const created = await s.call<{ id: number }>("POST", "/api/doe/analyses", {
      token: a.token,
      body: { name: "Pilot", body: FACTORIAL },
    });
    expect(created.body.status, JSON.stringify(created.body)).toBe(0);
    const id = created.body.data.id;
    const read = await s.call<{ body: unknown }>("GET", `/api/doe/analyses/${id}`, { token: a.token });
    expect(read.body.data.body).toEqual(FACTORIAL);
    const list = await s.call<{ items: { id: number; summary: Record<string, unknown> }[] }>(
      "GET",
      "/api/doe/analyses",
      {
        token: a.token,
        query: { mine: "true" },
      },
    );
    expect(list.body.data.items.find((m) => m.id === id)?.summary).toMatchObject({
      kind: "factorial",
      rows: 8,
      hasResults: true,
    });
    expect((await s.call("GET", `/api/doe/analyses/${id}`, { token: b.token })).http).toBe(404);
  });

  it("every tool's settings are checked strictly", async () => {
    const bodies = [
      { kind: "hypothesis", settings: { test: "welch", confidence: 95 }, sheet: { columns: [] } },
      {
        kind: "bvc",
        settings: { better: "lower", alpha: 0.05 },
        sheet: { columns: [{ name: "B", values: [1, 2, 3] }] },
      },
      { kind: "componentSearch", settings: { better: "higher", ratio: 5 }, sheet: { columns: [] } },
      {
        kind: "trend",
        settings: { method: "mil" },
        sheet: { columns: [{ name: "t", values: [1, 2, "x"] }] },
      },
      { kind: "pareto", settings: {}, sheet: { columns: [{ name: "cause", values: ["burr", "dent"] }] } },
      { ...FACTORIAL, settings: { ...FACTORIAL.settings, centrePoints: 3 } },
    ];
    for (const body of bodies) {
      const r = await s.call("POST", "/api/doe/analyses", {
        token: a.token,
        body: { name: body.kind, body },
      });
      expect(r.body.status, `${body.kind}: ${JSON.stringify(r.body)}`).toBe(0);
    }
  });

  it("refuses bad bodies with status 1001, never 500", async () => {
    const bad = [
      { ...FACTORIAL, settings: { ...FACTORIAL.settings, replicate: 2 } },
      {
        ...FACTORIAL,
        settings: {
          ...FACTORIAL.settings,
          factors: [{ name: "T", levels: [1] }, FACTORIAL.settings.factors[1]],
        },
      },
      { ...FACTORIAL, settings: { ...FACTORIAL.settings, confidence: 20 } },
      { ...FACTORIAL, kind: "nonsense" },
      { ...FACTORIAL, sheet: { columns: [{ name: "y", values: [Number.MAX_VALUE, "a".repeat(151)] }] } },
      { kind: "hypothesis", settings: { test: "guess", confidence: 95 }, sheet: { columns: [] } },
      { kind: "bvc", settings: { better: "higher", alpha: 1 }, sheet: { columns: [] } },
      { ...FACTORIAL, settings: { ...FACTORIAL.settings, centrePoints: 1.5 } },
      { ...FACTORIAL, settings: { ...FACTORIAL.settings, centrePoints: 101 } },
    ];
    for (const body of bad) {
      const r = await s.call("POST", "/api/doe/analyses", { token: a.token, body: { name: "bad", body } });
      expect(r.http, JSON.stringify(body).slice(0, 200)).toBeLessThan(500);
      expect(r.body.status, JSON.stringify(r.body)).toBe(1001);
    }
  });
});
