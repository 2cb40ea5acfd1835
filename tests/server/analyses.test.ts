// The generic store of analyses through every module prefix, the packed life-data columns (400,000 rows
// round-trip bit for bit), optimistic concurrency, permissions (spec 6) and FMEA configurations.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodeColumn, encodeColumn } from "../../src/shared/columns.ts";
import { LIFE_SETTINGS, lifeBody } from "../helpers/bodies.ts";
import { startTestServer, type TestServer, type TestUser } from "../helpers/server.ts";

interface Meta {
  id: number;
  module: string;
  name: string;
  version: number;
  compilerUserId: number;
  projectId: number | null;
  summary: Record<string, unknown>;
}
interface Doc<B = Record<string, unknown>> extends Meta {
  body: B;
}

/** A small valid body for each module prefix. */
const BODIES: Record<string, unknown> = {
  wb: lifeBody([10, 20, 30], [1, 0, 1]),
  alta: {
    settings: {
      lifeDistribution: "weibull",
      relationship: "arrhenius",
      useStress: [[50]],
      confidenceLevel: 95,
      timeUnit: "hours",
    },
    data: { rows: 2, columns: { end: [100, 200], state: [1, 1], stress1: [100, 120] } },
  },
  rbd: {
    settings: { missionTime: 1000 },
    nodes: [{ id: "a", kind: "regular", distribution: "weibull2p", p1: 1.5, p2: 1000 }],
    edges: [],
  },
  ftaexe: {
    events: [
      { id: "top", type: "top", name: "Loss of cooling" },
      { id: "e1", type: "elementary", distribution: "fixedProb", p1: 0.01 },
      { id: "e2", type: "elementary", distribution: "exponential", p1: 0.001 },
    ],
    gates: [{ id: "g1", type: "or", output: "top", inputs: ["e1", "e2"] }],
  },
  rgt: { kind: "growthPlan", plan: { confidence: 80, growthRate: 0.3 }, phases: [{ testTime: 500 }] },
  doe: { design: "paramBino", inputs: { planner: "parametric-binomial", reliability: 90, confidence: 80 } },
  edfe: { objectNumber: "OBJ-1", objectName: "Brake caliper", trees: { structure: [] } },
  epfe: { objectNumber: "OBJ-2", objectName: "Machining line" },
};

describe("stored analyses", () => {
  let s: TestServer;
  let admin: string;
  let a: TestUser;
  let b: TestUser;
  beforeAll(async () => {
    s = await startTestServer();
    admin = await s.adminToken();
    a = await s.makeUser(["owner"]);
    b = await s.makeUser(["owner"]);
  });
  afterAll(async () => {
    await s?.close();
  });

  for (const [module, body] of Object.entries(BODIES)) {
    it(`/api/${module}: create, read, list, update, copy, delete, restore`, async () => {
      const base = `/api/${module}/analyses`;
      const created = await s.call<Meta>("POST", base, {
        token: a.token,
        body: { name: `${module} one`, body },
      });
      expect(created.body.status, JSON.stringify(created.body)).toBe(0);
      expect(created.body.data).toMatchObject({ module, version: 1, compilerUserId: a.userId });
      const id = created.body.data.id;
      const read = await s.call<Doc>("GET", `${base}/${id}`, { token: a.token });
      expect(read.body.data.body).toMatchObject(
        module === "wb" || module === "alta"
          ? { settings: (body as { settings: unknown }).settings }
          : (body as object),
      );
      const list = await s.call<{ items: Meta[]; total: number }>("GET", base, {
        token: a.token,
        query: { mine: "true" },
      });
      expect(list.body.data.items.map((m) => m.id)).toEqual([id]);
      const updated = await s.call<Meta>("PUT", `${base}/${id}`, {
        token: a.token,
        body: { version: 1, name: `${module} renamed` },
      });
      expect(updated.body.data).toMatchObject({ version: 2, name: `${module} renamed` });
      const copy = await s.call<Meta>("POST", `${base}/${id}/copy`, { token: a.token, body: {} });
      expect(copy.body.data).toMatchObject({ name: `${module} renamed (copy)`, version: 1 });
      const copied = await s.call<Doc>("GET", `${base}/${copy.body.data.id}`, { token: a.token });
      expect(copied.body.data.body).toEqual(read.body.data.body);
      expect((await s.call("DELETE", `${base}/${id}`, { token: a.token })).body.status).toBe(0);
      expect((await s.call("GET", `${base}/${id}`, { token: a.token })).http).toBe(404);
      const bin = await s.call<{ items: { id: number; module: string }[] }>("GET", "/api/authority/recycle", {
        token: a.token,
        query: { kind: "analysis", module },
      });
      expect(bin.body.data.items).toEqual([expect.objectContaining({ id, module })]);
      expect(
        (await s.call("PUT", `/api/authority/recycle/analysis/${id}/restore`, { token: a.token })).body
          .status,
      ).toBe(0);
      const restored = await s.call<Doc>("GET", `${base}/${id}`, { token: a.token });
      expect(restored.body.data).toMatchObject({
        version: 2,
        name: `${module} renamed`,
        body: read.body.data.body,
      });
      // Documents of one module are not reachable through another.
      const other = module === "doe" ? "rbd" : "doe";
      expect((await s.call("GET", `/api/${other}/analyses/${id}`, { token: a.token })).http).toBe(404);
    });
  }

  it("stores 400,000 life-data rows packed and returns them bit for bit", async () => {
    const n = 400_000;
    const end = new Float64Array(n);
    const start = new Float64Array(n).fill(Number.NaN);
    const quantity = new Int32Array(n);
    const state = new Uint8Array(n);
    const group = new Int32Array(n);
    let seed = 12345;
    for (let i = 0; i < n; i++) {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      end[i] = 1 + seed / 1e4 + 1 / 3;
      if (i % 5 === 0) start[i] = end[i] / 2;
      quantity[i] = 1 + (i % 3);
      state[i] = i % 4 === 0 ? 0 : 1;
      group[i] = i % 2;
    }
    const columns = {
      quantity: encodeColumn(quantity),
      start: encodeColumn(start),
      end: encodeColumn(end),
      state: encodeColumn(state),
      group: encodeColumn(group),
    };
    const results = { parameters: { beta: 1.234567890123, eta: 4567.891 }, note: "opaque kernel output" };
    const created = await s.call<Meta>("POST", "/api/wb/analyses", {
      token: a.token,
      body: {
        name: "Warranty returns",
        body: {
          description: "big",
          settings: LIFE_SETTINGS,
          data: { rows: n, form: "interval", columns },
          results,
        },
      },
    });
    expect(created.body.status, JSON.stringify(created.body).slice(0, 300)).toBe(0);
    expect(created.body.data.summary).toMatchObject({ rows: n, form: "interval", hasResults: true });
    const read = await s.call<
      Doc<{ data: { rows: number; columns: Record<string, string> }; results: unknown }>
    >("GET", `/api/wb/analyses/${created.body.data.id}`, { token: a.token });
    expect(read.body.data.body.data.rows).toBe(n);
    for (const [name, text] of Object.entries(columns)) {
      expect(read.body.data.body.data.columns[name] === text, name).toBe(true);
    }
    expect(read.body.data.body.results).toEqual(results);
    // Stored out of line without compression (migration 0004): compressing megabytes of packed numbers
    // and base64 was most of a big set's insert on PGlite.
    const storage = (await s.database.db.execute(
      sql`select attname, attstorage from pg_attribute where attrelid = 'analyses'::regclass and attname in ('body', 'columns') order by attname`,
    )) as unknown as { rows: { attname: string; attstorage: string }[] };
    expect(storage.rows).toEqual([
      { attname: "body", attstorage: "e" },
      { attname: "columns", attstorage: "e" },
    ]);
  });

  it("answers small sets as number arrays on request and fills defaults", async () => {
    const created = await s.call<Meta>("POST", "/api/wb/analyses", {
      token: a.token,
      body: { name: "tiny", body: lifeBody([5.5, 7], [1, 0]) },
    });
    const read = await s.call<Doc<{ data: { form: string; columns: Record<string, number[]> } }>>(
      "GET",
      `/api/wb/analyses/${created.body.data.id}`,
      { token: a.token, query: { columns: "arrays" } },
    );
    expect(read.body.data.body.data).toEqual({
      rows: 2,
      form: "rightCensored",
      columns: { end: [5.5, 7], state: [1, 0] },
    });
  });

  it("refuses bad life data with the column, the row and the spec's texts", async () => {
    const post = (body: unknown) =>
      s.call("POST", "/api/wb/analyses", { token: a.token, body: { name: "bad", body } });
    const cases: [unknown, RegExp][] = [
      [lifeBody([10, -2, 30], [1, 1, 1]), /^Column end, row 2: Value must be a number greater than 0\.$/],
      [lifeBody([10, 20, 30], [1, 2, 1]), /^Column state, row 2: state must be 1 \(F\) or 0 \(S\)$/],
      [
        { ...lifeBody([1], [1]), data: { rows: 2, columns: { end: [1], state: [1, 1] } } },
        /^Column end holds 1 values, expected 2\.$/,
      ],
      [
        { ...lifeBody([1], [1]), data: { rows: 1, columns: { end: "***", state: [1] } } },
        /^Column end is not valid base64\.$/,
      ],
      [
        // 1.0 in URL-safe base64 ("_" for "/"): Node's decoder would take it; the store takes standard base64 only.
        { ...lifeBody([1], [1]), data: { rows: 1, columns: { end: "AAAAAAAA8D_", state: [1] } } },
        /^Column end is not valid base64\.$/,
      ],
      [
        { ...lifeBody([1], [1]), data: { rows: 400_001, columns: { end: [1], state: [1] } } },
        /^At most 400000 rows can be stored\.$/,
      ],
      [
        { ...lifeBody([1], [1]), settings: { ...LIFE_SETTINGS, confidenceLevel: 40 } },
        /^CI must be between 50-99\.99\.$/,
      ],
      [
        { ...lifeBody([1], [1]), settings: { ...LIFE_SETTINGS, distribution: "rayleigh" } },
        /^body\.settings\.distribution: /,
      ],
      [{ settings: LIFE_SETTINGS, results: null }, /^body\.data is required\.$/],
    ];
    for (const [body, message] of cases) {
      const r = await post(body);
      expect([r.http, r.body.status], JSON.stringify(r.body)).toEqual([400, 1001]);
      expect(r.body.msg).toMatch(message);
    }
  });

  it("refuses a stale update instead of overwriting another tab's work", async () => {
    const created = await s.call<Meta>("POST", "/api/rbd/analyses", {
      token: a.token,
      body: { name: "two tabs", body: BODIES.rbd },
    });
    const path = `/api/rbd/analyses/${created.body.data.id}`;
    const tab1 = await s.call<Meta>("PUT", path, {
      token: a.token,
      body: { version: 1, body: { ...(BODIES.rbd as object), description: "tab 1" } },
    });
    expect(tab1.body.data.version).toBe(2);
    const tab2 = await s.call("PUT", path, {
      token: a.token,
      body: { version: 1, body: { ...(BODIES.rbd as object), description: "tab 2" } },
    });
    expect([tab2.http, tab2.body.status]).toEqual([409, 1009]);
    expect(tab2.body.msg).toBe(
      "This record was changed elsewhere (now version 2, yours 1). Reload it before saving.",
    );
    expect(tab2.body.data).toEqual({ version: 2 });
    const now = await s.call<Doc<{ description: string }>>("GET", path, { token: a.token });
    expect(now.body.data.body.description).toBe("tab 1");
    const noVersion = await s.call("PUT", path, { token: a.token, body: { name: "x" } });
    expect(noVersion.body.msg).toBe("version is required.");
  });

  it("stores SQL-looking and script-looking text verbatim", async () => {
    const nasty = [
      "'; DROP TABLE analyses; --",
      "Robert'); DELETE FROM users WHERE ('1'='1",
      "<script>alert('x')</script>",
      '"><img src=x onerror=alert(1)>',
      "100% _wild_ \\ card",
      "emoji 🚀 and 中文 and null-ish \\u0000",
    ];
    for (const text of nasty) {
      const created = await s.call<Meta>("POST", "/api/doe/analyses", {
        token: a.token,
        body: {
          name: text.slice(0, 150),
          body: {
            design: "nonparamBino",
            description: text,
            inputs: { planner: "nonparametric-binomial", reliability: 90, confidence: 90 },
          },
        },
      });
      expect(created.body.status, text).toBe(0);
      const read = await s.call<Doc<{ description: string }>>(
        "GET",
        `/api/doe/analyses/${created.body.data.id}`,
        {
          token: a.token,
        },
      );
      expect(read.body.data.name).toBe(text);
      expect(read.body.data.body.description).toBe(text);
    }
    // Search treats % and _ as characters, not wildcards.
    const found = await s.call<{ items: Meta[] }>("GET", "/api/doe/analyses", {
      token: a.token,
      query: { name: "100% _wild_" },
    });
    expect(found.body.data.items.map((m) => m.name)).toEqual(["100% _wild_ \\ card"]);
    const none = await s.call<{ items: Meta[] }>("GET", "/api/doe/analyses", {
      token: a.token,
      query: { name: "%" },
    });
    expect(none.body.data.items.map((m) => m.name)).toEqual(["100% _wild_ \\ card"]);
    const users = await s.call<{ total: number }>("GET", "/api/authority/users/list", { token: admin });
    expect(users.body.data.total).toBeGreaterThanOrEqual(3);
  });

  it("pages and searches by name, and filters by project", async () => {
    const project = await s.call<{ id: number }>("POST", "/api/authority/projects", {
      token: b.token,
      body: { name: "Paging", code: "PG-1" },
    });
    for (let i = 1; i <= 7; i++) {
      await s.call("POST", "/api/rgt/analyses", {
        token: b.token,
        body: { name: `Plan ${i}`, projectId: i <= 3 ? project.body.data.id : null, body: BODIES.rgt },
      });
    }
    const page2 = await s.call<{ items: Meta[]; total: number; page: number; pageSize: number }>(
      "GET",
      "/api/rgt/analyses",
      {
        token: b.token,
        query: { page: 2, pageSize: 3 },
      },
    );
    expect(page2.body.data).toMatchObject({ total: 7, page: 2, pageSize: 3 });
    expect(page2.body.data.items.map((m) => m.name)).toEqual(["Plan 4", "Plan 3", "Plan 2"]);
    const search = await s.call<{ items: Meta[] }>("GET", "/api/rgt/analyses", {
      token: b.token,
      query: { name: "plan 7" },
    });
    expect(search.body.data.items.map((m) => m.name)).toEqual(["Plan 7"]);
    const inProject = await s.call<{ total: number }>("GET", "/api/rgt/analyses", {
      token: b.token,
      query: { projectId: project.body.data.id },
    });
    expect(inProject.body.data.total).toBe(3);
    const tooBig = await s.call("GET", "/api/rgt/analyses", { token: b.token, query: { pageSize: 1000 } });
    expect(tooBig.body.status).toBe(1001);
    // Someone else's project cannot be used.
    const foreign = await s.call("POST", "/api/rgt/analyses", {
      token: a.token,
      body: { name: "x", projectId: project.body.data.id, body: BODIES.rgt },
    });
    expect(foreign.http).toBe(404);
  });

  it("lets only the compiler or an admin change an FMEA (spec 6)", async () => {
    const fmea = await s.call<Meta>("POST", "/api/edfe/analyses", {
      token: b.token,
      body: { name: "B's DFMEA", body: BODIES.edfe },
    });
    const path = `/api/edfe/analyses/${fmea.body.data.id}`;
    // A cannot see B's FMEA at all ...
    for (const [method, body] of [["GET"], ["PUT", { version: 1, name: "A was here" }], ["DELETE"]] as [
      string,
      unknown?,
    ][]) {
      expect((await s.call(method, path, { token: a.token, body })).http, method).toBe(404);
    }
    // ... and once both are in one department A can read it but still not change it.
    const dept = await s.call<{ id: number }>("POST", "/api/authority/departments", {
      token: admin,
      body: { name: "Chassis" },
    });
    await s.call("POST", `/api/authority/departments/${dept.body.data.id}/members`, {
      token: admin,
      body: { userIds: [a.userId, b.userId] },
    });
    expect((await s.call("GET", path, { token: a.token })).body.status).toBe(0);
    for (const [method, body] of [["PUT", { version: 1, name: "A was here" }], ["DELETE"]] as [
      string,
      unknown?,
    ][]) {
      const r = await s.call(method, path, { token: a.token, body });
      expect([r.http, r.body.msg], method).toEqual([
        403,
        "Only the compiler of this record or an administrator can change it.",
      ]);
    }
    expect(
      (
        await s.call("PUT", `/api/authority/recycle/analysis/${fmea.body.data.id}/restore`, {
          token: a.token,
        })
      ).http,
    ).toBe(404);
    const byAdmin = await s.call<Meta>("PUT", path, {
      token: admin,
      body: { version: 1, name: "Checked by admin" },
    });
    expect(byAdmin.body.data).toMatchObject({ version: 2, compilerUserId: b.userId });
    const copyByA = await s.call<Meta>("POST", `${path}/copy`, {
      token: a.token,
      body: { name: "A's own copy" },
    });
    expect(copyByA.body.data.compilerUserId).toBe(a.userId);
  });

  it("needs a role to create an FMEA, owner or counselor for a configuration", async () => {
    const visitor = await s.makeUser([]);
    const fmea = await s.call("POST", "/api/epfe/analyses", {
      token: visitor.token,
      body: { name: "x", body: BODIES.epfe },
    });
    expect([fmea.http, fmea.body.msgKey]).toEqual([403, "createFmeaNeedsRole"]);
    // Visitors still keep their own life data.
    expect(
      (
        await s.call("POST", "/api/wb/analyses", {
          token: visitor.token,
          body: { name: "mine", body: BODIES.wb },
        })
      ).body.status,
    ).toBe(0);
    const config = await s.call("POST", "/api/edfe/configs", { token: visitor.token, body: { name: "x" } });
    expect([config.http, config.body.msgKey]).toEqual([403, "createConfigNeedsRole"]);
    const adminOnly = await s.call("POST", "/api/edfe/configs", { token: admin, body: { name: "x" } });
    expect(adminOnly.body.status).toBe(0); // the seeded admin is also an owner
  });

  it("enables one configuration at a time; a disabled one cannot be referenced", async () => {
    const c1 = await s.call<{ id: number; enabled: boolean }>("POST", "/api/edfe/configs", {
      token: a.token,
      body: { name: "AIAG-VDA 2019", settings: { excelOutput: { tabs: ["name", "des"] } } },
    });
    const c2 = await s.call<{ id: number }>("POST", "/api/edfe/configs", {
      token: a.token,
      body: { name: "Company scale" },
    });
    expect(c1.body.data.enabled).toBe(false);
    await s.call("PUT", `/api/edfe/configs/${c1.body.data.id}/enable`, { token: a.token });
    const enable2 = await s.call<{ enabled: boolean }>("PUT", `/api/edfe/configs/${c2.body.data.id}/enable`, {
      token: a.token,
    });
    expect(enable2.body.data.enabled).toBe(true);
    const list = await s.call<{ items: { id: number; enabled: boolean }[] }>("GET", "/api/edfe/configs", {
      token: b.token,
      query: { enabled: "true" },
    });
    expect(list.body.data.items.map((c) => c.id)).toEqual([c2.body.data.id]);
    const refused = await s.call("POST", "/api/edfe/analyses", {
      token: a.token,
      body: { name: "uses old", body: { ...(BODIES.edfe as object), configId: c1.body.data.id } },
    });
    expect(refused.body.msg).toBe("The configuration is disabled and cannot be referenced.");
    const accepted = await s.call("POST", "/api/edfe/analyses", {
      token: a.token,
      body: { name: "uses new", body: { ...(BODIES.edfe as object), configId: c2.body.data.id } },
    });
    expect(accepted.body.status).toBe(0);
    // A design configuration is not a process one.
    const wrongVariant = await s.call("POST", "/api/epfe/analyses", {
      token: a.token,
      body: { name: "x", body: { ...(BODIES.epfe as object), configId: c2.body.data.id } },
    });
    expect(wrongVariant.body.msgKey).toBe("configDisabled");
    const edit = await s.call("PUT", `/api/edfe/configs/${c2.body.data.id}`, {
      token: b.token,
      body: { version: 2, name: "B's" },
    });
    expect(edit.http).toBe(403);
    expect(
      (await s.call("DELETE", `/api/edfe/configs/${c1.body.data.id}`, { token: a.token })).body.status,
    ).toBe(0);
    const bin = await s.call<{ items: { kind: string; id: number }[] }>("GET", "/api/authority/recycle", {
      token: a.token,
      query: { kind: "config" },
    });
    expect(bin.body.data.items.map((i) => i.id)).toEqual([c1.body.data.id]);
  });

  it("lets an FMEA keep a configuration disabled since; a new reference must be enabled", async () => {
    const make = async (name: string) =>
      (await s.call<{ id: number }>("POST", "/api/edfe/configs", { token: a.token, body: { name } })).body
        .data.id;
    const kept = await make("Kept scales");
    const other = await make("Other scales");
    await s.call("PUT", `/api/edfe/configs/${kept}/enable`, { token: a.token });
    const fmea = await s.call<{ id: number; version: number }>("POST", "/api/edfe/analyses", {
      token: a.token,
      body: { name: "keeps its configuration", body: { ...(BODIES.edfe as object), configId: kept } },
    });
    expect(fmea.body.status).toBe(0);
    // Enabling another disables the one the FMEA names.
    await s.call("PUT", `/api/edfe/configs/${other}/enable`, { token: a.token });
    await s.call("PUT", `/api/edfe/configs/${other}/disable`, { token: a.token });
    const update = (version: number, configId: number | null) =>
      s.call<{ version: number }>("PUT", `/api/edfe/analyses/${fmea.body.data.id}`, {
        token: a.token,
        body: { version, body: { ...(BODIES.edfe as object), configId, objectName: `v${version}` } },
      });
    const same = await update(fmea.body.data.version, kept);
    expect(same.body.status).toBe(0);
    const changed = await update(same.body.data.version, other);
    expect(changed.http).toBe(400);
    expect(changed.body.msgKey).toBe("configDisabled");
    const none = await update(same.body.data.version, null);
    expect(none.body.status).toBe(0);
    // Once let go, the disabled one cannot be taken back.
    const back = await update(none.body.data.version, kept);
    expect(back.body.msgKey).toBe("configDisabled");
  });

  it("keeps values of the Float64 columns exact through the number-array path", () => {
    const values = [0.1, 1 / 3, 2 ** -1074, 1.7976931348623157e308];
    expect(Array.from(decodeColumn(encodeColumn(Float64Array.from(values)), "f64") ?? [])).toEqual(values);
  });
});
