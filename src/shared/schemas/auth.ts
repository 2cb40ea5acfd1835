// Sessions and the signed-in user's own account: spec 3 (session, login and user info responses),
// spec 5 (password, phone, codes) and the /authority/users paths of spec 7.
import { z } from "zod";
import { LANGUAGES } from "../constants.ts";
import { ROLE_CODES } from "../permissions.ts";
import {
  aliasRule,
  loginPasswordRule,
  newPasswordRule,
  phoneRule,
  sixDigitCodeRule,
  textRule,
  userNameRule,
} from "../validation.ts";
import { idSchema, lineText, text, timestampSchema } from "./common.ts";

/**
 * Login statuses (spec 4 accepts 0, 2 and 3 as success; their meaning is ours): 0 signed in; 2 signed in
 * with a one-time password that must be changed first (the token only serves the password change, user
 * info, language and logout); 3 the account has two-factor login on and the token only serves
 * /users/twoFactorValidate and logout.
 */
export const LOGIN_STATUS = { ok: 0, mustChangePassword: 2, secondFactorRequired: 3 } as const;

export const loginBodySchema = z.object({
  userName: text({ error: "wrongCredentials" }).trim().min(1, { error: "wrongCredentials" }).max(100),
  password: loginPasswordRule,
  /** Sent by the original client; ignored. */
  token: text().optional().nullable(),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const tokenSchema = z.object({
  token: text(),
  /** When the token lapses if unused (it slides forward with use). */
  expiresAt: timestampSchema,
});

export const loginDataSchema = z.object({
  user: z.object({ userName: text(), userId: idSchema, phoneNumber: text().nullable() }),
  roleCode: text(),
  roles: z.array(text()),
  token: tokenSchema,
  mustChangePassword: z.boolean(),
  secondFactorRequired: z.boolean(),
  language: z.enum(Object.keys(LANGUAGES) as [keyof typeof LANGUAGES]),
  /** Set when the account expires within 14 days. */
  accountExpiresAt: timestampSchema.nullable(),
});
export type LoginData = z.infer<typeof loginDataSchema>;

/** Answer of /users/info (spec 3: roles, name, avatar, userId, reliabenchFmea, plus what the UI shows). */
export const userInfoSchema = z.object({
  userId: idSchema,
  userName: text(),
  /** Display name: nickname, else real name, else user name. */
  name: text(),
  nickname: text().nullable(),
  realName: text().nullable(),
  avatar: text().nullable(),
  introduction: text().nullable(),
  phoneNumber: text().nullable(),
  /** Roles active in this session (a user with none is a visitor). */
  roles: z.array(text()),
  /** Every role the user holds: the choices of a role switch. */
  heldRoles: z.array(text()),
  roleCode: text(),
  authType: z.enum(["password", "wechat"]),
  department: z.object({ id: idSchema, name: text() }).nullable(),
  projectRole: text().nullable(),
  language: z.enum(Object.keys(LANGUAGES) as [keyof typeof LANGUAGES]),
  /** Whether the failure-mode (FMEA) part of the product is enabled for this installation. */
  reliabenchFmea: z.boolean(),
  mustChangePassword: z.boolean(),
  /** false: a trial account, limited to TRIAL_ROW_LIMIT rows per data set. */
  vip: z.boolean(),
  twoFactorEnabled: z.boolean(),
  expiresAt: timestampSchema.nullable(),
  invitationCode: text().nullable(),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

/** PUT /users/language/{lang}: 1 Chinese, 2 English, 3 Spanish, 4 Japanese, or the code itself. */
export const languageParamSchema = z.object({
  lang: text().transform((value, ctx) => {
    const byNumber = Object.entries(LANGUAGES).find(([, n]) => String(n) === value)?.[0] ?? value;
    if (Object.hasOwn(LANGUAGES, byNumber)) return byNumber as keyof typeof LANGUAGES;
    ctx.addIssue({
      code: "custom",
      message: "languageUnknown",
      params: { lang: value.slice(0, 20).replace(/[^\x20-\x7e]/g, "?") },
    });
    return z.NEVER;
  }),
});

export const passwordChangeBodySchema = z
  .object({
    oldPassword: text({ error: "oldPassNull" }).min(1, { error: "oldPassNull" }).max(200),
    newPassword: newPasswordRule,
    algin: text({ error: "passTips" }),
  })
  .refine((body) => body.algin === body.newPassword, { error: "passTips", path: ["algin"] });
export type PasswordChangeBody = z.infer<typeof passwordChangeBodySchema>;

export const registrationBodySchema = z
  .object({
    userName: userNameRule,
    password: newPasswordRule,
    algin: text().optional(),
    invitationCode: sixDigitCodeRule,
    nickname: aliasRule.optional(),
    phoneNumber: phoneRule.optional(),
  })
  .refine((body) => body.algin === undefined || body.algin === body.password, {
    error: "passTips",
    path: ["algin"],
  });

/** WeChat login; the original client sends the text 'undefined' for a missing invitation code. */
export const wxLoginBodySchema = z.object({
  code: text().trim().min(1).max(200),
  invitationCode: text()
    .optional()
    .transform((v) => (v === undefined || v === "undefined" ? "" : v.trim())),
});

/** Avatars are shown in <img>: only a path on this site (one leading "/", not "//host") or https:, never
 * javascript:, data: or plain http:. */
export const AVATAR_PATTERN = /^$|^(\/(?!\/)|https:\/\/[^/\s])/i;
const avatarRule = lineText()
  .trim()
  .max(300, { error: "tooLong" })
  .regex(AVATAR_PATTERN, { error: "avatarUrlInvalid" })
  .refine((v) => !v.includes("\\"), { error: "avatarUrlInvalid" });

export const profileBodySchema = z.object({
  nickname: aliasRule.nullable().optional(),
  realName: lineText().trim().max(50, { error: "tooLong" }).nullable().optional(),
  /** Path of an uploaded image (as returned by uploadFile), or an https: address. */
  avatar: avatarRule.nullable().optional(),
  introduction: textRule.nullable().optional(),
});

/** Binding a phone number; without an SMS gateway the current password confirms the change. */
export const bindPhoneBodySchema = z.object({
  phoneNumber: phoneRule,
  password: loginPasswordRule,
});

/** GET /users/account/verification/{value}: a user name or phone number to check. */
export const verificationParamSchema = z.object({
  value: lineText().trim().min(1, { error: "fieldRequired" }).max(100, { error: "tooLong" }),
});

export const roleParamSchema = z.object({
  roleCode: text().transform((value, ctx) => {
    if ((ROLE_CODES as readonly string[]).includes(value)) return value as (typeof ROLE_CODES)[number];
    ctx.addIssue({
      code: "custom",
      message: "roleNotHeld",
      params: { role: value.slice(0, 20).replace(/[^\x20-\x7e]/g, "?") },
    });
    return z.NEVER;
  }),
});

export const twoFactorBodySchema = z.discriminatedUnion("action", [
  z.object({ action: z.literal("setup") }),
  z.object({ action: z.literal("enable"), code: sixDigitCodeRule }),
  z.object({ action: z.literal("disable"), code: sixDigitCodeRule }),
]);
export const twoFactorSetupSchema = z.object({ secret: text(), otpauthUrl: text() });
export const twoFactorValidateBodySchema = z.object({ code: sixDigitCodeRule });

export const verificationDataSchema = z.object({ value: text(), available: z.boolean() });
