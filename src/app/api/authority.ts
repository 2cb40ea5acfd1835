// The user service of spec 7 under /api/authority. Payload and answer types come from the shared zod
// schemas the server validates with, so the two ends cannot disagree silently.
import type { z } from "zod";
import { LANGUAGES, type LanguageCode } from "../../shared/constants.ts";
import type {
  LoginData,
  PasswordChangeBody,
  profileBodySchema,
  UserInfo,
} from "../../shared/schemas/auth.ts";
import type { Page } from "../../shared/schemas/common.ts";
import type { User, userCreateBodySchema, userUpdateBodySchema } from "../../shared/schemas/users.ts";
import { http } from "./client.ts";
import type { CallOptions } from "./http.ts";

const A = "/authority";

export const authority = {
  login: (userName: string, password: string, options?: CallOptions) =>
    http.post<LoginData>(`${A}/users/login`, { userName: userName.trim(), password, token: "" }, options),
  twoFactorValidate: (code: string) =>
    http.post<LoginData>(`${A}/users/twoFactorValidate`, { code }, { quiet: true, noRelogin: true }),
  info: (options?: CallOptions) => http.get<UserInfo>(`${A}/users/info`, options),
  logout: () => http.get<null>(`${A}/users/logout`, { quiet: true, noRelogin: true }),
  /** Spec 7: 1 Chinese, 2 English (3 Spanish, 4 Japanese); answers a fresh token. */
  language: (lang: LanguageCode) =>
    http.put<{ token: { token: string } }>(`${A}/users/language/${LANGUAGES[lang]}`, undefined),
  /** Ends every session of the user and answers a fresh token for this one. */
  changePassword: (body: PasswordChangeBody) =>
    http.put<{ token: { token: string } }>(`${A}/users/account/password`, body, { quiet: true }),
  switchRole: (roleCode: string) => http.put<{ token: { token: string } }>(`${A}/users/role/${roleCode}`),
  updateProfile: (body: z.input<typeof profileBodySchema>) =>
    http.put<UserInfo>(`${A}/users/modification`, body),
  bindPhone: (phoneNumber: string, password: string) =>
    http.put<null>(`${A}/users/bindPhoneNumber`, { phoneNumber, password }),

  // Administration (admin only, spec 6)
  listUsers: (query: {
    page?: number;
    pageSize?: number;
    keyword?: string;
    role?: string;
    departmentId?: number;
  }) => http.get<Page<User>>(`${A}/users/list`, { query }),
  directory: (keyword?: string) =>
    http.get<{ userId: number; userName: string; nickname: string | null }[]>(`${A}/users`, {
      query: keyword ? { keyword } : {},
    }),
  createUser: (body: z.input<typeof userCreateBodySchema>) =>
    http.post<{ user: User; password?: string }>(`${A}/users/account`, body),
  updateUser: (body: z.input<typeof userUpdateBodySchema>) => http.put<User>(`${A}/users`, body),
  deleteUser: (userId: number) => http.del<null>(`${A}/users/account/${userId}`),
  resetPassword: (userId: number) =>
    http.put<{ userId: number; password: string }>(`${A}/users/account/${userId}/password`),
};
