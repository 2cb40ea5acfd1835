// Pieces every request and entity schema uses: ids, paging, timestamps.
import { z } from "zod";
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from "../constants.ts";

/** Text that PostgreSQL and every client can hold: no NUL (a text column refuses it) and no unpaired
 * UTF-16 surrogate (it has no UTF-8 form). */
export function isStorableText(value: string): boolean {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing NUL is the point
  return !/\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(value);
}

/** One-line text (names, titles, codes): also no control characters (C0, DEL, C1, so no line breaks)
 * and no bidirectional embedding, override or isolate characters, which can make a name display as
 * something else (e.g. "gnp.exe" reversed). */
export function isOneLineText(value: string): boolean {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  return isStorableText(value) && !/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/.test(value);
}

/** The one string type of every schema: any text that can be stored (line breaks and tabs allowed). */
export const text = (params?: Parameters<typeof z.string>[0]) =>
  z.string(params).refine(isStorableText, { error: "textInvalid" });

/** The string type of names, titles, codes and other one-line fields. */
export const lineText = (params?: Parameters<typeof z.string>[0]) =>
  z.string(params).refine(isOneLineText, { error: "textControlCharacters" });

/** The largest id of an `integer` column (PostgreSQL int4). */
export const ID_MAX = 2 ** 31 - 1;

/** Database ids are positive integers within the column's range. */
export const idSchema = z.number().int().positive().max(ID_MAX);

/** The revision an update is based on (an integer column, like ids). */
export const versionSchema = z.number({ error: "fieldRequired" }).int().min(1).max(ID_MAX);

/** A whole number written in plain decimal digits, as paths and queries carry them: no sign, exponent,
 * hex/binary prefix, spaces or leading zeros ("0x10" is not 16). */
export const decimalText = (max: number) =>
  text()
    .regex(/^(0|[1-9][0-9]{0,15})$/, { error: "idInvalid" })
    .transform(Number)
    .pipe(z.number().int().min(0).max(max));

/** An id in a path or query. */
export const idParamSchema = text()
  .regex(/^[1-9][0-9]{0,9}$/, { error: "idInvalid" })
  .transform(Number)
  .pipe(idSchema);
export const idPathSchema = z.object({ id: idParamSchema });

/** Timestamps travel as ISO 8601 text in UTC with milliseconds, e.g. "2025-03-01T08:00:00.000Z". */
export const timestampSchema = z.iso.datetime({ offset: true });

const booleanText = z
  .union([z.boolean(), z.enum(["true", "false", "1", "0"])])
  .transform((v) => v === true || v === "true" || v === "1");

/** Query flags accept true/false/1/0. */
export const queryFlag = booleanText.optional();

/** Pages beyond this are refused (page x pageSize stays far inside PostgreSQL's bigint offset). */
export const PAGE_MAX = 1_000_000;

/** Paging of every list: `page` from 1, `pageSize` up to 200. GETs may carry the client's `timeStamp`. */
export const pageQuerySchema = z.object({
  page: decimalText(PAGE_MAX).pipe(z.number().min(1)).default(1),
  pageSize: decimalText(PAGE_SIZE_MAX).pipe(z.number().min(1)).default(PAGE_SIZE_DEFAULT),
  timeStamp: text().max(100).optional(),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });
}

/** A short reference to a user as lists show it. */
export const userRefSchema = z.object({
  userId: idSchema,
  userName: text(),
  nickname: text().nullable(),
});
export type UserRef = z.infer<typeof userRefSchema>;
