// Every REST answer is `{ status, msg, data }` (spec 7, 8). Status 0 to 4 is success; anything else is a
// failure whose `msg` the client shows. 50008, 50012 and 50014 ask the user to log in again.
import { z } from "zod";

export const STATUS = {
  ok: 0,
  error: 1000,
  invalid: 1001,
  notFound: 1004,
  conflict: 1009,
  tooLarge: 1013,
  badCredentials: 1401,
  forbidden: 1403,
  unsupportedType: 1415,
  tooManyRequests: 1429,
  illegalToken: 50008,
  loggedInElsewhere: 50012,
  tokenExpired: 50014,
} as const;

export const RELOGIN_STATUSES: readonly number[] = [
  STATUS.illegalToken,
  STATUS.loggedInElsewhere,
  STATUS.tokenExpired,
];

export interface Envelope<T = unknown> {
  status: number;
  msg: string;
  data: T;
  /** Set on failures: the message key of src/shared/messages.ts, so the app can show `msg` translated. */
  msgKey?: string;
  /** Parameters of `msgKey` (i18next `{{name}}` interpolation). */
  msgParams?: Record<string, string | number>;
  /** Set on failures so a report can be matched to the server log (also in the X-Request-Id header). */
  requestId?: string;
}

export function isSuccessStatus(status: number): boolean {
  return Number.isInteger(status) && status >= 0 && status <= 4;
}

export const envelopeSchema = z.object({
  status: z.number().int(),
  msg: z.string(),
  data: z.unknown(),
  msgKey: z.string().optional(),
  msgParams: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  requestId: z.string().optional(),
});

export const healthSchema = z.object({
  app: z.string(),
  kernel: z.string(),
  database: z.enum(["pglite", "postgres"]),
  databaseVersion: z.string(),
});
export type Health = z.infer<typeof healthSchema>;
