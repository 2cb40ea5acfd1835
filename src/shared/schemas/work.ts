// Tasks and messages addressed to users, with read state (spec 1 and 2: Task, Message, Message Alert).
import { z } from "zod";
import { nameRule, textRule } from "../validation.ts";
import { idSchema, pageQuerySchema, queryFlag, text, timestampSchema } from "./common.ts";

export const TASK_STATUSES = ["open", "done"] as const;

export const taskSchema = z.object({
  id: idSchema,
  title: text(),
  content: text(),
  projectId: idSchema.nullable(),
  creatorUserId: idSchema.nullable(),
  creatorName: text().nullable(),
  assigneeUserId: idSchema,
  assigneeName: text(),
  status: z.enum(TASK_STATUSES),
  dueAt: timestampSchema.nullable(),
  readAt: timestampSchema.nullable(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type Task = z.infer<typeof taskSchema>;

export const taskCreateBodySchema = z.object({
  title: nameRule,
  content: textRule.default(""),
  assigneeUserIds: z.array(idSchema).min(1).max(200),
  projectId: idSchema.nullable().optional(),
  dueAt: timestampSchema.nullable().optional(),
});

export const taskUpdateBodySchema = z.object({
  title: nameRule.optional(),
  content: textRule.optional(),
  status: z.enum(TASK_STATUSES).optional(),
  dueAt: timestampSchema.nullable().optional(),
});

export const taskListQuerySchema = pageQuerySchema.extend({
  /** inbox: assigned to me (default); sent: created by me. */
  box: z.enum(["inbox", "sent"]).default("inbox"),
  status: z.enum(TASK_STATUSES).optional(),
  unread: queryFlag,
});

export const messageSchema = z.object({
  id: idSchema,
  kind: z.enum(["user", "system"]),
  title: text(),
  content: text(),
  fromUserId: idSchema.nullable(),
  fromName: text().nullable(),
  toUserId: idSchema,
  readAt: timestampSchema.nullable(),
  createdAt: timestampSchema,
});
export type Message = z.infer<typeof messageSchema>;

export const messageCreateBodySchema = z.object({
  toUserIds: z.array(idSchema).min(1).max(200),
  title: nameRule,
  content: textRule.default(""),
});

export const messageListQuerySchema = pageQuerySchema.extend({ unread: queryFlag });
