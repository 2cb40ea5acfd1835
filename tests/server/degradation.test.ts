// The degradation kind of /api/wb (src/shared/schemas/degradation.ts) on a real database (PGlite): create,
// read, list by kind, and bad bodies refused with 400 naming the field, never 500.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { encodeColumn } from "../../src/shared/columns.ts";
import type { DegradationBody } from "../../src/shared/schemas/degradation.ts";
import { lifeBody } from "../helpers/bodies.ts";
import { startTestServer, type TestServer, type TestUser } from "../helpers/server.ts";

interface Meta {
  id: number;
  summary: Record<string, unknown>;
}

const SETTINGS = {
  model: "exponential",
  threshold: 30,
  direction: "up",
  limit: null,
  distribution: "weibull2p",
  estimationMethod: "mle",
  rankMethod: "exact",
  confidenceType: "fisher",
  confidenceLevel: 90,
  sidedness: "two",
  timeUnit: "hours",
} as const;

function degradationBody(overrides: Partial<DegradationBody> = {}): DegradationBody {
  return {
    kind: "degradation",
    description: "crack growth",
    settings: SETTINGS,
    units: ["A", "B"],
    data: {
      rows: 4,
      form: "measurements",
      columns: {
        unit: encodeColumn(Int32Array.from([0, 0, 1, 1])),
        time: encodeColumn(Float64Array.from([100, 200, 100, 200])),
        value: [15, 20, 10, 15],
      },
    },
    results: null,
    ...overrides,
  };
}

describe("/api/wb degradation kind", () => {
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

  it("creates, reads back and lists by kind", async () => {
    const created = await s.call<Meta>("POST", "/api/wb/analyses", {
      token: a.token,
      body: { name: "cracks", body: degradationBody() },
    });
    expect(created.http, JSON.stringify(created.body)).toBe(200);
    expect(created.body.data.summary).toMatchObject({
      kind: "degradation",
      rows: 4,
      units: 2,
      model: "exponential",
      distribution: "weibull2p",
      hasResults: false,
    });
    const id = created.body.data.id;
    const read = await s.call<{ body: DegradationBody }>("GET", `/api/wb/analyses/${id}`, {
      token: a.token,
      query: { columns: "arrays" },
    });
    expect(read.http).toBe(200);
    expect(read.body.data.body.kind).toBe("degradation");
    expect(read.body.data.body.units).toEqual(["A", "B"]);
    expect(read.body.data.body.settings).toEqual(SETTINGS);
    const weibull = await s.call<Meta>("POST", "/api/wb/analyses", {
      token: a.token,
      body: { name: "plain", body: lifeBody([1, 2], [1, 1]) },
    });
    const list = await s.call<{ items: Meta[] }>("GET", "/api/wb/analyses", {
      token: a.token,
      query: { kind: "degradation", pageSize: 200 },
    });
    const ids = list.body.data.items.map((m) => m.id);
    expect(ids).toContain(id);
    expect(ids).not.toContain(weibull.body.data.id);
    const other = await s.call<unknown>("GET", `/api/wb/analyses/${id}`, { token: b.token });
    expect(other.http).not.toBe(200);
    expect(other.http).toBeLessThan(500);
  });

  it("refuses bad bodies with 400, never 500", async () => {
    const bad: Array<[string, unknown]> = [
      ["unknown model", degradationBody({ settings: { ...SETTINGS, model: "cubic" as "linear" } })],
      [
        "threshold not a number",
        degradationBody({ settings: { ...SETTINGS, threshold: "x" as unknown as number } }),
      ],
      ["negative limit", degradationBody({ settings: { ...SETTINGS, limit: -1 } })],
      ["confidence out of range", degradationBody({ settings: { ...SETTINGS, confidenceLevel: 20 } })],
      ["unit index beyond units", degradationBody({ units: ["A"] })],
      [
        "negative time",
        degradationBody({
          data: { rows: 1, form: "measurements", columns: { unit: [0], time: [-1], value: [1] } },
        }),
      ],
      [
        "NaN value",
        degradationBody({
          data: {
            rows: 1,
            form: "measurements",
            columns: { unit: [0], time: [1], value: encodeColumn(Float64Array.from([Number.NaN])) },
          },
        }),
      ],
      [
        "column length",
        degradationBody({
          data: { rows: 2, form: "measurements", columns: { unit: [0], time: [1], value: [1] } },
        }),
      ],
      [
        "missing value column",
        degradationBody({
          data: { rows: 1, form: "measurements", columns: { unit: [0], time: [1] } } as never,
        }),
      ],
      ["empty unit id", degradationBody({ units: ["A", ""] })],
      ["units not a list", { ...degradationBody(), units: "A" }],
      [
        "columns not base64",
        degradationBody({
          data: { rows: 1, form: "measurements", columns: { unit: "!!", time: [1], value: [1] } },
        }),
      ],
    ];
    for (const [what, body] of bad) {
      const r = await s.call<unknown>("POST", "/api/wb/analyses", {
        token: a.token,
        body: { name: what, body },
      });
      expect(r.http, `${what}: ${JSON.stringify(r.body)}`).toBe(400);
    }
  });
});
