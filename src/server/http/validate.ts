// zod parsing of bodies, queries and path parameters. A failure answers status 1001 with the first
// problem as `msg` (the spec's text when the rule names a message key) and every problem in `data.issues`.
import type { Context } from "hono";
import type { z } from "zod";
import { isMessageKey, type MessageKey, type MessageParams, messageText } from "../../shared/messages.ts";
import { invalid } from "./errors.ts";

export interface ValidationIssue {
  path: string;
  msgKey: MessageKey;
  msg: string;
}

function describeIssue(issue: z.core.$ZodIssue, where: string): { key: MessageKey; params: MessageParams } {
  const field = [where, ...issue.path.map(String)].filter(Boolean).join(".") || "body";
  const limits: MessageParams = { field };
  if ("maximum" in issue && issue.maximum !== undefined) limits.max = Number(issue.maximum);
  if ("minimum" in issue && issue.minimum !== undefined) limits.min = Number(issue.minimum);
  // A custom rule's own placeholders (the failure model's {{parameter}}, {{min}}, {{max}}).
  if (issue.code === "custom" && issue.params) Object.assign(limits, issue.params);
  if (isMessageKey(issue.message)) return { key: issue.message, params: limits };
  if (issue.code === "invalid_type" && /received undefined/.test(issue.message)) {
    return { key: "fieldRequired", params: { field } };
  }
  return { key: "validationFailed", params: { field, problem: issue.message } };
}

export function parseWith<S extends z.ZodType>(schema: S, value: unknown, where = ""): z.infer<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issues: ValidationIssue[] = result.error.issues.slice(0, 20).map((issue) => {
    const { key, params } = describeIssue(issue, where);
    return {
      path: [where, ...issue.path.map(String)].filter(Boolean).join("."),
      msgKey: key,
      msg: messageText(key, params),
    };
  });
  const first = describeIssue(result.error.issues[0], where);
  throw invalid(first.key, first.params, { issues });
}

/** The JSON body; an empty body counts as `{}` so bodies whose fields are all optional may be omitted. */
export async function readJson<S extends z.ZodType>(c: Context, schema: S): Promise<z.infer<S>> {
  const text = await c.req.text();
  let value: unknown = {};
  if (text.trim() !== "") {
    try {
      value = JSON.parse(text);
    } catch {
      throw invalid("invalidJson");
    }
  }
  return parseWith(schema, value);
}

export function readQuery<S extends z.ZodType>(c: Context, schema: S): z.infer<S> {
  return parseWith(schema, c.req.query(), "query");
}

export function readParams<S extends z.ZodType>(c: Context, schema: S): z.infer<S> {
  return parseWith(schema, c.req.param(), "path");
}
