// Middleware every request passes: a request id, security headers, body size limits per route, and the
// error handler that turns any failure into an envelope without stack traces, SQL or file paths.
import { randomBytes } from "node:crypto";
import type { Context, ErrorHandler, MiddlewareHandler, NotFoundHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { HTTPException } from "hono/http-exception";
import { STATUS } from "../../shared/envelope.ts";
import { isStorableText } from "../../shared/schemas/common.ts";
import { HashQueueFull } from "../auth/passwords.ts";
import type { AppEnv } from "../context.ts";
import { AppError } from "./errors.ts";
import { describeFailure } from "./log-safe.ts";
import { fail } from "./respond.ts";

export const requestId: MiddlewareHandler<AppEnv> = async (c, next) => {
  const id = randomBytes(8).toString("hex");
  c.set("requestId", id);
  c.header("X-Request-Id", id);
  await next();
};

/**
 * The app and its wasm, from this origin only. Styles allow 'unsafe-inline' because AG Grid and
 * Observable Plot set style attributes; images allow data: (AG Grid's icons) and blob: (chart export).
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

export const securityHeaders: MiddlewareHandler = async (c, next) => {
  await next();
  // A response may set a stricter policy of its own (file downloads are sandboxed).
  if (!c.res.headers.has("Content-Security-Policy"))
    c.header("Content-Security-Policy", CONTENT_SECURITY_POLICY);
  c.header("X-Content-Type-Options", "nosniff");
  c.header("X-Frame-Options", "DENY");
  c.header("Referrer-Policy", "no-referrer");
  c.header("Cross-Origin-Opener-Policy", "same-origin");
  c.header("Cross-Origin-Resource-Policy", "same-origin");
  c.header("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()");
  if (c.req.path.startsWith("/api/")) c.header("Cache-Control", "no-store");
};

/** A path or query that holds text no column can store (NUL, an unpaired surrogate) is refused before any
 * route sees it, whether or not the route reads that parameter. */
export const refuseUnstorableUrl: MiddlewareHandler = async (c, next) => {
  const url = new URL(c.req.url);
  let path = url.pathname;
  try {
    path = decodeURIComponent(path);
  } catch {
    // Malformed escapes stay as they are; routes refuse them as ids or names.
  }
  const bad =
    !isStorableText(path) ||
    [...url.searchParams].some(([name, value]) => !isStorableText(name) || !isStorableText(value));
  if (bad) return fail(c, STATUS.invalid, "textInvalid", { field: "url" }, 400);
  await next();
};

export interface BodyLimitRule {
  /** Applies when the path starts with this and (if given) matches the pattern. */
  prefix: string;
  pattern?: RegExp;
  maxBytes: number;
}

export function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round(bytes / (1024 * 1024))} MB` : `${Math.round(bytes / 1024)} kB`;
}

/** Oversize bodies up to this size are read and discarded before the 413 answer, so a client still
 * sending gets the answer instead of a reset connection; larger ones are answered at once. */
const DRAIN_MAX_BYTES = 128 * 1024 * 1024;

async function discardBody(c: Context): Promise<void> {
  const reader = c.req.raw.body?.getReader();
  if (!reader) return;
  try {
    for (;;) if ((await reader.read()).done) return;
  } catch {
    // The client gave up; there is nothing left to answer.
  }
}

/** One limit per route: the first rule whose prefix (and pattern) matches, else the default. */
export function bodyLimits(rules: BodyLimitRule[], defaultMaxBytes: number): MiddlewareHandler {
  const tooLarge = (c: Context, maxBytes: number) =>
    fail(c, STATUS.tooLarge, "bodyTooLarge", { limit: formatBytes(maxBytes) }, 413);
  const make = (maxBytes: number): MiddlewareHandler => {
    const streaming = bodyLimit({ maxSize: maxBytes, onError: (c: Context) => tooLarge(c, maxBytes) });
    return async (c, next) => {
      const declared = Number(c.req.header("Content-Length"));
      if (!c.req.header("Transfer-Encoding") && Number.isFinite(declared) && declared > maxBytes) {
        if (declared <= DRAIN_MAX_BYTES) await discardBody(c);
        return tooLarge(c, maxBytes);
      }
      return streaming(c, next);
    };
  };
  const limiters = rules.map((rule) => ({ rule, limiter: make(rule.maxBytes) }));
  const fallback = make(defaultMaxBytes);
  return async (c, next) => {
    if (c.req.method === "GET" || c.req.method === "HEAD") return next();
    const path = c.req.path;
    const hit = limiters.find(
      ({ rule }) => path.startsWith(rule.prefix) && (!rule.pattern || rule.pattern.test(path)),
    );
    return (hit?.limiter ?? fallback)(c, next);
  };
}

export function errorHandler(log: (line: string) => void): ErrorHandler<AppEnv> {
  return (err, c) => {
    if (err instanceof AppError) {
      for (const [name, value] of Object.entries(err.headers)) c.header(name, value);
      return fail(c, err.status, err.key, err.params, err.httpStatus, err.data);
    }
    if (err instanceof HashQueueFull) {
      c.header("Retry-After", "5");
      return fail(c, STATUS.tooManyRequests, "serverBusy", {}, 503);
    }
    if (err instanceof HTTPException && err.status < 500) {
      if (err.status === 413) return fail(c, STATUS.tooLarge, "bodyTooLarge", { limit: "the limit" }, 413);
      return fail(c, STATUS.invalid, "noSuchOperation", {}, err.status);
    }
    const id = c.get("requestId") ?? "-";
    // The detail goes to the server log only; the answer carries the reference.
    // The route pattern, not the path: a path carries ids and names the client chose.
    log(`relbench: request ${id} ${c.req.method} ${c.req.routePath} failed: ${describeFailure(err)}`);
    return fail(c, STATUS.error, "internalError", { requestId: id }, 500);
  };
}

export const apiNotFound: NotFoundHandler = (c) => fail(c, STATUS.notFound, "noSuchOperation", {}, 404);
