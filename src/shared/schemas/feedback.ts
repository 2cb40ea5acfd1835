// Quick feedback (spec 3 and 7: /authority/feedBack with module, type, detail, contact, files).
import { z } from "zod";
import { FEEDBACK_MODULES, FEEDBACK_STATUSES, FEEDBACK_TYPES } from "../constants.ts";
import { textRule } from "../validation.ts";
import { decimalText, idSchema, lineText, pageQuerySchema, text, timestampSchema } from "./common.ts";

const moduleCodes = Object.values(FEEDBACK_MODULES);
const typeCodes = Object.values(FEEDBACK_TYPES);
const statusCodes = Object.values(FEEDBACK_STATUSES);
/** A code of spec 3's lists, as a number or (as the original client sends it) its decimal text. */
const codeIn = (codes: readonly number[]) =>
  z.union([z.number().int(), decimalText(1000)]).refine((v) => codes.includes(v), { error: "Unknown code" });

/** File references: the comma-joined paths the upload answered (spec 7), or a list of them. */
const fileListRule = z
  .union([text(), z.array(text())])
  .transform((v) => (Array.isArray(v) ? v : v.split(",")).map((s) => s.trim()).filter((s) => s.length > 0))
  .pipe(z.array(text().max(300)).max(10));

export const feedbackSubmitBodySchema = z.object({
  feedBackModule: codeIn(moduleCodes),
  feedBackType: codeIn(typeCodes),
  feedBackDetail: textRule.trim().min(1, { error: "fieldRequired" }),
  feedBackContact: lineText().trim().max(100, { error: "tooLong" }).optional().default(""),
  feedBackFiles: fileListRule.optional().default([]),
  /** Extra context the client adds (page, browser). */
  plusInfo: text().max(2000, { error: "tooLong" }).optional(),
});

/** PUT /feedBack: the customer service (an admin) replies, sets status and result. */
export const feedbackReplyBodySchema = z.object({
  id: idSchema,
  reply: textRule.optional(),
  status: codeIn(statusCodes).optional(),
  result: text().max(500, { error: "tooLong" }).optional(),
});

export const feedbackSchema = z.object({
  id: idSchema,
  feedBackModule: z.number().int(),
  feedBackType: z.number().int(),
  feedBackDetail: text(),
  feedBackContact: text(),
  feedBackFiles: z.array(text()),
  plusInfo: text().nullable(),
  userId: idSchema.nullable(),
  userName: text().nullable(),
  customerService: text().nullable(),
  reply: text().nullable(),
  status: z.number().int(),
  result: text().nullable(),
  insertTime: timestampSchema,
});
export type Feedback = z.infer<typeof feedbackSchema>;

export const feedbackListQuerySchema = pageQuerySchema.extend({
  status: decimalText(1000).optional(),
  feedBackModule: decimalText(1000).optional(),
});
