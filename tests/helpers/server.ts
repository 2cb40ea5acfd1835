// Starts the real REST service on a random loopback port over a real database: an in-memory PGlite, or,
// when DATABASE_URL is set, a fresh database created for this server on that PostgreSQL server (dropped
// again on close), so test files running in parallel never share rows. The first-start seeding runs as
// in production: an admin account and the demo project.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { serve } from "@hono/node-server";
import pg from "pg";
import { type AppDeps, createApp, createServices } from "../../src/server/app.ts";
import { type Database, openDatabase } from "../../src/server/db/client.ts";
import { type SeedResult, seedFirstStart } from "../../src/server/seed.ts";
import type { Envelope } from "../../src/shared/envelope.ts";

export const ADMIN_USER = "admin";
export const ADMIN_PASSWORD = "Admin#2026";

export interface CallOptions {
  token?: string | null;
  body?: unknown;
  /** Sent as is (for malformed JSON and raw uploads). */
  rawBody?: BodyInit;
  headers?: Record<string, string>;
  query?: Record<string, string | number>;
}

export interface CallResult<T = unknown> {
  http: number;
  body: Envelope<T>;
  headers: Headers;
}

export interface TestUser {
  userId: number;
  userName: string;
  password: string;
  token: string;
}

export interface TestServer {
  url: string;
  database: Database;
  /** The PostgreSQL database of this suite (with DATABASE_URL), for a second server process on it. */
  databaseUrl?: string;
  seed: SeedResult;
  call<T = unknown>(method: string, path: string, options?: CallOptions): Promise<CallResult<T>>;
  login(userName: string, password: string): Promise<string>;
  adminToken(): Promise<string>;
  /** An account made by the admin, logged in, with its one-time password already replaced. */
  makeUser(roles: string[], userName?: string): Promise<TestUser>;
  close(): Promise<void>;
}

async function freshPostgresDatabase(baseUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `relbench_t_${process.pid}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

let userCounter = 0;

export async function startTestServer(options: Omit<AppDeps, "database"> = {}): Promise<TestServer> {
  const base = process.env.DATABASE_URL || undefined;
  const fresh = base ? await freshPostgresDatabase(base) : undefined;
  const database = await openDatabase({ databaseUrl: fresh?.url });
  const ownUploadDir = options.settings?.uploadDir
    ? undefined
    : mkdtempSync(join(tmpdir(), "relbench-test-uploads-"));
  // Suites hash with N = 2^12 to stay fast; auth.test.ts runs the production cost (PRODUCTION_SCRYPT).
  const settings = {
    scrypt: { log2N: 12, r: 8, p: 1 },
    ...options.settings,
    uploadDir: options.settings?.uploadDir ?? ownUploadDir,
  };
  const deps: AppDeps = { ...options, settings, database, log: options.log ?? (() => {}) };
  const services = createServices(deps);
  const seed = await seedFirstStart(
    database.db,
    services.hasher,
    { adminUserName: ADMIN_USER, adminPassword: ADMIN_PASSWORD, seedDemo: true },
    () => {},
  );
  if (!seed) throw new Error("the test database was not empty");
  const app = createApp(deps);
  const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" });
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;

  async function call<T>(method: string, path: string, o: CallOptions = {}): Promise<CallResult<T>> {
    const headers: Record<string, string> = { ...(o.headers ?? {}) };
    if (o.token) headers.Authorization = `Bearer ${o.token}`;
    let body: BodyInit | undefined = o.rawBody;
    if (o.body !== undefined) {
      headers["Content-Type"] = "application/json";
      body = JSON.stringify(o.body);
    }
    const query = o.query
      ? `?${new URLSearchParams(Object.entries(o.query).map(([k, v]) => [k, String(v)]))}`
      : "";
    const response = await fetch(`${url}${path}${query}`, { method, headers, body });
    const text = await response.text();
    let parsed: Envelope<T>;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new Error(`${method} ${path}: HTTP ${response.status}, not JSON: ${text.slice(0, 200)}`);
    }
    return { http: response.status, body: parsed, headers: response.headers };
  }

  async function login(userName: string, password: string): Promise<string> {
    const r = await call<{ token: { token: string } }>("POST", "/api/authority/users/login", {
      body: { userName, password },
    });
    if (r.body.status !== 0 && r.body.status !== 2) {
      throw new Error(`login of ${userName} failed: ${JSON.stringify(r.body)}`);
    }
    return r.body.data.token.token;
  }

  let adminTokenCache: string | undefined;
  const adminToken = async () => {
    adminTokenCache ??= await login(ADMIN_USER, ADMIN_PASSWORD);
    return adminTokenCache;
  };

  async function makeUser(
    roles: string[],
    userName = `user${++userCounter}x${process.pid % 1000}`,
  ): Promise<TestUser> {
    const initial = "Initial#1";
    const created = await call<{ user: { userId: number } }>("POST", "/api/authority/users/account", {
      token: await adminToken(),
      body: { userName, roles, password: initial },
    });
    if (created.body.status !== 0)
      throw new Error(`creating ${userName} failed: ${JSON.stringify(created.body)}`);
    const oneTime = await login(userName, initial);
    const password = "Chosen#22";
    const changed = await call<{ token: { token: string } }>("PUT", "/api/authority/users/account/password", {
      token: oneTime,
      body: { oldPassword: initial, newPassword: password, algin: password },
    });
    if (changed.body.status !== 0)
      throw new Error(`password change of ${userName} failed: ${JSON.stringify(changed.body)}`);
    return {
      userId: created.body.data.user.userId,
      userName,
      password,
      token: changed.body.data.token.token,
    };
  }

  return {
    url,
    database,
    databaseUrl: fresh?.url,
    seed,
    call,
    login,
    adminToken,
    makeUser,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      // A suite may have closed the database on purpose; the rest is cleaned up regardless.
      await database.close().catch(() => {});
      await fresh?.drop();
      if (ownUploadDir) rmSync(ownUploadDir, { recursive: true, force: true });
    },
  };
}
