// /api/dict on a real database (PGlite, or PostgreSQL with DATABASE_URL): the three dictionary kinds stored
// and read back, a device dictionary of 10,000 entries (the spec's import limit) and one more refused, the
// body's rules answered 400 with their message keys (never 500), and spec 6: owners and counselors create,
// a visitor cannot, the team reads, only the compiler or an admin changes and deletes, a stranger sees nothing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer, type TestUser } from "../helpers/server.ts";

interface Meta {
  id: number;
  version: number;
  compilerUserId: number;
  summary: Record<string, unknown>;
}
interface Doc extends Meta {
  body: { kind: string; description: string; entries: Record<string, unknown>[] };
}

const base = "/api/dict/analyses";
const device = {
  kind: "device",
  description: "Drive electronics",
  entries: [
    { code: "FAN-01", name: "Cooling fan", distribution: "weibull2p", p1: 1.8, p2: 40000 },
    { code: "PSU-7", name: "Power module", distribution: "exponential", p1: 2e-6 },
    { code: "CAP-3", name: "Electrolytic capacitor" },
  ],
};
const failure = {
  kind: "failure",
  entries: [
    { code: "F-1", name: "Bearing seizure", level: "mode", category: "mechanical" },
    { code: "F-2", name: "Motor stalls", level: "effect", description: "Vehicle loses drive." },
    { code: "F-3", name: "Lubricant degraded", level: "cause" },
  ],
};
const risk = {
  kind: "risk",
  entries: [
    {
      code: "R-1",
      name: "Field returns of seized bearings",
      source: "field",
      occurred: "2026-03-14",
      severity: 8,
      status: "open",
      failure: "F-1",
    },
  ],
};

describe("/api/dict", () => {
  let s: TestServer;
  let admin: string;
  let owner: TestUser;
  let counselor: TestUser;
  let colleague: TestUser;
  let visitor: TestUser;
  let stranger: TestUser;

  beforeAll(async () => {
    s = await startTestServer();
    admin = await s.adminToken();
    owner = await s.makeUser(["owner"]);
    counselor = await s.makeUser(["counselor"]);
    colleague = await s.makeUser(["owner"]);
    visitor = await s.makeUser(["visitor"]);
    stranger = await s.makeUser(["owner"]);
    const dept = await s.call<{ id: number }>("POST", "/api/authority/departments", {
      token: admin,
      body: { name: "Dictionary team" },
    });
    await s.call("POST", `/api/authority/departments/${dept.body.data.id}/members`, {
      token: admin,
      body: { userIds: [owner.userId, counselor.userId, colleague.userId, visitor.userId] },
    });
  });
  afterAll(async () => {
    await s?.close();
  });

  const create = (token: string, name: string, body: unknown) =>
    s.call<Meta>("POST", base, { token, body: { name, body } });

  it("stores each kind and reads it back, its kind and size in the list", async () => {
    for (const [name, body] of [
      ["Devices", device],
      ["Failures", failure],
      ["Risk events", risk],
    ] as const) {
      const created = await create(owner.token, name, body);
      expect(created.body.status, JSON.stringify(created.body)).toBe(0);
      const read = await s.call<Doc>("GET", `${base}/${created.body.data.id}`, { token: owner.token });
      expect(read.body.data.body.kind).toBe(body.kind);
      expect(read.body.data.body.entries).toHaveLength(body.entries.length);
      expect(read.body.data.summary).toEqual({ kind: body.kind, entries: body.entries.length });
    }
    const risks = await s.call<{ items: Meta[] }>("GET", base, {
      token: owner.token,
      query: { kind: "risk", mine: "true" },
    });
    expect(risks.body.data.items.map((m) => m.summary.kind)).toEqual(["risk"]);
    const stored = await s.call<{ items: Meta[] }>("GET", base, {
      token: owner.token,
      query: { kind: "risk" },
    });
    const doc = await s.call<Doc>("GET", `${base}/${stored.body.data.items[0].id}`, { token: owner.token });
    expect(doc.body.data.body.entries[0]).toEqual(risk.entries[0]);
  });

  it("takes 10,000 devices and refuses 10,001", async () => {
    const entries = Array.from({ length: 10_000 }, (_, i) => ({
      code: `D-${i}`,
      name: `Device ${i}`,
      distribution: "exponential",
      p1: 1e-6 * (1 + (i % 7)),
    }));
    const ok = await create(owner.token, "Ten thousand", { kind: "device", entries });
    expect(ok.body.status, JSON.stringify(ok.body).slice(0, 300)).toBe(0);
    expect(ok.body.data.summary.entries).toBe(10_000);
    const over = await create(owner.token, "Too many", {
      kind: "device",
      entries: [...entries, { code: "D-x", name: "One more" }],
    });
    expect([over.http, over.body.msgKey]).toEqual([400, "dictionary.tooManyRows"]);
    expect(over.body.msg).toBe("A dictionary holds at most 10000 entries.");
  });

  it("answers 400 with the rule's message for an entry it cannot store, never 500", async () => {
    const cases: [unknown, string, RegExp][] = [
      [{ ...device, entries: [{ code: "", name: "No code" }] }, "fieldRequired", /code is required/],
      [{ ...device, entries: [{ code: "X", name: " " }] }, "nameRequired", /Please input a name/],
      [{ ...device, entries: [{ code: "X", name: "n".repeat(151) }] }, "tooLong", /too long/],
      [{ ...device, entries: [{ code: "c".repeat(51), name: "Long code" }] }, "tooLong", /too long/],
      [
        { ...device, entries: [{ code: "X", name: "Bad", distribution: "weibull2p", p1: 30, p2: 100 }] },
        "betaRange",
        /Beta range must be between 0\.0001-24\./,
      ],
      [
        { ...device, entries: [{ code: "Y", name: "Z", distribution: "rayleigh" }] },
        "validationFailed",
        /distribution/,
      ],
      [
        { ...failure, entries: [failure.entries[0], { code: "F-1", name: "Again" }] },
        "dictionary.duplicateCode",
        /Code 'F-1' is already used on line 1\./,
      ],
      [{ ...failure, entries: [{ code: "F", name: "N", level: "root" }] }, "validationFailed", /level/],
      [
        { ...risk, entries: [{ ...risk.entries[0], severity: 11 }] },
        "dictionary.severityRange",
        /Severity must be a whole number from 1 to 10\./,
      ],
      [
        { ...risk, entries: [{ ...risk.entries[0], occurred: "14.03.2026" }] },
        "fmea.dateInvalid",
        /YYYY-MM-DD/,
      ],
      [{ kind: "glossary", entries: [] }, "validationFailed", /kind/],
      [{ ...device, extra: 1 }, "validationFailed", /extra/],
    ];
    for (const [bad, key, message] of cases) {
      const r = await create(owner.token, "bad", bad);
      expect([r.http, r.body.status, r.body.msgKey], JSON.stringify(r.body)).toEqual([400, 1001, key]);
      expect(r.body.msg).toMatch(message);
    }
  });

  it("follows spec 6: who creates, reads, changes and deletes", async () => {
    const refused = await create(visitor.token, "Visitor's", failure);
    expect([refused.http, refused.body.msgKey]).toEqual([403, "createDictionaryNeedsRole"]);
    const byCounselor = await create(counselor.token, "Counselor's", failure);
    expect(byCounselor.body.status).toBe(0);

    const created = await create(owner.token, "Shared failures", failure);
    const path = `${base}/${created.body.data.id}`;
    // The team reads it (the suggestion list of a colleague's FMEA tree), a stranger does not see it.
    for (const u of [counselor, colleague, visitor])
      expect((await s.call<Doc>("GET", path, { token: u.token })).body.data.body.entries).toHaveLength(3);
    expect((await s.call("GET", path, { token: stranger.token })).http).toBe(404);
    expect((await s.call("GET", path)).http).toBe(401);
    // Only the compiler or an admin changes and deletes it.
    const edit = { version: 1, body: { ...failure, entries: failure.entries.slice(0, 2) } };
    for (const u of [counselor, colleague, visitor]) {
      const r = await s.call("PUT", path, { token: u.token, body: edit });
      expect([r.http, r.body.msgKey]).toEqual([403, "notCompiler"]);
      expect((await s.call("DELETE", path, { token: u.token })).http).toBe(403);
    }
    const mine = await s.call<Meta>("PUT", path, { token: owner.token, body: edit });
    expect(mine.body.data.version).toBe(2);
    // A stale version is refused, never overwritten.
    const stale = await s.call("PUT", path, { token: owner.token, body: edit });
    expect(stale.body.status).toBe(1009);
    const byAdmin = await s.call<Meta>("PUT", path, {
      token: admin,
      body: { version: 2, name: "Checked failures" },
    });
    expect(byAdmin.body.data.version).toBe(3);
    expect((await s.call("DELETE", path, { token: admin })).body.status).toBe(0);
    expect((await s.call("GET", path, { token: owner.token })).http).toBe(404);
  });
});
