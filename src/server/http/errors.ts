// A failure a handler can throw: it becomes a `{ status, msg, msgKey, msgParams }` envelope with an HTTP
// status. Anything else thrown is an unexpected error and is logged, never shown (see middleware.ts).
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { STATUS } from "../../shared/envelope.ts";
import { type MessageKey, type MessageParams, messageParams, messageText } from "../../shared/messages.ts";

export class AppError extends Error {
  /** The message's parameters, a range message's limits included, so the app can render every placeholder. */
  readonly params: MessageParams;
  constructor(
    readonly status: number,
    readonly key: MessageKey,
    params: MessageParams = {},
    readonly httpStatus: ContentfulStatusCode = 400,
    /** Extra answer data, e.g. the validation issues. */
    readonly data: unknown = null,
    readonly headers: Record<string, string> = {},
  ) {
    super(messageText(key, params));
    this.params = messageParams(key, params);
    this.name = "AppError";
  }
}

export const invalid = (key: MessageKey, params: MessageParams = {}, data: unknown = null) =>
  new AppError(STATUS.invalid, key, params, 400, data);
export const forbidden = (key: MessageKey = "forbidden", params: MessageParams = {}) =>
  new AppError(STATUS.forbidden, key, params, 403);
export const notFound = (what: string) => new AppError(STATUS.notFound, "notFound", { what }, 404);
export const conflict = (key: MessageKey, params: MessageParams = {}) =>
  new AppError(STATUS.conflict, key, params, 409);
export const staleVersion = (current: number, yours: number) =>
  new AppError(STATUS.conflict, "staleVersion", { current, yours }, 409, { version: current });
