// zod parsing of bodies, queries and path parameters. A failure answers status 1001 with the first
// problem as `msg` (the spec's text when the rule names a message key) and every problem in `data.issues`.
import type { Context } from "hono";
import type { z } from "zod";
import { STATUS } from "../../shared/envelope.ts";
import {
  isMessageKey,
  MESSAGE_LIMITS,
  type MessageKey,
  type MessageParams,
  messageParams,
} from "../../shared/messages.ts";
import { type Problem, problemText } from "../../shared/problem.ts";
import { isStorableText } from "../../shared/schemas/common.ts";
import { AppError, invalid } from "./errors.ts";

/** One entry of `data.issues`: the shared Problem (key, params, where) with its English text. `path` and
 * `msgKey` repeat `where` and `key` in the form earlier clients read. */
export interface ValidationIssue extends Problem {
  path: string;
  msgKey: MessageKey;
  msg: string;
}

/** The envelope's form of a Problem, wherever on the server it was found. */
export function issueOf(problem: Problem): ValidationIssue {
  return {
    key: problem.key,
    // A range message's limits travel with it, so every placeholder of the key has its value.
    ...(problem.params || MESSAGE_LIMITS[problem.key]
      ? { params: messageParams(problem.key, problem.params) }
      : {}),
    where: problem.where ?? [],
    path: (problem.where ?? []).join("."),
    msgKey: problem.key,
    msg: problemText(problem),
  };
}

function describeIssue(issue: z.core.$ZodIssue, where: string): { key: MessageKey; params: MessageParams } {
  const field = [where, ...issue.path.map(String)].filter(Boolean).join(".") || "body";
  const limits: MessageParams = { field };
  if ("maximum" in issue && issue.maximum !== undefined) limits.max = Number(issue.maximum);
  if ("minimum" in issue && issue.minimum !== undefined) limits.min = Number(issue.minimum);
  // Custom rules name their own parameters (the failure model's parameter and its min and max).
  if (issue.code === "custom" && issue.params) {
    for (const [name, value] of Object.entries(issue.params))
      if (typeof value === "string" || typeof value === "number") limits[name] = value;
  }
  if (isMessageKey(issue.message)) return { key: issue.message, params: limits };
  if (issue.code === "invalid_type" && /received undefined/.test(issue.message)) {
    return { key: "fieldRequired", params: { field } };
  }
  return { key: "validationFailed", params: { field, problem: issue.message } };
}

export function parseWith<S extends z.ZodType>(schema: S, value: unknown, where = ""): z.infer<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const described = result.error.issues.slice(0, 20).map((issue) => ({
    ...describeIssue(issue, where),
    where: [where, ...issue.path.map(String)].filter(Boolean),
  }));
  const issues: ValidationIssue[] = described.map(issueOf);
  throw invalid(described[0].key, described[0].params, { issues });
}

/** JSON bodies nest at most this deep: the deepest legitimate body (an FMEA tree as the editor keeps it)
 * stays far below, and deeper input could exhaust the stack while it is validated or written. */
export const JSON_MAX_DEPTH = 64;

/** The deepest nesting of arrays and objects in JSON text, counted without parsing (so before any
 * recursion), stopping early once past `limit`. */
export function jsonDepth(text: string, limit = JSON_MAX_DEPTH): number {
  let depth = 0;
  let deepest = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (ch === 0x22) {
      // A string is skipped with indexOf (native speed: a saved 400,000-row set is megabytes of base64
      // strings) to its closing quote, the first one not escaped by an odd run of backslashes.
      let close = text.indexOf('"', i + 1);
      while (close !== -1) {
        let slashes = 0;
        while (text.charCodeAt(close - 1 - slashes) === 0x5c) slashes++;
        if (slashes % 2 === 0) break;
        close = text.indexOf('"', close + 1);
      }
      if (close === -1) return deepest;
      i = close;
    } else if (ch === 0x5b || ch === 0x7b) {
      if (++depth > deepest) {
        deepest = depth;
        if (deepest > limit) return deepest;
      }
    } else if (ch === 0x5d || ch === 0x7d) depth--;
  }
  return deepest;
}

/** Where in a parsed JSON value a key or string holds text that cannot be stored, or null. */
function unstorableAt(value: unknown, path: string[]): string[] | null {
  if (typeof value === "string") return isStorableText(value) ? null : path;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = unstorableAt(value[i], [...path, String(i)]);
      if (found) return found;
    }
    return null;
  }
  if (value !== null && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      if (!isStorableText(key)) return [...path, key.replace(/[^\x20-\x7e]/g, "?")];
      const found = unstorableAt(item, [...path, key]);
      if (found) return found;
    }
  }
  return null;
}

/** JSON media types: application/json and any application/<something>+json. */
function isJsonType(header: string | undefined): boolean {
  const type = header?.split(";")[0].trim().toLowerCase() ?? "";
  return type === "application/json" || /^application\/[\w.-]+\+json$/.test(type);
}

/**
 * The JSON body; an empty body counts as `{}` so bodies whose fields are all optional may be omitted.
 * A body must be declared application/json (415 otherwise, so a cross-site form post of text/plain is
 * never read as JSON), nest at most JSON_MAX_DEPTH deep, and hold no text a column cannot store (NUL,
 * unpaired surrogates) in any key or value, schema-checked or kept as is.
 */
export async function readJson<S extends z.ZodType>(c: Context, schema: S): Promise<z.infer<S>> {
  const text = await c.req.text();
  let value: unknown = {};
  if (text.trim() !== "") {
    if (!isJsonType(c.req.header("Content-Type"))) {
      throw new AppError(STATUS.unsupportedType, "unsupportedMediaType", { type: "application/json" }, 415);
    }
    if (jsonDepth(text) > JSON_MAX_DEPTH) throw invalid("jsonTooDeep", { max: JSON_MAX_DEPTH });
    try {
      value = JSON.parse(text);
    } catch {
      throw invalid("invalidJson");
    }
    const where = unstorableAt(value, []);
    if (where) throw invalid("textInvalid", { field: where.join(".") || "body" });
  }
  return parseWith(schema, value);
}

export function readQuery<S extends z.ZodType>(c: Context, schema: S): z.infer<S> {
  return parseWith(schema, c.req.query(), "query");
}

export function readParams<S extends z.ZodType>(c: Context, schema: S): z.infer<S> {
  return parseWith(schema, c.req.param(), "path");
}
