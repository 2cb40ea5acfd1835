// The recycle bin: deleted projects, stored analyses (FMEAs included) and FMEA configurations.
import { z } from "zod";
import { ANALYSIS_MODULE_NAMES } from "../constants.ts";
import { idParamSchema, idSchema, pageQuerySchema, text, timestampSchema } from "./common.ts";

export const RECYCLE_KINDS = ["project", "analysis", "config"] as const;

export const recycleItemSchema = z.object({
  kind: z.enum(RECYCLE_KINDS),
  id: idSchema,
  module: z.enum(ANALYSIS_MODULE_NAMES as [string, ...string[]]).nullable(),
  name: text(),
  compilerUserId: idSchema,
  deletedAt: timestampSchema,
  deletedBy: idSchema.nullable(),
});
export type RecycleItem = z.infer<typeof recycleItemSchema>;

export const recycleListQuerySchema = pageQuerySchema.extend({
  kind: z.enum(RECYCLE_KINDS).optional(),
  module: z.enum(ANALYSIS_MODULE_NAMES as [string, ...string[]]).optional(),
});

export const recyclePathSchema = z.object({
  kind: z.enum(RECYCLE_KINDS),
  id: idParamSchema,
});
