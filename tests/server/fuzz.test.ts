// Issue 14: a property-based fuzz test of the whole REST API. Every route of the Hono app (enumerated from
// app.routes, so a new route is fuzzed without touching this file) gets generated bad bodies, query
// strings, path ids, content types and the tokens of other users, in-process through app.request over a
// real database (PGlite, or PostgreSQL with DATABASE_URL). Every answer must be below 500, an envelope
// with a message key on every failure and no unfilled {{placeholder}}; a refused write changes nothing the
// owner sees; no answer to another user carries the owner's data (a canary string in all of it).
//
// Seeded and bounded: FUZZ_CASES cases (default 10,000) and FUZZ_SECONDS seconds (default 480; running out
// of time fails the test rather than passing with fewer cases). FUZZ_SEED replays another sequence.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import fc from "fast-check";
import type { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../src/server/app.ts";
import type { AppEnv } from "../../src/server/context.ts";
import { envelopeSchema, isSuccessStatus } from "../../src/shared/envelope.ts";
import { isMessageKey, MESSAGES } from "../../src/shared/messages.ts";
import { lifeBody } from "../helpers/bodies.ts";
import { ADMIN_PASSWORD, ADMIN_USER, startTestServer, type TestServer } from "../helpers/server.ts";

const CASES = Number(process.env.FUZZ_CASES ?? 10_000);
const SECONDS = Number(process.env.FUZZ_SECONDS ?? 480);
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_125);
const CANARY = "CANARYq7Zx";

const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
  "base64",
);

/** Valid bodies of the stored-analysis modules, each carrying the canary. */
const MODULE_BODIES: Record<string, unknown> = {
  wb: lifeBody([10, 20, 30], [1, 0, 1], CANARY),
  alta: {
    description: CANARY,
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
    description: CANARY,
    settings: { missionTime: 1000 },
    nodes: [{ id: "a", kind: "regular", distribution: "weibull2p", p1: 1.5, p2: 1000 }],
    edges: [],
  },
  ftaexe: {
    description: CANARY,
    events: [
      { id: "top", type: "top", name: "Loss" },
      { id: "e1", type: "elementary", distribution: "fixedProb", p1: 0.01 },
      { id: "e2", type: "elementary", distribution: "exponential", p1: 0.001 },
    ],
    gates: [{ id: "g1", type: "or", output: "top", inputs: ["e1", "e2"] }],
  },
  rgt: { kind: "growthPlan", objectName: CANARY, plan: { confidence: 80 }, phases: [] },
  doe: {
    design: "paramBino",
    description: CANARY,
    inputs: { planner: "parametric-binomial", reliability: 90, confidence: 90 },
  },
  edfe: { objectNumber: "O-1", objectName: CANARY, trees: {} },
  epfe: { objectNumber: "O-1", objectName: CANARY, trees: {} },
  dict: {
    kind: "failure",
    description: CANARY,
    entries: [{ code: "F-1", name: "Seizure", level: "mode", description: CANARY }],
  },
  prediction: {
    description: CANARY,
    settings: { method: "partsCount", missionTime: 1000 },
    assemblies: [{ id: "system", name: "System", parent: null, environment: "GB" }],
    parts: [
      {
        id: "p1",
        assembly: "system",
        ref: "R1",
        partClass: "resistor",
        subtype: "RC",
        quantity: 2,
        quality: "M",
      },
    ],
  },
};

type Actor = "owner" | "other" | "visitor" | "admin" | "anonymous" | "bare" | "forged";

interface Route {
  method: string;
  path: string;
}

interface Fixture {
  ownerId: number;
  otherId: number;
  projectId: number;
  taskId: number;
  messageId: number;
  feedbackId: number;
  departmentId: number;
  fileId: string;
  binnedAnalysisId: number;
  analyses: Record<string, number>;
  configs: Record<string, number>;
}

/** Strings an attacker tries: control and bidi characters, lone surrogates, injections, numbers in text. */
const HOSTILE_TEXT = [
  "",
  " ",
  "\u0000",
  "a\u0000b",
  "\ud800",
  "x\udfff",
  "\u202egnp.exe",
  "\u2066iso",
  "line\nbreak",
  "tab\there",
  "\u0085",
  "javascript:alert(1)",
  "https://evil.test/x.png",
  "//evil.test/a",
  "' OR '1'='1",
  "'; drop table users; --",
  "<script>alert(1)</script>",
  "{{field}}",
  "%00",
  "%ED%A0%80",
  "../../etc/passwd",
  "0x10",
  "1e308",
  "-1",
  "0",
  "2147483648",
  "9007199254740993",
  "NaN",
  "Infinity",
  "__proto__",
  "constructor",
  "null",
  "true",
  "🙂",
  "中文名称",
  "x".repeat(300),
  "y".repeat(5000),
];
const HOSTILE_NUMBERS = [0, -1, 1, 1.5, -0.5, 2 ** 31, 2 ** 31 - 1, 2 ** 53, 1e308, -1e308, 5e-324, 1e-7];

const hostileString = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_TEXT) },
  { weight: 1, arbitrary: fc.string({ maxLength: 20 }) },
  { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 12 }) },
);
const hostileLeaf: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  { weight: 2, arbitrary: fc.constantFrom(...HOSTILE_NUMBERS) },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false, [], {}) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
  {
    weight: 1,
    arbitrary: fc.array(fc.constantFrom(...HOSTILE_NUMBERS, ...HOSTILE_TEXT.slice(0, 8)), { maxLength: 4 }),
  },
);

/** How a body is broken: kept valid (with someone else's token it probes permissions), one field
 * replaced or dropped somewhere in it, an extra field, a random JSON value, or raw text. */
type BodyPlan =
  | { kind: "valid" }
  | { kind: "replace"; pick: number; value: unknown }
  | { kind: "drop"; pick: number }
  | { kind: "extra"; key: string; value: unknown }
  | { kind: "random"; value: unknown }
  | { kind: "raw"; text: string };

const rawText = fc.oneof(
  fc.nat({ max: 6000 }).map((n) => `${"[".repeat(n)}${"]".repeat(n)}`),
  fc.nat({ max: 200 }).map((n) => `{"a":${'{"a":'.repeat(n)}1${"}".repeat(n)}}`),
  fc.constantFrom(
    '{"name":',
    "{'name': 'x'}",
    '{"name":"a\\u0000b","code":"C"}',
    '{"name":"\\ud800","code":"C"}',
    '{"name":"x","code":"C","__proto__":{"admin":true}}',
    "\ufeff{}",
    "null",
    "[]",
    '"text"',
    "1e999",
    "name=x&code=y",
  ),
  fc.string({ maxLength: 50 }),
);

const bodyPlan: fc.Arbitrary<BodyPlan> = fc.oneof(
  { weight: 2, arbitrary: fc.constant<BodyPlan>({ kind: "valid" }) },
  {
    weight: 4,
    arbitrary: fc.record({ kind: fc.constant("replace" as const), pick: fc.nat(), value: hostileLeaf }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("drop" as const), pick: fc.nat() }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant("extra" as const),
      key: fc.oneof(
        hostileString,
        fc.constantFrom("compilerUserId", "userId", "roles", "vip", "id", "version"),
      ),
      value: hostileLeaf,
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant("random" as const), value: fc.jsonValue({ maxDepth: 3 }) }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("raw" as const), text: rawText }) },
);

/** What fills a path parameter: the owner's own resource, a far-away number, or hostile text. */
type ParamPlan = { kind: "owned" } | { kind: "far"; n: number } | { kind: "hostile"; text: string };
const paramPlan: fc.Arbitrary<ParamPlan> = fc.oneof(
  { weight: 4, arbitrary: fc.constant<ParamPlan>({ kind: "owned" }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant("far" as const),
      n: fc.integer({ min: 100_000, max: 2 ** 31 - 1 }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("hostile" as const), text: hostileString }) },
);

const QUERY_NAMES = [
  "page",
  "pageSize",
  "keyword",
  "name",
  "projectId",
  "mine",
  "columns",
  "kind",
  "module",
  "status",
  "enabled",
  "box",
  "unread",
  "departmentId",
  "role",
  "token",
  "inline",
  "timeStamp",
  "feedBackModule",
  "unknown",
];
const queryPlan = fc.dictionary(fc.constantFrom(...QUERY_NAMES), hostileString, { maxKeys: 3 });

const CONTENT_TYPES = [
  "application/json",
  "application/json; charset=utf-8",
  "application/vnd.api+json",
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data",
  "",
] as const;
const contentTypePlan = fc.oneof(
  { weight: 6, arbitrary: fc.constant("application/json") },
  { weight: 3, arbitrary: fc.constantFrom(...CONTENT_TYPES) },
);

const actorPlan = fc.oneof(
  { weight: 4, arbitrary: fc.constant<Actor>("other") },
  { weight: 3, arbitrary: fc.constant<Actor>("owner") },
  { weight: 1, arbitrary: fc.constant<Actor>("visitor") },
  { weight: 1, arbitrary: fc.constant<Actor>("admin") },
  { weight: 1, arbitrary: fc.constantFrom<Actor>("anonymous", "bare", "forged") },
);

/** Routes that end or replace the caller's session: the caller logs in again afterwards. */
const SESSION_ENDING = /\/(logout|role\/|language\/|account\/password|twoFactorValidate)/;

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

const placeholders = (template: string) => [...template.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]);

/** Percent-encoding that also carries lone surrogates (as their 3-byte WTF-8 form, as a raw client may). */
function encodeSegment(text: string): string {
  let out = "";
  for (const ch of text) {
    const unit = ch.charCodeAt(0);
    if (ch.length === 1 && unit >= 0xd800 && unit <= 0xdfff) {
      out += [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join("");
    } else out += encodeURIComponent(ch);
  }
  return out;
}

function paths(value: unknown, prefix: string[] = [], out: string[][] = []): string[][] {
  if (value && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      out.push([...prefix, key]);
      if (prefix.length < 3) paths(item, [...prefix, key], out);
    }
  }
  return out;
}

function withoutCanary(value: unknown): unknown {
  return value === undefined ? value : JSON.parse(JSON.stringify(value).replaceAll(CANARY, "OTHERq7Zx"));
}

function applyPlan(valid: unknown, plan: BodyPlan): unknown {
  if (plan.kind === "valid") return valid;
  if (plan.kind === "random") return plan.value;
  if (plan.kind === "raw") return undefined;
  const copy = structuredClone(valid ?? {}) as Record<string, unknown>;
  if (plan.kind === "extra") {
    Object.defineProperty(copy, plan.key, {
      value: plan.value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
    return copy;
  }
  const all = paths(copy);
  if (all.length === 0) return plan.kind === "replace" ? plan.value : copy;
  const target = all[plan.pick % all.length];
  let holder = copy as Record<string, unknown>;
  for (const key of target.slice(0, -1)) holder = holder[key] as Record<string, unknown>;
  const last = target[target.length - 1];
  if (plan.kind === "drop") delete holder[last];
  else holder[last] = plan.value;
  return copy;
}

describe("fuzz: every route of the API under generated hostile input", () => {
  let s: TestServer;
  let app: Hono<AppEnv>;
  let routes: Route[];
  let fixture: Fixture;
  const uploadDir = mkdtempSync(join(tmpdir(), "relbench-fuzz-uploads-"));
  const tokens: Partial<Record<Actor, string>> = {};
  const passwords: Partial<Record<Actor, string>> = {};
  const names: Partial<Record<Actor, string>> = {};
  const addressOf = (actor: Actor) =>
    `10.9.${["owner", "other", "visitor", "admin", "anonymous", "bare", "forged"].indexOf(actor)}.1`;
  const stats = { cases: 0, byRoute: new Map<string, number>(), byStatus: new Map<number, number>() };

  async function request(
    method: string,
    path: string,
    init: { headers?: Record<string, string>; body?: BodyInit } = {},
  ) {
    return app.request(path, { method, headers: init.headers, body: init.body });
  }

  async function json<T>(
    method: string,
    path: string,
    token: string | undefined,
    body?: unknown,
  ): Promise<T> {
    const headers: Record<string, string> = { "X-Forwarded-For": "10.0.0.1" };
    if (token) headers.Authorization = `Bearer ${token}`;
    if (body !== undefined) headers["Content-Type"] = "application/json";
    const res = await request(method, path, {
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const envelope = (await res.json()) as { status: number; data: T };
    if (!isSuccessStatus(envelope.status)) throw new Error(`${method} ${path}: ${JSON.stringify(envelope)}`);
    return envelope.data;
  }

  async function login(actor: Actor): Promise<void> {
    const data = await json<{ token: { token: string } }>("POST", "/api/authority/users/login", undefined, {
      userName: names[actor],
      password: passwords[actor],
    });
    tokens[actor] = data.token.token;
  }

  /**
   * Records every change to what the owner sees (their account, records, fixture task, message,
   * department): triggers on the tables append to fuzz_changes, so a case is checked with one count
   * instead of re-reading everything. Logins only touch last_login_at, which is left out.
   */
  async function watchOwnerData(): Promise<void> {
    const f = fixture;
    const watched: [string, string][] = [
      ["users", `id = ${f.ownerId}`],
      ["projects", `compiler_user_id = ${f.ownerId}`],
      ["project_parts", `project_id = ${f.projectId}`],
      ["analyses", `compiler_user_id = ${f.ownerId}`],
      ["fmea_configs", `compiler_user_id = ${f.ownerId}`],
      ["tasks", `id = ${f.taskId}`],
      ["messages", `id = ${f.messageId}`],
      ["feedback", `user_id = ${f.ownerId}`],
      ["files", `owner_user_id = ${f.ownerId}`],
      ["org_units", `id = ${f.departmentId}`],
      ["org_members", `unit_id = ${f.departmentId}`],
    ];
    const db = s.database.db;
    await db.execute(
      sql.raw("create table fuzz_changes (at bigint generated always as identity, what text)"),
    );
    for (const [table, owned] of watched) {
      const row = (name: string) => owned.replace(/^(\w+)/, `${name}.$1`);
      await db.execute(
        sql.raw(`create function fuzz_watch_${table}() returns trigger language plpgsql as $$
          begin
            if (tg_op <> 'INSERT' and ${row("old")}) or (tg_op <> 'DELETE' and ${row("new")}) then
              if tg_op <> 'UPDATE' or (to_jsonb(old) - 'last_login_at') is distinct from (to_jsonb(new) - 'last_login_at') then
                insert into fuzz_changes (what) values (tg_op || ' ${table}');
              end if;
            end if;
            return null;
          end $$`),
      );
      await db.execute(
        sql.raw(`create trigger fuzz_watch after insert or update or delete on ${table}
          for each row execute function fuzz_watch_${table}()`),
      );
    }
  }

  /** How many changes to the owner's data there have been so far, and the last one. */
  async function ownerChanges(): Promise<string> {
    const result = (await s.database.db.execute(
      sql.raw(
        "select count(*)::int as n, max(what) filter (where at = (select max(at) from fuzz_changes)) as what from fuzz_changes",
      ),
    )) as unknown as { rows: { n: number; what: string | null }[] };
    return `${result.rows[0].n} (last: ${result.rows[0].what})`;
  }

  beforeAll(async () => {
    s = await startTestServer();
    // A second app over the same database, called in-process (no socket); client addresses come from
    // X-Forwarded-For so each actor has its own throttle budget.
    app = createApp({
      database: s.database,
      settings: { scrypt: { log2N: 10, r: 8, p: 1 }, uploadDir, trustProxy: true },
      log: () => {},
    });
    const seen = new Set<string>();
    routes = [];
    for (const r of app.routes) {
      const key = `${r.method} ${r.path}`;
      if (r.method === "ALL" || !r.path.startsWith("/api/") || seen.has(key)) continue;
      seen.add(key);
      routes.push({ method: r.method, path: r.path });
    }

    const owner = await s.makeUser(["owner"], "fuzzowner");
    // The other users get ids far from the small numbers generated values favour, so a generated field
    // never happens to share the owner's records with them (a manager, an assignee) on purpose.
    await s.database.db.execute(sql`alter table users alter column id restart with 7000001`);
    const other = await s.makeUser(["owner"], "fuzzother");
    const visitor = await s.makeUser(["visitor"], "fuzzvisitor");
    for (const [actor, user] of [
      ["owner", owner],
      ["other", other],
      ["visitor", visitor],
    ] as const) {
      names[actor] = user.userName;
      passwords[actor] = user.password;
      await login(actor);
    }
    names.admin = ADMIN_USER;
    passwords.admin = ADMIN_PASSWORD;
    await login("admin");

    const t = tokens.owner;
    const project = await json<{ id: number }>("POST", "/api/authority/projects", t, {
      name: `Project ${CANARY}`,
      code: `C-${CANARY}`,
      parts: [{ partNumber: `PN-${CANARY}`, partName: `Part ${CANARY}` }],
    });
    const [task] = await json<{ id: number }[]>("POST", "/api/authority/tasks", t, {
      title: `Task ${CANARY}`,
      content: CANARY,
      assigneeUserIds: [owner.userId],
      projectId: project.id,
    });
    const [message] = await json<{ id: number }[]>("POST", "/api/authority/messages", t, {
      title: `Note ${CANARY}`,
      content: CANARY,
      toUserIds: [owner.userId],
    });
    const form = new FormData();
    form.append("file", new Blob([PNG], { type: "image/png" }), `${CANARY}.png`);
    const uploaded = await request("POST", "/api/authority/uploadFile", {
      headers: { Authorization: `Bearer ${t}`, "X-Forwarded-For": "10.0.0.1" },
      body: form,
    });
    const file = ((await uploaded.json()) as { data: { id: string; path: string } }).data;
    const feedback = await json<{ id: number }>("POST", "/api/authority/feedBack", t, {
      feedBackModule: 0,
      feedBackType: 0,
      feedBackDetail: `Feedback ${CANARY}`,
      feedBackFiles: [file.path],
    });
    const department = await json<{ id: number }>("POST", "/api/authority/departments", tokens.admin, {
      kind: "department",
      name: `Dept ${CANARY}`,
    });
    await json("POST", `/api/authority/departments/${department.id}/members`, tokens.admin, {
      userIds: [owner.userId],
    });
    const analyses: Record<string, number> = {};
    for (const [module, body] of Object.entries(MODULE_BODIES)) {
      const created = await json<{ id: number }>("POST", `/api/${module}/analyses`, t, {
        name: `Analysis ${CANARY}`,
        projectId: project.id,
        body,
      });
      analyses[module] = created.id;
    }
    const binned = await json<{ id: number }>("POST", "/api/rbd/analyses", t, {
      name: `Binned ${CANARY}`,
      body: MODULE_BODIES.rbd,
    });
    await json("DELETE", `/api/rbd/analyses/${binned.id}`, t);
    const configs: Record<string, number> = {};
    for (const module of ["edfe", "epfe"]) {
      // Left disabled: an enabled configuration is the shared default everyone may read.
      const config = await json<{ id: number }>("POST", `/api/${module}/configs`, t, {
        name: `Scales ${CANARY}`,
        settings: { note: CANARY },
      });
      configs[module] = config.id;
    }
    fixture = {
      ownerId: owner.userId,
      otherId: other.userId,
      projectId: project.id,
      taskId: task.id,
      messageId: message.id,
      feedbackId: feedback.id,
      departmentId: department.id,
      fileId: file.id,
      binnedAnalysisId: binned.id,
      analyses,
      configs,
    };
    await watchOwnerData();
  });

  afterAll(async () => {
    await s?.close();
    rmSync(uploadDir, { recursive: true, force: true });
  });

  /** The owner's resource a path parameter of this route names. */
  function ownedValue(route: Route, param: string): string {
    const f = fixture;
    const p = route.path;
    if (param === "kind") return "analysis";
    if (param === "roleCode") return "owner";
    if (param === "lang") return "en";
    if (param === "value") return names.owner ?? "x";
    if (param === "userId") return String(f.ownerId);
    const module = /^\/api\/(\w+)\/(analyses|configs)\//.exec(p);
    if (module) return String(module[2] === "analyses" ? f.analyses[module[1]] : f.configs[module[1]]);
    if (p.startsWith("/api/authority/recycle/")) return String(f.binnedAnalysisId);
    if (p.startsWith("/api/file/")) return f.fileId;
    if (p.includes("/projects/")) return String(f.projectId);
    if (p.includes("/tasks/")) return String(f.taskId);
    if (p.includes("/messages/")) return String(f.messageId);
    if (p.includes("/feedBack/")) return String(f.feedbackId);
    if (p.includes("/departments/")) return String(f.departmentId);
    if (p.includes("/users/account/")) return String(f.ownerId);
    return "1";
  }

  /** A valid body for this route, aimed at the owner's resources. */
  function validBody(route: Route): unknown {
    const f = fixture;
    const p = route.path;
    const module = /^\/api\/(\w+)\/(analyses|configs)/.exec(p);
    if (module?.[2] === "analyses") {
      if (p.endsWith("/copy")) return { name: "Copy" };
      if (p.endsWith("/ops"))
        return {
          ops: [
            {
              op: "add",
              node: {
                id: "r1",
                parentId: null,
                kind: "stru",
                elementType: module[1] === "edfe" ? "system" : "procItem",
                name: CANARY,
                ord: 0,
              },
            },
          ],
        };
      const base = { name: "Edited", projectId: f.projectId, body: MODULE_BODIES[module[1]] };
      return route.method === "PUT" ? { ...base, version: 1 } : base;
    }
    if (module?.[2] === "configs")
      return route.method === "PUT" ? { version: 1, name: "Edited" } : { name: "Scales", settings: {} };
    const bodies: Record<string, unknown> = {
      "POST /api/authority/users/login": { userName: names.owner, password: "Wrong#123" },
      "POST /api/authority/users/twoFactorValidate": { code: "123456" },
      "POST /api/authority/users/twoFactor": { action: "setup" },
      "POST /api/authority/users/account/wxLogin": { code: "abc" },
      "PUT /api/authority/users/account/password": {
        oldPassword: "Wrong#123",
        newPassword: "Other#456",
        algin: "Other#456",
      },
      "PUT /api/authority/users/modification": {
        nickname: "Nick",
        introduction: "Hi",
        avatar: "/api/file/x",
      },
      "PUT /api/authority/users/bindPhoneNumber": { phoneNumber: "13800138000", password: "Wrong#123" },
      "POST /api/authority/users/account/registration": {
        userName: "newcomer",
        password: "Pass#123",
        invitationCode: "123456",
      },
      "POST /api/authority/users/account": { userName: "created", roles: ["visitor"] },
      "PUT /api/authority/users": { userId: f.ownerId, nickname: "Renamed", roles: ["visitor"] },
      "POST /api/authority/departments": { kind: "team", name: "Team" },
      "PUT /api/authority/departments/:id": { name: "Renamed", leaderUserId: f.ownerId },
      "POST /api/authority/departments/:id/members": { userIds: [f.otherId] },
      "POST /api/authority/projects": { name: "Project", code: "P-1", managerUserId: f.ownerId },
      "PUT /api/authority/projects/:id": { version: 1, name: "Renamed" },
      "PUT /api/authority/projects/:id/status": { action: "terminate" },
      "POST /api/authority/tasks": { title: "Task", assigneeUserIds: [f.ownerId], projectId: f.projectId },
      "PUT /api/authority/tasks/:id": { title: "Renamed", status: "done" },
      "POST /api/authority/messages": { title: "Hi", content: "text", toUserIds: [f.ownerId] },
      "POST /api/authority/feedBack": { feedBackModule: 0, feedBackType: 0, feedBackDetail: "Detail" },
      "PUT /api/authority/feedBack": { id: f.feedbackId, reply: "Thanks", status: 1 },
      "POST /api/file/download": { id: f.fileId },
    };
    return bodies[`${route.method} ${p}`] ?? {};
  }

  function tokenHeader(actor: Actor): Record<string, string> {
    if (actor === "anonymous") return {};
    if (actor === "bare") return { Authorization: tokens.other ?? "" };
    if (actor === "forged") return { Authorization: "Bearer AAAAforgedAAAAtokenAAAAAAAAAAAAAAAAAAAAAAAA" };
    return { Authorization: `Bearer ${tokens[actor]}` };
  }

  interface Case {
    route: number;
    actor: Actor;
    params: ParamPlan[];
    query: Record<string, string>;
    body: BodyPlan;
    contentType: string;
  }

  /** Runs one case and checks every property; returns a description for failure messages. */
  async function runCase(c: Case, baseline: { digest: string }): Promise<void> {
    const route = routes[c.route % routes.length];
    let actor = c.actor;
    // Enabling a configuration makes it the shared default, legitimately readable by everyone.
    const destructive =
      route.method === "DELETE" || SESSION_ENDING.test(route.path) || route.path.endsWith("/enable");
    // The owner and the admin may really change things; they are kept away from what would delete the
    // fixture or end their own session, and the admin from other people's accounts.
    if (
      actor === "admin" &&
      (destructive || (route.method !== "GET" && /\/authority\/(users|departments)/.test(route.path)))
    )
      actor = "other";
    let pathIndex = 0;
    const path = route.path.replace(/:(\w+)/g, (_, name: string) => {
      const plan = c.params[pathIndex++ % Math.max(1, c.params.length)] ?? { kind: "owned" };
      if (plan.kind === "owned" && !(actor === "owner" && destructive))
        return encodeSegment(ownedValue(route, name));
      if (plan.kind === "hostile") return encodeSegment(plan.text);
      return String(plan.kind === "far" ? plan.n : 987_654_321);
    });
    const query = new URLSearchParams(c.query).toString();
    const url = `${path}${query ? `?${query}` : ""}`;
    const headers: Record<string, string> = { ...tokenHeader(actor), "X-Forwarded-For": addressOf(actor) };
    let body: BodyInit | undefined;
    if (route.method !== "GET") {
      if (route.path === "/api/authority/uploadFile" && c.body.kind !== "raw") {
        const form = new FormData();
        const bytes =
          c.body.kind === "valid" ? PNG : Buffer.from(String(JSON.stringify(applyPlan({}, c.body))));
        form.append(
          "file",
          new Blob([new Uint8Array(bytes)], { type: "image/png" }),
          c.body.kind === "valid" ? "a.png" : `${String(c.contentType)}.png`,
        );
        if (c.body.kind === "replace") form.append("purpose", String(c.body.value));
        body = form;
      } else {
        // Another user's valid body carries no canary: what they store is theirs and may come back to them.
        const valid =
          actor === "owner" || actor === "admin" ? validBody(route) : withoutCanary(validBody(route));
        const value = applyPlan(valid, c.body);
        body = c.body.kind === "raw" ? c.body.text : JSON.stringify(value);
        // The templates carry the owner's canary; what another actor stores must not, or its own
        // documents would read as a leak.
        if (actor !== "owner" && actor !== "admin") body = body.replaceAll(CANARY, "OtherText");
        if (c.contentType) headers["Content-Type"] = c.contentType;
      }
    }
    const res = await request(route.method, url, { headers, body });
    const sent = `${decodeURIComponentSafe(url)} ${typeof body === "string" ? body : ""} ${JSON.stringify(c)}`;
    const text = await res.text();
    const where = `${route.method} ${url} as ${actor} (${res.status}): ${text.slice(0, 300)}`;
    stats.cases++;
    const key = `${route.method} ${route.path}`;
    stats.byRoute.set(key, (stats.byRoute.get(key) ?? 0) + 1);
    stats.byStatus.set(res.status, (stats.byStatus.get(res.status) ?? 0) + 1);

    expect(res.status, where).toBeLessThan(500);
    const type = res.headers.get("Content-Type") ?? "";
    let success = false;
    if (type.startsWith("application/json")) {
      const parsed = envelopeSchema.safeParse(JSON.parse(text));
      expect(parsed.success, where).toBe(true);
      const envelope = parsed.data;
      success = !!envelope && isSuccessStatus(envelope.status) && res.status < 400;
      // A placeholder of the message's template left unfilled; braces the caller sent and the message
      // echoes (a JSON key, a role name) are theirs, not an unfilled placeholder.
      const unfilled = (key: string, msg: string, params?: Record<string, unknown>) =>
        isMessageKey(key)
          ? placeholders(MESSAGES[key]).filter(
              (p) => !(params && p in params) && msg.includes(`{{${p}}}`) && !sent.includes(`{{${p}}}`),
            )
          : [];
      if (envelope?.msgKey) {
        const missing = placeholders(isMessageKey(envelope.msgKey) ? MESSAGES[envelope.msgKey] : "").filter(
          (p) => !envelope.msgParams || !(p in envelope.msgParams),
        );
        expect(missing, `unfilled parameters: ${where}`).toEqual([]);
      } else if (!sent.includes("{{")) expect(envelope?.msg, where).not.toContain("{{");
      if (!success) {
        expect(res.status, where).toBeGreaterThanOrEqual(400);
        expect(isMessageKey(envelope?.msgKey ?? ""), where).toBe(true);
        const issues =
          (envelope?.data as { issues?: { msg: string; msgKey: string }[] } | null)?.issues ?? [];
        for (const issue of issues) {
          expect(unfilled(issue.msgKey, issue.msg), `unfilled parameters: ${where}`).toEqual([]);
          expect(isMessageKey(issue.msgKey), where).toBe(true);
        }
      }
    } else {
      // Only a file download answers with something other than an envelope.
      expect([res.status, /^\/api\/file\//.test(route.path)], where).toEqual([200, true]);
      success = true;
    }
    if (actor !== "owner" && actor !== "admin") {
      expect(text, where).not.toContain(CANARY);
      expect(res.headers.get("Content-Disposition") ?? "", where).not.toContain(CANARY);
    }
    if (route.method !== "GET") {
      const digest = await ownerChanges();
      if (!success || (actor !== "owner" && actor !== "admin"))
        expect(digest, `owner's data changed: ${where}`).toBe(baseline.digest);
      baseline.digest = digest;
    }
    if (SESSION_ENDING.test(route.path) && names[actor]) await login(actor);
  }

  it(
    "answers every route without a 500, in the envelope, without leaking or changing the owner's data",
    async () => {
      const started = Date.now();
      // The watch sees a real change of the owner's data, and not one of someone else's.
      const before = await ownerChanges();
      await json("PUT", "/api/authority/users/modification", tokens.other, { nickname: "Other" });
      expect(await ownerChanges()).toBe(before);
      await json("PUT", "/api/authority/users/modification", tokens.owner, { nickname: "Owner" });
      expect(await ownerChanges()).not.toBe(before);
      const baseline = { digest: await ownerChanges() };
      // The permission matrix first: every route with the other user's token against the owner's resources
      // and a valid body, then anonymously and with a bare (prefix-less) token.
      for (const actor of ["other", "visitor", "anonymous", "bare"] as Actor[]) {
        for (let route = 0; route < routes.length; route++) {
          await runCase(
            {
              route,
              actor,
              params: [{ kind: "owned" }],
              query: {},
              body: { kind: "valid" },
              contentType: "application/json",
            },
            baseline,
          );
        }
      }
      const caseArb = fc.record({
        route: fc.nat({ max: routes.length - 1 }),
        actor: actorPlan,
        params: fc.array(paramPlan, { minLength: 1, maxLength: 2 }),
        query: queryPlan,
        body: bodyPlan,
        contentType: contentTypePlan,
      });
      const remaining = Math.max(0, CASES - stats.cases);
      await fc.assert(
        fc.asyncProperty(caseArb, (c) => runCase(c, baseline)),
        {
          seed: SEED,
          numRuns: remaining,
          interruptAfterTimeLimit: SECONDS * 1000,
          markInterruptAsFailure: true,
          endOnFailure: true,
        },
      );
      const seconds = (Date.now() - started) / 1000;
      const statuses = [...stats.byStatus]
        .sort((a, b) => a[0] - b[0])
        .map(([k, v]) => `${k}: ${v}`)
        .join(", ");
      const fewest = Math.min(...routes.map((r) => stats.byRoute.get(`${r.method} ${r.path}`) ?? 0));
      console.log(
        `fuzz: ${stats.cases} cases over ${routes.length} endpoints (at least ${fewest} each) in ${seconds.toFixed(1)} s, seed ${SEED}; HTTP ${statuses}`,
      );
      expect(stats.cases).toBeGreaterThanOrEqual(CASES);
      expect(stats.byRoute.size).toBe(routes.length);
    },
    (SECONDS + 120) * 1000,
  );
});
