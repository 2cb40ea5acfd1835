// Builders for the `{ status, msg, data }` envelope.
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { type Envelope, STATUS } from "../../shared/envelope.ts";

export function ok<T>(c: Context, data: T, msg = "success"): Response {
  return c.json<Envelope<T>>({ status: STATUS.ok, msg, data });
}

export function fail(
  c: Context,
  status: number,
  msg: string,
  httpStatus: ContentfulStatusCode = 200,
): Response {
  return c.json<Envelope<null>>({ status, msg, data: null }, httpStatus);
}
