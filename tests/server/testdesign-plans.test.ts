// Test plans stored through /api/doe on the real server and database: the screen's body goes in, reads back
// identical, opens as the same inputs and solves to the same plan; bodies that are not a doe document are
// refused with 1001, never 500; another user's plan is not found.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fromStoredPlan, toStoredPlan } from "../../src/app/features/testdesign/storage.ts";
import { type DesignInput, designTest } from "../../src/kernels/testdesign.ts";
import { startTestServer, type TestServer, type TestUser } from "../helpers/server.ts";

const PLANS: [Parameters<typeof toStoredPlan>[0], DesignInput][] = [
  [
    "paramBino",
    {
      planner: "parametric-binomial",
      reliability: 90,
      confidence: 95,
      beta: 1.5,
      testTime: 48,
      demoTime: 100,
      failures: 0,
    },
  ],
  [
    "stressStrength",
    {
      planner: "stress-strength",
      stress: { type: "weibull3p", beta: 3, eta: 2, gamma: 1 },
      strength: { type: "gamma", k: 3, theta: 2 },
      strengthLocation: 3,
    },
  ],
];

describe("test plans in /api/doe", () => {
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

  it.each(PLANS)("a %s plan is stored, read back and solves the same", async (page, input) => {
    const plan = await designTest(input);
    const body = toStoredPlan(page, input, plan, "bearing demonstration");
    const created = await s.call<{ id: number }>("POST", "/api/doe/analyses", {
      token: a.token,
      body: { name: `${page} plan`, body },
    });
    expect(created.body.status, JSON.stringify(created.body)).toBe(0);
    const read = await s.call<{ body: unknown; version: number }>(
      "GET",
      `/api/doe/analyses/${created.body.data.id}`,
      {
        token: a.token,
      },
    );
    expect(read.body.data.body).toEqual(JSON.parse(JSON.stringify(body)));
    const opened = fromStoredPlan(read.body.data.body);
    expect(opened?.page).toBe(page);
    expect(opened?.description).toBe("bearing demonstration");
    expect((await designTest(opened?.input as DesignInput)).values).toEqual(plan.values);
    const other = await s.call("GET", `/api/doe/analyses/${created.body.data.id}`, { token: b.token });
    expect(other.http).toBe(404);
  });

  it("an update keeps the plan and needs its version", async () => {
    const [page, input] = PLANS[0];
    const created = await s.call<{ id: number }>("POST", "/api/doe/analyses", {
      token: a.token,
      body: { name: "plan", body: toStoredPlan(page, input, null) },
    });
    const changed = { ...input, failures: 1 };
    const saved = await s.call("PUT", `/api/doe/analyses/${created.body.data.id}`, {
      token: a.token,
      body: { version: 1, body: toStoredPlan(page, changed, await designTest(changed)) },
    });
    expect(saved.body.status, JSON.stringify(saved.body)).toBe(0);
    const stale = await s.call("PUT", `/api/doe/analyses/${created.body.data.id}`, {
      token: a.token,
      body: { version: 1, body: toStoredPlan(page, input, null) },
    });
    expect(stale.body.status).toBe(1009);
  });

  it.each([
    ["no design", { inputs: {} }],
    ["inputs not an object", { design: "paramBino", inputs: 5 }],
    ["results not an object", { design: "paramBino", inputs: {}, results: "x" }],
  ])("refuses a body with %s (1001, not 500)", async (_, body) => {
    const r = await s.call("POST", "/api/doe/analyses", { token: a.token, body: { name: "bad", body } });
    expect(r.http).toBeLessThan(500);
    expect(r.body.status).toBe(1001);
  });

  it("the screen refuses to open a doe document that is not a test plan", () => {
    expect(fromStoredPlan({ design: "fullFactorial2", inputs: {} })).toBeNull();
    expect(
      fromStoredPlan({ design: "paramBino", inputs: { planner: "parametric-binomial", beta: "x" } }),
    ).toBeNull();
    expect(fromStoredPlan({ design: "paramBino", inputs: { planner: "poisson", extra: 1 } })).toBeNull();
  });
});
