// What every answer shares: the envelope, validation of body, query and path, body size limits,
// security headers, request ids, and unexpected errors that are logged but never shown.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONTENT_SECURITY_POLICY } from "../../src/server/http/middleware.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";

describe("HTTP behaviour common to all endpoints", () => {
  let s: TestServer;
  let token: string;
  beforeAll(async () => {
    s = await startTestServer();
    token = await s.adminToken();
  });
  afterAll(async () => {
    await s?.close();
  });

  it("sends the security headers, a request id and no caching on every API answer", async () => {
    const r = await s.call("GET", "/api/authority/users/info", { token });
    expect(r.headers.get("content-security-policy")).toBe(CONTENT_SECURITY_POLICY);
    expect(CONTENT_SECURITY_POLICY).toContain("script-src 'self' 'wasm-unsafe-eval'");
    expect(CONTENT_SECURITY_POLICY).toContain("frame-ancestors 'none'");
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/unsafe-eval'(?<!wasm-unsafe-eval')|\*/);
    expect(r.headers.get("x-content-type-options")).toBe("nosniff");
    expect(r.headers.get("referrer-policy")).toBe("no-referrer");
    expect(r.headers.get("x-frame-options")).toBe("DENY");
    expect(r.headers.get("cache-control")).toBe("no-store");
    expect(r.headers.get("x-request-id")).toMatch(/^[0-9a-f]{16}$/);
  });

  it("answers unknown paths and methods with 'No Such Operation.'", async () => {
    for (const [method, path] of [
      ["GET", "/api/nothing/here"],
      ["PATCH", "/api/wb/analyses"],
      ["GET", "/api/authority/users/login"],
    ]) {
      const r = await s.call(method, path, { token });
      expect([r.http, r.body.status, r.body.msg], `${method} ${path}`).toEqual([
        404,
        1004,
        "No Such Operation.",
      ]);
    }
  });

  it("refuses malformed JSON with a clear message", async () => {
    for (const raw of ["{", "{'userName': 'admin'}", "[1,2", "undefined"]) {
      const r = await s.call("POST", "/api/authority/users/login", {
        rawBody: raw,
        headers: { "Content-Type": "application/json" },
      });
      expect([r.http, r.body.status, r.body.msg], raw).toEqual([
        400,
        1001,
        "The request body is not valid JSON.",
      ]);
    }
  });

  it("validates bodies, queries and path parameters with field names and message keys", async () => {
    const body = await s.call<{ issues: { path: string; msgKey: string }[] }>(
      "POST",
      "/api/authority/projects",
      {
        token,
        body: { name: "", code: 5 },
      },
    );
    expect(body.body.status).toBe(1001);
    expect(body.body.msg).toBe("Please input a name.");
    expect(body.body.data.issues.map((i) => i.path)).toEqual(["name", "code"]);
    const query = await s.call("GET", "/api/wb/analyses", { token, query: { page: 0 } });
    expect([query.http, query.body.status]).toEqual([400, 1001]);
    expect(query.body.msg).toMatch(/^query\.page: /);
    const path = await s.call("GET", "/api/wb/analyses/abc", { token });
    expect(path.body.msg).toMatch(/^path\.id\b/);
    const huge = await s.call("GET", "/api/wb/analyses/99999999999999999999", { token });
    expect(huge.body.status).toBe(1001);
    // Extra fields the original client adds are ignored, not refused.
    const extra = await s.call("POST", "/api/doe/analyses", {
      token,
      body: {
        name: "x",
        compilerUserId: "1",
        counselorUserId: ["2"],
        body: { design: "paramBino", inputs: { planner: "parametric-binomial" } },
      },
      query: { timeStamp: Date.now() },
    });
    expect(extra.body.status).toBe(0);
  });

  it("limits body sizes per route", async () => {
    const big = (bytes: number) => JSON.stringify({ name: "x", padding: "a".repeat(bytes) });
    const small = await s.call("POST", "/api/authority/projects", {
      token,
      rawBody: big(1024 * 1024),
      headers: { "Content-Type": "application/json" },
    });
    expect([small.http, small.body.status, small.body.msg]).toEqual([
      413,
      1013,
      "The request is too large (at most 1 MB).",
    ]);
    const doe = await s.call("POST", "/api/doe/analyses", {
      token,
      rawBody: big(8 * 1024 * 1024),
      headers: { "Content-Type": "application/json" },
    });
    expect([doe.http, doe.body.msg]).toEqual([413, "The request is too large (at most 8 MB)."]);
    // The same size is fine where life data is stored.
    const wb = await s.call("POST", "/api/wb/analyses", {
      token,
      rawBody: big(8 * 1024 * 1024),
      headers: { "Content-Type": "application/json" },
    });
    expect([wb.http, wb.body.status]).toEqual([400, 1001]);
  });

  it("keeps stack traces, SQL and paths out of answers to unexpected errors", async () => {
    const logged: string[] = [];
    const broken = await startTestServer({ log: (line) => logged.push(line) });
    const admin = await broken.adminToken();
    await broken.database.close();
    const r = await broken.call("GET", "/api/wb/analyses", { token: admin });
    expect([r.http, r.body.status]).toEqual([500, 1000]);
    expect(r.body.requestId).toMatch(/^[0-9a-f]{16}$/);
    expect(r.body.msg).toBe(`The server could not complete the request (reference ${r.body.requestId}).`);
    const text = JSON.stringify(r.body);
    for (const leak of [
      "select ",
      "SELECT ",
      "from ",
      "/work/",
      "node_modules",
      "    at ",
      ".ts:",
      "PGlite",
      "Error:",
    ]) {
      expect(text.includes(leak), leak).toBe(false);
    }
    expect(logged.some((line) => line.includes(r.body.requestId as string))).toBe(true);
    await broken.close();
  });
});
