import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiError, createHttpClient, type HttpHooks } from "../../../src/app/api/http.ts";
import { interpretResponse, parseTimestamp, prepareRequest } from "../../../src/app/api/interceptors.ts";

describe("request interceptor (spec 7)", () => {
  const ctx = { token: "tok", fmea: { compilerUserId: "7", counselorUserId: ["8"] }, now: 1_700_000_000_000 };

  it("sends the stored token and adds timeStamp to GETs only", () => {
    const get = prepareRequest({ method: "get", headers: new Headers(), query: { page: 2 } }, ctx);
    expect(get.headers.get("Authorization")).toBe("Bearer tok");
    expect(get.query).toEqual({ page: 2, timeStamp: 1_700_000_000_000 });
    const post = prepareRequest({ method: "POST", headers: new Headers(), body: { a: 1 } }, ctx);
    expect(post.query).toBeUndefined();
  });

  it("sends no Authorization header without a token", () => {
    const r = prepareRequest({ method: "GET", headers: new Headers() }, { ...ctx, token: undefined });
    expect(r.headers.has("Authorization")).toBe(false);
  });

  it("adds compilerUserId from the stored FMEA record to write bodies that name no owner", () => {
    expect(prepareRequest({ method: "POST", headers: new Headers(), body: { a: 1 } }, ctx).body).toEqual({
      a: 1,
      compilerUserId: "7",
    });
    expect(
      prepareRequest({ method: "PUT", headers: new Headers(), body: { compilerUserId: "9" } }, ctx).body,
    ).toEqual({
      compilerUserId: "9",
    });
    expect(
      prepareRequest({ method: "PUT", headers: new Headers(), body: { counselorUserId: ["1"] } }, ctx).body,
    ).toEqual({
      counselorUserId: ["1"],
    });
    // the counselor is the fallback when the record has no compiler
    const counselorOnly = { ...ctx, fmea: { counselorUserId: ["8"] } };
    expect(
      prepareRequest({ method: "DELETE", headers: new Headers(), body: {} }, counselorOnly).body,
    ).toEqual({
      counselorUserId: ["8"],
    });
  });

  it("leaves bodies alone without a stored record, and never touches FormData or arrays", () => {
    expect(
      prepareRequest({ method: "POST", headers: new Headers(), body: { a: 1 } }, { ...ctx, fmea: null }).body,
    ).toEqual({ a: 1 });
    const form = new FormData();
    expect(prepareRequest({ method: "POST", headers: new Headers(), body: form }, ctx).body).toBe(form);
    expect(prepareRequest({ method: "POST", headers: new Headers(), body: [1, 2] }, ctx).body).toEqual([
      1, 2,
    ]);
  });
});

describe("response interceptor (spec 8)", () => {
  it("treats status 0 to 4 as success", () => {
    for (const status of [0, 1, 2, 3, 4]) {
      expect(interpretResponse(200, { status, msg: "", data: 1 }).kind, String(status)).toBe("ok");
    }
  });

  it("warns with the message, the message key, or 'Error', for any other status", () => {
    expect(interpretResponse(200, { status: 5, msg: "nope", data: null })).toMatchObject({
      kind: "warn",
      message: "nope",
    });
    expect(
      interpretResponse(400, { status: 1401, msg: "", data: null, msgKey: "wrongCredentials" }),
    ).toMatchObject({
      kind: "warn",
      message: "Error",
      key: "wrongCredentials",
      status: 1401,
    });
    expect(interpretResponse(500, "<html>")).toEqual({
      kind: "warn",
      message: "Error",
      status: 500,
      key: undefined,
      params: undefined,
    });
    expect(interpretResponse(200, { status: -1, msg: "x", data: null }).kind).toBe("warn");
  });

  it("asks to log in again for 50008, 50012, 50014 and for HTTP 401", () => {
    for (const status of [50008, 50012, 50014]) {
      expect(interpretResponse(401, { status, msg: "m", data: null })).toMatchObject({
        kind: "relogin",
        status,
      });
      expect(interpretResponse(200, { status, msg: "m", data: null }).kind).toBe("relogin");
    }
    expect(interpretResponse(401, undefined)).toMatchObject({ kind: "relogin", status: 401 });
  });

  it("reads 10-digit timestamps as seconds and 13-digit ones as milliseconds", () => {
    expect(parseTimestamp(1_700_000_000)?.toISOString()).toBe("2023-11-14T22:13:20.000Z");
    expect(parseTimestamp("1700000000")?.toISOString()).toBe("2023-11-14T22:13:20.000Z");
    expect(parseTimestamp(1_700_000_000_000)?.toISOString()).toBe("2023-11-14T22:13:20.000Z");
    expect(parseTimestamp("2025-03-01T08:00:00.000Z")?.toISOString()).toBe("2025-03-01T08:00:00.000Z");
    expect(parseTimestamp("not a date")).toBeUndefined();
    expect(parseTimestamp(null)).toBeUndefined();
  });
});

describe("HTTP client over a real socket", () => {
  let server: Server;
  let base: string;
  const seen: { method: string; url: string; auth?: string; body: string }[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = "";
      req.on("data", (c) => {
        body += c;
      });
      req.on("end", () => {
        seen.push({ method: req.method ?? "", url: req.url ?? "", auth: req.headers.authorization, body });
        const url = new URL(req.url ?? "/", "http://x");
        const reply = (http: number, json: unknown) => {
          res.writeHead(http, { "content-type": "application/json" });
          res.end(JSON.stringify(json));
        };
        if (url.pathname === "/api/ok") return reply(200, { status: 0, msg: "success", data: { n: 1 } });
        if (url.pathname === "/api/warn")
          return reply(400, { status: 1001, msg: "bad", data: null, msgKey: "nameRequired" });
        if (url.pathname === "/api/expired") return reply(401, { status: 50014, msg: "expired", data: null });
        if (url.pathname === "/api/slow")
          return setTimeout(() => reply(200, { status: 0, msg: "", data: null }), 400);
        reply(404, { status: 1004, msg: "", data: null });
      });
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  function client(timeout = 5000) {
    const events: string[] = [];
    const hooks: HttpHooks = {
      context: () => ({ token: "T", fmea: { compilerUserId: "3" }, now: 42 }),
      warn: (m, d) => events.push(`warn:${m}:${d}`),
      relogin: (m) => events.push(`relogin:${m}`),
      noAnswer: (e) => `no answer (${(e as Error).name})`,
      translate: (key) => (key === "nameRequired" ? "Nombre obligatorio" : undefined),
    };
    return { http: createHttpClient(hooks, base, timeout), events };
  }

  it("answers the envelope of a success and sends token, timeStamp and owner", async () => {
    const { http, events } = client();
    const answer = await http.get<{ n: number }>("/ok", { query: { q: "x" } });
    expect(answer.data).toEqual({ n: 1 });
    await http.post("/ok", { name: "a" });
    const [get, post] = seen.slice(-2);
    expect(get.auth).toBe("Bearer T");
    expect(get.url).toBe("/api/ok?q=x&timeStamp=42");
    expect(JSON.parse(post.body)).toEqual({ name: "a", compilerUserId: "3" });
    expect(events).toEqual([]);
  });

  it("shows a failure for 4 s in the user's language and rejects with ApiError", async () => {
    const { http, events } = client();
    const error = await http.get("/warn").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(1001);
    expect((error as ApiError).key).toBe("nameRequired");
    expect(events).toEqual(["warn:Nombre obligatorio:4000"]);
  });

  it("stays quiet when the caller shows the failure itself", async () => {
    const { http, events } = client();
    await expect(http.get("/warn", { quiet: true })).rejects.toBeInstanceOf(ApiError);
    expect(events).toEqual([]);
  });

  it("asks to log in again on an expired token, unless the caller handles it", async () => {
    const { http, events } = client();
    await expect(http.get("/expired")).rejects.toMatchObject({ status: 50014, reported: true });
    await expect(http.get("/expired", { noRelogin: true })).rejects.toMatchObject({ status: 50014 });
    expect(events).toEqual(["relogin:expired"]);
  });

  it("gives up after the time-out with its own message", async () => {
    const { http, events } = client(100);
    await expect(http.get("/slow")).rejects.toMatchObject({ status: 0 });
    expect(events).toHaveLength(1);
    expect(events[0]).toMatch(/^warn:no answer \((TimeoutError|AbortError)\):4000$/);
  });
});
