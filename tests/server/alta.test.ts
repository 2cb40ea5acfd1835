// /api/alta on a real database (PGlite): an ALT data set with two stress columns and its kernel results is
// stored and read back bit for bit; spec 5's confidence range and the kernel's option names are refused with
// their message keys (400, status 1001, never 500); another user cannot read or change it (spec 6).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fitAlt } from "../../src/kernels/alt.ts";
import { encodeColumn } from "../../src/shared/columns.ts";
import { startTestServer, type TestServer, type TestUser } from "../helpers/server.ts";

const end = Float64Array.from([1298, 1390, 3187, 5000, 581, 925, 1432, 5000, 283, 361, 515, 5000]);
const state = Uint8Array.from([1, 1, 1, 0, 1, 1, 1, 0, 1, 1, 1, 0]);
const quantity = Int32Array.from([1, 1, 1, 90, 1, 1, 1, 11, 1, 1, 1, 1]);
const temperature = Float64Array.from([40, 40, 40, 40, 60, 60, 60, 60, 80, 80, 80, 80]);
const humidity = Float64Array.from([85, 85, 85, 85, 60, 60, 60, 60, 85, 85, 85, 85]);

const settings = {
  lifeDistribution: "lognormal",
  relationship: "temperature-humidity",
  stressNames: ["Temperature", "RH"],
  temperatureUnit: "c",
  useStress: [[25, 50]],
  confidenceLevel: 95,
  sided: "two",
  bounds: "lr",
  proportionalHazards: false,
  at: [1000],
  lifeLine: { kind: "mean", percent: 10 },
  afBetween: { from: [85, 85], to: [110, 60] },
  timeUnit: "hours",
};

describe("/api/alta", () => {
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

  const columns = {
    quantity: encodeColumn(quantity),
    end: encodeColumn(end),
    state: encodeColumn(state),
    stress1: encodeColumn(temperature),
    stress2: encodeColumn(humidity),
  };
  const data = { rows: end.length, form: "rightCensored", columns };

  it("stores a data set with its fit and reads it back exactly", async () => {
    const fit = await fitAlt(
      { end, state, quantity, stress: [temperature, humidity] },
      {
        relationship: "temperature-humidity",
        distribution: "lognormal",
        use: [[25, 50]],
        confidence: 95,
        at: [1000],
      },
    );
    const results = JSON.parse(JSON.stringify({ fit }));
    const created = await s.call<{ id: number; summary: Record<string, unknown> }>(
      "POST",
      "/api/alta/analyses",
      {
        token: a.token,
        body: { name: "Device A, T-H", body: { description: "two stresses", settings, data, results } },
      },
    );
    expect(created.body.status, JSON.stringify(created.body).slice(0, 400)).toBe(0);
    expect(created.body.data.summary).toMatchObject({
      rows: 12,
      relationship: "temperature-humidity",
      lifeDistribution: "lognormal",
      stresses: 2,
      hasResults: true,
    });
    const read = await s.call<{
      body: { settings: unknown; data: { columns: Record<string, string> }; results: unknown };
    }>("GET", `/api/alta/analyses/${created.body.data.id}`, { token: a.token });
    expect(read.body.data.body.settings).toEqual(settings);
    for (const [name, text] of Object.entries(columns))
      expect(read.body.data.body.data.columns[name], name).toBe(text);
    expect(read.body.data.body.results).toEqual(results);
    // Spec 6: another user's analysis is not found, and cannot be changed.
    expect((await s.call("GET", `/api/alta/analyses/${created.body.data.id}`, { token: b.token })).http).toBe(
      404,
    );
    expect(
      (
        await s.call("PUT", `/api/alta/analyses/${created.body.data.id}`, {
          token: b.token,
          body: { version: 1, name: "x" },
        })
      ).http,
    ).toBe(404);
  });

  it.each([
    ["confidence above 99.99", { confidenceLevel: 99.995 }, "settings.confidenceLevel", "ciAnalysisRange"],
    ["confidence below 50", { confidenceLevel: 49.99 }, "settings.confidenceLevel", "ciAnalysisRange"],
    [
      "a life distribution ALT does not fit",
      { lifeDistribution: "gamma" },
      "settings.lifeDistribution",
      null,
    ],
    ["an unknown relationship", { relationship: "arrhenius2" }, "settings.relationship", null],
    ["no use stress", { useStress: [] }, "settings.useStress", null],
    ["an unknown kind of bounds", { bounds: "exact" }, "settings.bounds", null],
    [
      "a life line of 100 percent",
      { lifeLine: { kind: "percent", percent: 100 } },
      "settings.lifeLine.percent",
      null,
    ],
    ["an unknown life line", { lifeLine: { kind: "p90", percent: 10 } }, "settings.lifeLine.kind", null],
    [
      "an acceleration-factor level without stresses",
      { afBetween: { from: [], to: [85] } },
      "settings.afBetween.from",
      null,
    ],
  ])("refuses %s with 1001 and the message key", async (_what, change, path, key) => {
    const r = await s.call<{ issues: { path: string; msgKey: string; msg: string }[] }>(
      "POST",
      "/api/alta/analyses",
      {
        token: a.token,
        body: { name: "bad", body: { settings: { ...settings, ...change }, data } },
      },
    );
    expect([r.http, r.body.status], JSON.stringify(r.body)).toEqual([400, 1001]);
    expect(r.body.data.issues[0].path).toBe(`body.${path}`);
    if (key) expect(r.body.data.issues[0].msgKey).toBe(key);
    expect(r.body.data.issues[0].msg).not.toMatch(/\{\{/);
  });

  it("refuses a stress that is not a number, naming the column and row", async () => {
    const bad = Float64Array.from(temperature);
    bad[3] = Number.NaN;
    const r = await s.call<{ issues: { path: string; msgKey: string; msg: string }[] }>(
      "POST",
      "/api/alta/analyses",
      {
        token: a.token,
        body: {
          name: "bad",
          body: { settings, data: { ...data, columns: { ...columns, stress1: encodeColumn(bad) } } },
        },
      },
    );
    expect([r.http, r.body.status]).toEqual([400, 1001]);
    expect(r.body.data.issues[0].msg).toContain("stress1");
    expect(r.body.data.issues[0].msg).toContain("4");
  });
});
