// Builders for the `{ status, msg, data }` envelope.
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { type Envelope, STATUS } from "../../shared/envelope.ts";
import { isMessageKey, type MessageKey, type MessageParams, messageText } from "../../shared/messages.ts";

/** A success; `msg` is a message key (sent as its English text) or a text. */
export function ok<T>(
  c: Context,
  data: T,
  msg: MessageKey | (string & {}) = "success",
  status: number = STATUS.ok,
): Response {
  return c.json<Envelope<T>>({ status, msg: isMessageKey(msg) ? messageText(msg) : msg, data });
}

export function fail(
  c: Context,
  status: number,
  key: MessageKey,
  params: MessageParams = {},
  httpStatus: ContentfulStatusCode = 400,
  data: unknown = null,
): Response {
  const requestId = c.get("requestId" as never) as string | undefined;
  const envelope: Envelope<unknown> = { status, msg: messageText(key, params), data, msgKey: key };
  if (Object.keys(params).length > 0) envelope.msgParams = params;
  if (requestId) envelope.requestId = requestId;
  return c.json(envelope, httpStatus);
}
