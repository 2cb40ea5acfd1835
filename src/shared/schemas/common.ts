// Pieces every request and entity schema uses: ids, paging, timestamps.
import { z } from "zod";
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from "../constants.ts";

/** Database ids are positive integers; in paths and queries they arrive as text. */
export const idSchema = z.number().int().positive();
export const idParamSchema = z.coerce
  .number()
  .int()
  .positive()
  .max(2 ** 53 - 1);
export const idPathSchema = z.object({ id: idParamSchema });

/** Timestamps travel as ISO 8601 text in UTC with milliseconds, e.g. "2025-03-01T08:00:00.000Z". */
export const timestampSchema = z.iso.datetime({ offset: true });

const booleanText = z
  .union([z.boolean(), z.enum(["true", "false", "1", "0"])])
  .transform((v) => v === true || v === "true" || v === "1");

/** Query flags accept true/false/1/0. */
export const queryFlag = booleanText.optional();

/** Paging of every list: `page` from 1, `pageSize` up to 200. GETs may carry the client's `timeStamp`. */
export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
  timeStamp: z.string().optional(),
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
  userName: z.string(),
  nickname: z.string().nullable(),
});
export type UserRef = z.infer<typeof userRefSchema>;
