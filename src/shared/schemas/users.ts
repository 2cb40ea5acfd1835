// User administration (spec 3 user fields; admin-only endpoints of spec 6 and 7).
import { z } from "zod";
import { LANGUAGES } from "../constants.ts";
import { ROLE_CODES } from "../permissions.ts";
import { aliasRule, newPasswordRule, phoneRule, userNameRule } from "../validation.ts";
import { idParamSchema, idSchema, lineText, pageQuerySchema, text, timestampSchema } from "./common.ts";

export const userSchema = z.object({
  userId: idSchema,
  userName: text(),
  nickname: text().nullable(),
  realName: text().nullable(),
  phoneNumber: text().nullable(),
  department: z.object({ id: idSchema, name: text() }).nullable(),
  /** After this time the account cannot log in. */
  expiresAt: timestampSchema.nullable(),
  invitationCode: text().nullable(),
  roles: z.array(text()),
  projectRole: text().nullable(),
  language: z.enum(Object.keys(LANGUAGES) as [keyof typeof LANGUAGES]),
  mustChangePassword: z.boolean(),
  /** false: a trial account, limited to TRIAL_ROW_LIMIT rows per data set. */
  vip: z.boolean(),
  twoFactorEnabled: z.boolean(),
  lastLoginAt: timestampSchema.nullable(),
  createdAt: timestampSchema,
});
export type User = z.infer<typeof userSchema>;

const rolesRule = z
  .array(z.enum(ROLE_CODES))
  .max(ROLE_CODES.length)
  .transform((r) => [...new Set(r)]);
const realNameRule = lineText().trim().max(50, { error: "tooLong" });
const projectRoleRule = lineText().trim().max(50, { error: "tooLong" });

export const userCreateBodySchema = z.object({
  userName: userNameRule,
  nickname: aliasRule.nullable().optional(),
  realName: realNameRule.nullable().optional(),
  phoneNumber: phoneRule.nullable().optional(),
  departmentId: idSchema.nullable().optional(),
  expiresAt: timestampSchema.nullable().optional(),
  roles: rolesRule.optional(),
  projectRole: projectRoleRule.nullable().optional(),
  vip: z.boolean().optional(),
  /** Optional initial password; either way it is one-time and must be changed at first login. */
  password: newPasswordRule.optional(),
});

/** PUT /users: an admin changes another user's record (userId in the body, as the original client sends it). */
export const userUpdateBodySchema = z.object({
  userId: idSchema,
  nickname: aliasRule.nullable().optional(),
  realName: realNameRule.nullable().optional(),
  phoneNumber: phoneRule.nullable().optional(),
  departmentId: idSchema.nullable().optional(),
  expiresAt: timestampSchema.nullable().optional(),
  roles: rolesRule.optional(),
  projectRole: projectRoleRule.nullable().optional(),
  vip: z.boolean().optional(),
});

export const userListQuerySchema = pageQuerySchema.extend({
  keyword: text().trim().max(100).optional(),
  role: z.enum(ROLE_CODES).optional(),
  departmentId: idParamSchema.optional(),
});

/** GET /users: the directory every signed-in user may search (to pick assignees, managers, counselors). */
export const userDirectoryQuerySchema = z.object({
  keyword: text().trim().max(100).optional(),
  timeStamp: text().optional(),
});

/** Answer of an admin password reset and of creating a user without a password: shown once. */
export const oneTimePasswordSchema = z.object({ userId: idSchema, password: text() });
