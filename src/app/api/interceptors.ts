// The request and response rules of spec 7 and 8 as plain functions over plain data, so they are unit
// tested without a network; http.ts plugs them into ofetch.
import { type Envelope, isSuccessStatus, RELOGIN_STATUSES } from "../../shared/envelope.ts";

export interface RequestShape {
  method: string;
  headers: Headers;
  query?: Record<string, unknown>;
  body?: unknown;
}

export interface RequestContext {
  token: string | undefined;
  /** The stored failure-mode record (spec 3) whose owner is added to write requests. */
  fmea: { compilerUserId?: string; counselorUserId?: string[] | string } | null;
  now: number;
}

export const AUTH_HEADER = "Authorization";

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== "object") return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/**
 * Authorization from the stored token on every call; a timeStamp query on GETs (defeats caches between
 * the browser and the server); on writes with a JSON body, the record owner when the body names none.
 */
export function prepareRequest(req: RequestShape, ctx: RequestContext): RequestShape {
  const method = req.method.toUpperCase();
  if (ctx.token) req.headers.set(AUTH_HEADER, `Bearer ${ctx.token}`);
  if (method === "GET") {
    req.query = { ...(req.query ?? {}), timeStamp: ctx.now };
  } else if (isPlainObject(req.body) && ctx.fmea) {
    const body = req.body;
    if (body.compilerUserId === undefined && body.counselorUserId === undefined) {
      if (ctx.fmea.compilerUserId) req.body = { ...body, compilerUserId: ctx.fmea.compilerUserId };
      else if (ctx.fmea.counselorUserId) req.body = { ...body, counselorUserId: ctx.fmea.counselorUserId };
    }
  }
  return req;
}

export interface FailureVerdict {
  /** Show `message` as a warning for 4 s and reject; or ask the user to log in again (one dialog). */
  kind: "warn" | "relogin";
  /** The server's text (English), else the fallback. */
  message: string;
  /** The message key (src/shared/messages.ts) the app translates, when the server sent one. */
  key?: string;
  params?: Record<string, string | number>;
  status: number;
}

export type ResponseVerdict<T> = { kind: "ok"; envelope: Envelope<T> } | FailureVerdict;

function looksLikeEnvelope(value: unknown): value is Envelope<unknown> {
  return isPlainObject(value) && typeof value.status === "number";
}

/** Spec 8: status 0 to 4 is success; 50008, 50012, 50014 and HTTP 401 ask to log in again. */
export function interpretResponse<T>(
  httpStatus: number,
  body: unknown,
  fallback = "Error",
): ResponseVerdict<T> {
  const envelope = looksLikeEnvelope(body) ? body : undefined;
  const serverMessage =
    envelope && typeof envelope.msg === "string" && envelope.msg ? envelope.msg : undefined;
  const key = envelope && typeof envelope.msgKey === "string" ? envelope.msgKey : undefined;
  const params = envelope?.msgParams;
  const status = envelope?.status ?? httpStatus;
  if (httpStatus === 401 || (envelope && RELOGIN_STATUSES.includes(envelope.status))) {
    return { kind: "relogin", message: serverMessage ?? "", key, params, status };
  }
  if (envelope && httpStatus < 400 && isSuccessStatus(envelope.status)) {
    return { kind: "ok", envelope: envelope as Envelope<T> };
  }
  return { kind: "warn", message: serverMessage ?? fallback, key, params, status };
}

/** Spec 7: a 10-digit timestamp is in seconds, 13 digits in milliseconds; strings are parsed as dates. */
export function parseTimestamp(value: number | string | null | undefined): Date | undefined {
  if (value === null || value === undefined || value === "") return undefined;
  if (typeof value === "number" || /^\d+$/.test(value)) {
    const n = Number(value);
    const ms = String(Math.trunc(Math.abs(n))).length === 10 ? n * 1000 : n;
    const d = new Date(ms);
    return Number.isNaN(d.getTime()) ? undefined : d;
  }
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? undefined : d;
}
