// Reading users and shaping them for answers (spec 3 user fields, user info, login response).
import { randomInt } from "node:crypto";
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { LanguageCode } from "../../../shared/constants.ts";
import { effectiveRoles } from "../../../shared/permissions.ts";
import type { UserInfo } from "../../../shared/schemas/auth.ts";
import type { User } from "../../../shared/schemas/users.ts";
import type { AuthSession } from "../../context.ts";
import type { Db } from "../../db/client.ts";
import { orgMembers, orgUnits, users } from "../../db/schema.ts";
import { notFound } from "../../http/errors.ts";

export type UserRow = typeof users.$inferSelect;

export const iso = (date: Date | null | undefined): string | null => (date ? date.toISOString() : null);

/** Role shown as the login's roleCode: the strongest one held. */
export function primaryRole(roles: readonly string[]): string {
  for (const role of ["admin", "owner", "counselor", "visitor"]) if (roles.includes(role)) return role;
  return "visitor";
}

export function displayName(user: Pick<UserRow, "nickname" | "realName" | "userName">): string {
  return user.nickname || user.realName || user.userName;
}

export async function findLiveUser(db: Db, userId: number): Promise<UserRow> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  if (!row) throw notFound("The user");
  return row;
}

export async function findUserByName(db: Db, userName: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(sql`lower(${users.userName}) = lower(${userName})`, isNull(users.deletedAt)));
  return row;
}

/** Each user's department (a user belongs to at most one; teams are separate). */
export async function departmentsOf(
  db: Db,
  userIds: number[],
): Promise<Map<number, { id: number; name: string }>> {
  const map = new Map<number, { id: number; name: string }>();
  if (userIds.length === 0) return map;
  const rows = await db
    .select({ userId: orgMembers.userId, id: orgUnits.id, name: orgUnits.name })
    .from(orgMembers)
    .innerJoin(orgUnits, eq(orgUnits.id, orgMembers.unitId))
    .where(and(inArray(orgMembers.userId, userIds), eq(orgUnits.kind, "department")));
  for (const row of rows) if (!map.has(row.userId)) map.set(row.userId, { id: row.id, name: row.name });
  return map;
}

export function toUser(row: UserRow, department: { id: number; name: string } | undefined): User {
  return {
    userId: row.id,
    userName: row.userName,
    nickname: row.nickname,
    realName: row.realName,
    phoneNumber: row.phone,
    department: department ?? null,
    expiresAt: iso(row.expiresAt),
    invitationCode: row.invitationCode,
    roles: row.roles,
    projectRole: row.projectRole,
    language: row.language as LanguageCode,
    mustChangePassword: row.mustChangePassword,
    vip: row.vip,
    twoFactorEnabled: row.totpEnabled,
    lastLoginAt: iso(row.lastLoginAt),
    createdAt: row.createdAt.toISOString(),
  };
}

export function toUserInfo(
  row: UserRow,
  session: AuthSession,
  department: { id: number; name: string } | undefined,
  fmeaEnabled: boolean,
): UserInfo {
  return {
    userId: row.id,
    userName: row.userName,
    name: displayName(row),
    nickname: row.nickname,
    realName: row.realName,
    avatar: row.avatar,
    introduction: row.introduction,
    phoneNumber: row.phone,
    roles: session.roles,
    heldRoles: effectiveRoles(row.roles),
    roleCode: primaryRole(session.roles),
    authType: row.authType === "wechat" ? "wechat" : "password",
    department: department ?? null,
    projectRole: row.projectRole,
    language: row.language as LanguageCode,
    reliabenchFmea: fmeaEnabled,
    mustChangePassword: row.mustChangePassword,
    vip: row.vip,
    twoFactorEnabled: row.totpEnabled,
    expiresAt: iso(row.expiresAt),
    invitationCode: row.invitationCode,
  };
}

/** A fresh unused 6-digit invitation code (spec 5: codes are 6 digits). */
export async function newInvitationCode(db: Db): Promise<string> {
  for (;;) {
    const code = String(randomInt(1_000_000)).padStart(6, "0");
    const [taken] = await db.select({ id: users.id }).from(users).where(eq(users.invitationCode, code));
    if (!taken) return code;
  }
}

export async function userNames(db: Db, ids: (number | null)[]): Promise<Map<number, string>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  const map = new Map<number, string>();
  if (wanted.length === 0) return map;
  const rows = await db
    .select({ id: users.id, userName: users.userName, nickname: users.nickname, realName: users.realName })
    .from(users)
    .where(inArray(users.id, wanted));
  for (const row of rows) map.set(row.id, displayName(row));
  return map;
}
