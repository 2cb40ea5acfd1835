// The cost kind of /api/wb (src/shared/schemas/cost.ts) on a real database (PGlite): created, read back,
// listed by kind apart from the Weibull sets, and refused with 400 (never 500) when the body breaks a rule.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lifeBody } from "../helpers/bodies.ts";
import { startTestServer, type TestServer, type TestUser } from "../helpers/server.ts";

interface Meta {
  id: number;
  name: string;
  summary: Record<string, unknown>;
}

const costBody = (overrides: Record<string, unknown> = {}) => ({
  kind: "cost",
  isBest: true,
  view: "replacement",
  life: { source: "entered", distribution: { type: "weibull2p", beta: 2.5, eta: 1000 } },
  costs: { planned: 1, unplanned: 5, inspection: 0.5, detection: 0.9, downtime: 2 },
  intervals: [
    { id: "r1", kind: "replace", value: 400 },
    { id: "r2", kind: "replace", value: 500 },
    { id: "i1", kind: "inspect", value: 100 },
  ],
  replaceIntervalId: "r2",
  inspectIntervalId: "i1",
  ...overrides,
});

describe("/api/wb cost analyses", () => {
  let s: TestServer;
  let a: TestUser;
  beforeAll(async () => {
    s = await startTestServer();
    a = await s.makeUser(["owner"]);
  });
  afterAll(async () => {
    await s?.close();
  });

  it("creates, reads back and lists by kind", async () => {
    const created = await s.call<Meta>("POST", "/api/wb/analyses", {
      token: a.token,
      body: { name: "pump bearings", body: costBody() },
    });
    expect(created.body.status, JSON.stringify(created.body)).toBe(0);
    expect(created.body.data.summary).toEqual({
      kind: "cost",
      view: "replacement",
      distribution: "weibull2p",
      source: "entered",
      isBest: true,
      intervals: 3,
    });
    const id = created.body.data.id;
    const read = await s.call<{ body: Record<string, unknown> }>("GET", `/api/wb/analyses/${id}`, {
      token: a.token,
    });
    expect(read.body.data.body).toEqual({ ...costBody(), description: "", isCost: true });

    const fromSet = await s.call<Meta>("POST", "/api/wb/analyses", {
      token: a.token,
      body: {
        name: "from a fitted set",
        body: costBody({
          life: { source: "weibull", wbId: 7, distribution: { type: "weibull2p", beta: 1.8, eta: 900 } },
          intervals: [],
          replaceIntervalId: null,
          inspectIntervalId: null,
        }),
      },
    });
    expect(fromSet.body.data.summary).toMatchObject({ source: "weibull", wbId: 7 });
    await s.call("POST", "/api/wb/analyses", {
      token: a.token,
      body: { name: "a weibull set", body: lifeBody([1, 2], [1, 1]) },
    });

    const costs = await s.call<{ items: Meta[] }>("GET", "/api/wb/analyses", {
      token: a.token,
      query: { kind: "cost", pageSize: 200 },
    });
    expect(costs.body.data.items.map((m) => m.name).sort()).toEqual(["from a fitted set", "pump bearings"]);
    const weibull = await s.call<{ items: Meta[] }>("GET", "/api/wb/analyses", {
      token: a.token,
      query: { kind: "weibull", pageSize: 200 },
    });
    expect(weibull.body.data.items.map((m) => m.name)).toEqual(["a weibull set"]);
  });

  it("refuses bad bodies with 400 and the rule's message", async () => {
    const bad: [Record<string, unknown>, string][] = [
      [{ costs: { planned: 4.6, unplanned: 5 } }, "plannedCostTooHigh"],
      [{ costs: { unplanned: 5, inspection: 5 } }, "inspectionCostTooHigh"],
      [{ costs: { planned: 1, unplanned: 5, detection: 1.5 } }, "detectionProbabilityRange"],
      [{ costs: { planned: -1, unplanned: 5 } }, "valuePositive"],
      [
        { life: { source: "entered", distribution: { type: "normal", mu: 5, sigma: 1 } } },
        "cost.distribution",
      ],
      [{ life: { source: "entered", distribution: { type: "weibull2p", beta: 40, eta: 5 } } }, "betaRange"],
      [
        { life: { source: "weibull", distribution: { type: "weibull2p", beta: 2, eta: 5 } } },
        "fieldRequired",
      ],
      [{ replaceIntervalId: "i1" }, "validationFailed"],
      [
        {
          intervals: [{ id: "x", kind: "replace", value: 0 }],
          replaceIntervalId: null,
          inspectIntervalId: null,
        },
        "valuePositive",
      ],
      [{ isCost: false }, "validationFailed"],
      [{ extra: 1 }, "validationFailed"],
    ];
    for (const [overrides, key] of bad) {
      const r = await s.call<unknown>("POST", "/api/wb/analyses", {
        token: a.token,
        body: { name: "bad", body: costBody(overrides) },
      });
      expect(r.http, JSON.stringify(overrides)).toBe(400);
      expect(JSON.stringify(r.body), JSON.stringify(overrides)).toContain(key);
    }
    const notObject = await s.call<unknown>("POST", "/api/wb/analyses", {
      token: a.token,
      body: { name: "bad", body: { kind: "cost", life: "weibull" } },
    });
    expect(notObject.http).toBe(400);
  });
});
