// The one HTTP client (ofetch) for the REST service. Every call answers the envelope `{status,msg,data}` of a
// success, or rejects with ApiError after the user has been told (warning or re-login dialog).
import { type FetchOptions, ofetch } from "ofetch";
import type { Envelope } from "../../shared/envelope.ts";
import { DEFAULTS } from "../config.ts";
import {
  type FailureVerdict,
  interpretResponse,
  prepareRequest,
  type RequestContext,
} from "./interceptors.ts";

export class ApiError extends Error {
  constructor(
    message: string,
    /** Envelope status, or the HTTP status when there was no envelope, or 0 for no answer at all. */
    readonly status: number,
    /** True when the user was already shown the problem (warning or re-login dialog). */
    readonly reported: boolean,
    /** The server's message key, when it sent one. */
    readonly key?: string,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

export interface HttpHooks {
  context(): RequestContext;
  warn(message: string, durationMs: number): void;
  /** Opens the re-login dialog; called for every failing call, must show at most one dialog. */
  relogin(message: string): void;
  /** Message for a call that got no answer (network down, time-out). */
  noAnswer(error: unknown): string;
  /** The user's-language text of a server message key; undefined keeps the server's own text. */
  translate(key: string, params: Record<string, string | number> | undefined): string | undefined;
}

export interface CallOptions {
  query?: Record<string, unknown>;
  body?: unknown;
  signal?: AbortSignal;
  /** The caller shows failures itself: no warning toast (re-login still applies). */
  quiet?: boolean;
  /** The caller handles an invalid session itself (the guard's role fetch): no re-login dialog. */
  noRelogin?: boolean;
  /** Extra request headers (an Idempotency-Key on a create). */
  headers?: Record<string, string>;
}

export interface HttpClient {
  request<T>(method: string, path: string, options?: CallOptions): Promise<Envelope<T>>;
  get<T>(path: string, options?: CallOptions): Promise<Envelope<T>>;
  post<T>(path: string, body?: unknown, options?: CallOptions): Promise<Envelope<T>>;
  put<T>(path: string, body?: unknown, options?: CallOptions): Promise<Envelope<T>>;
  del<T>(path: string, options?: CallOptions): Promise<Envelope<T>>;
  /** Downloads as a Blob (GET, or POST with a body); failures answer JSON envelopes like any call. */
  blob(path: string, options?: CallOptions & { method?: "GET" | "POST" }): Promise<Blob>;
}

export function createHttpClient(
  hooks: HttpHooks,
  baseURL = "/api",
  timeout: number = DEFAULTS.requestTimeout,
) {
  const $fetch = ofetch.create({
    baseURL,
    timeout,
    retry: 0,
    ignoreResponseError: true,
    onRequest({ options }) {
      const shaped = prepareRequest(
        {
          method: options.method ?? "GET",
          headers: options.headers,
          query: options.query,
          body: options.body,
        },
        hooks.context(),
      );
      options.query = shaped.query;
      options.body = shaped.body as FetchOptions["body"];
    },
  });

  function fail(verdict: FailureVerdict, options: CallOptions) {
    const text = (verdict.key && hooks.translate(verdict.key, verdict.params)) || verdict.message;
    if (verdict.kind === "relogin" && !options.noRelogin) {
      hooks.relogin(text);
      return new ApiError(text, verdict.status, true, verdict.key);
    }
    if (verdict.kind === "warn" && !options.quiet) hooks.warn(text, DEFAULTS.httpWarningDuration);
    return new ApiError(text, verdict.status, !options.quiet, verdict.key);
  }

  async function send(method: string, path: string, options: CallOptions, responseType: "json" | "blob") {
    try {
      return await $fetch.raw(path, {
        method,
        query: options.query,
        body: options.body as FetchOptions["body"],
        headers: options.headers,
        signal: options.signal,
        responseType,
      });
    } catch (error) {
      if (options.signal?.aborted) throw error;
      // ofetch wraps the fetch failure; its cause says what happened (TimeoutError, TypeError: network).
      const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
      const message = hooks.noAnswer(cause);
      if (!options.quiet) hooks.warn(message, DEFAULTS.httpWarningDuration);
      throw new ApiError(message, 0, !options.quiet);
    }
  }

  async function request<T>(method: string, path: string, options: CallOptions = {}): Promise<Envelope<T>> {
    const response = await send(method, path, options, "json");
    const verdict = interpretResponse<T>(response.status, response._data);
    if (verdict.kind === "ok") return verdict.envelope;
    throw fail(verdict, options);
  }

  async function blob(path: string, options: CallOptions & { method?: "GET" | "POST" } = {}): Promise<Blob> {
    const method = options.method ?? "GET";
    const response = await send(method, path, options, "blob");
    const data = response._data as Blob | undefined;
    const isJson = (response.headers.get("content-type") ?? "").includes("application/json");
    if (response.ok && data && !isJson) return data;
    let body: unknown;
    try {
      body = JSON.parse(await (data?.text() ?? Promise.resolve("")));
    } catch {
      body = undefined;
    }
    const verdict = interpretResponse(response.status, body);
    if (verdict.kind === "ok") throw fail({ kind: "warn", message: "Error", status: 0 }, options);
    throw fail(verdict, options);
  }

  const client: HttpClient = {
    request,
    get: (path, options) => request("GET", path, options),
    post: (path, body, options) => request("POST", path, { ...options, body }),
    put: (path, body, options) => request("PUT", path, { ...options, body }),
    del: (path, options) => request("DELETE", path, options),
    blob,
  };
  return client;
}
