// Quick feedback (spec 3 and 7: /authority/feedBack with module, type, detail, contact, files).
import { z } from "zod";
import { FEEDBACK_MODULES, FEEDBACK_STATUSES, FEEDBACK_TYPES } from "../constants.ts";
import { textRule } from "../validation.ts";
import { idSchema, pageQuerySchema, timestampSchema } from "./common.ts";

const moduleCodes = Object.values(FEEDBACK_MODULES);
const typeCodes = Object.values(FEEDBACK_TYPES);
const statusCodes = Object.values(FEEDBACK_STATUSES);
const codeIn = (codes: readonly number[]) =>
  z.coerce
    .number()
    .int()
    .refine((v) => codes.includes(v), { error: "Unknown code" });

/** File references: the comma-joined paths the upload answered (spec 7), or a list of them. */
const fileListRule = z
  .union([z.string(), z.array(z.string())])
  .transform((v) => (Array.isArray(v) ? v : v.split(",")).map((s) => s.trim()).filter((s) => s.length > 0))
  .pipe(z.array(z.string().max(300)).max(10));

export const feedbackSubmitBodySchema = z.object({
  feedBackModule: codeIn(moduleCodes),
  feedBackType: codeIn(typeCodes),
  feedBackDetail: textRule.trim().min(1, { error: "fieldRequired" }),
  feedBackContact: z.string().trim().max(100, { error: "tooLong" }).optional().default(""),
  feedBackFiles: fileListRule.optional().default([]),
  /** Extra context the client adds (page, browser). */
  plusInfo: z.string().max(2000, { error: "tooLong" }).optional(),
});

/** PUT /feedBack: the customer service (an admin) replies, sets status and result. */
export const feedbackReplyBodySchema = z.object({
  id: idSchema,
  reply: textRule.optional(),
  status: codeIn(statusCodes).optional(),
  result: z.string().max(500, { error: "tooLong" }).optional(),
});

export const feedbackSchema = z.object({
  id: idSchema,
  feedBackModule: z.number().int(),
  feedBackType: z.number().int(),
  feedBackDetail: z.string(),
  feedBackContact: z.string(),
  feedBackFiles: z.array(z.string()),
  plusInfo: z.string().nullable(),
  userId: idSchema.nullable(),
  userName: z.string().nullable(),
  customerService: z.string().nullable(),
  reply: z.string().nullable(),
  status: z.number().int(),
  result: z.string().nullable(),
  insertTime: timestampSchema,
});
export type Feedback = z.infer<typeof feedbackSchema>;

export const feedbackListQuerySchema = pageQuerySchema.extend({
  status: z.coerce.number().int().optional(),
  feedBackModule: z.coerce.number().int().optional(),
});
