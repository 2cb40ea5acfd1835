// Projects with parts and status transitions (spec 3 and 4; the transition table is in constants.ts).
import { z } from "zod";
import { PROJECT_ACTIONS, PROJECT_STATUSES } from "../constants.ts";
import { nameRule } from "../validation.ts";
import { idSchema, lineText, pageQuerySchema, text, timestampSchema, versionSchema } from "./common.ts";

export const partSchema = z.object({
  id: idSchema,
  partNumber: text(),
  partName: text(),
});

export const partInputSchema = z.object({
  partNumber: lineText().trim().min(1, { error: "fieldRequired" }).max(100, { error: "tooLong" }),
  partName: nameRule,
});

export const projectSchema = z.object({
  id: idSchema,
  name: text(),
  code: text(),
  managerUserId: idSchema.nullable(),
  managerName: text().nullable(),
  compilerUserId: idSchema,
  status: z.enum(PROJECT_STATUSES),
  partsCount: z.number().int(),
  parts: z.array(partSchema),
  version: z.number().int(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type Project = z.infer<typeof projectSchema>;

const codeRule = lineText().trim().min(1, { error: "fieldRequired" }).max(50, { error: "tooLong" });

export const projectCreateBodySchema = z.object({
  name: nameRule,
  code: codeRule,
  managerUserId: idSchema.nullable().optional(),
  parts: z.array(partInputSchema).max(1000).optional(),
});

export const projectUpdateBodySchema = z.object({
  /** The version this edit is based on; a stale one is refused. */
  version: versionSchema,
  name: nameRule.optional(),
  code: codeRule.optional(),
  managerUserId: idSchema.nullable().optional(),
  /** Replaces the list of parts. */
  parts: z.array(partInputSchema).max(1000).optional(),
});

export const projectStatusBodySchema = z.object({
  action: z.enum(Object.keys(PROJECT_ACTIONS) as [keyof typeof PROJECT_ACTIONS]),
});

export const projectListQuerySchema = pageQuerySchema.extend({
  keyword: text().trim().max(100).optional(),
  status: z.enum(PROJECT_STATUSES).optional(),
});
