// Opaque session tokens: 256 random bits handed to the client once; the database keeps only their
// SHA-256. A token lapses when unused for tokenTtlMinutes (each use slides the deadline) and at the
// latest after tokenMaxHours; logout, password change, admin reset, role switch and user deletion
// revoke it. Revoked rows are kept for a day so a token ended by a login elsewhere answers 50012.
import { createHash, randomBytes } from "node:crypto";
import { and, eq, isNull, lt, ne, or } from "drizzle-orm";
import { STATUS } from "../../shared/envelope.ts";
import { effectiveRoles } from "../../shared/permissions.ts";
import type { AuthSession, SessionStage } from "../context.ts";
import type { Db } from "../db/client.ts";
import { sessions, users } from "../db/schema.ts";
import { AppError } from "../http/errors.ts";
import type { ServiceSettings } from "../settings.ts";

export type RevokeReason = "logout" | "password" | "reset" | "deleted" | "elsewhere" | "replaced" | "expired";

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export interface IssuedToken {
  token: string;
  expiresAt: Date;
}

export async function issueSession(
  db: Db,
  settings: ServiceSettings,
  userId: number,
  roles: string[],
  stage: SessionStage,
): Promise<IssuedToken> {
  const token = randomBytes(32).toString("base64url");
  const now = Date.now();
  const absolute = new Date(now + settings.tokenMaxHours * 3_600_000);
  const expiresAt = new Date(Math.min(now + settings.tokenTtlMinutes * 60_000, absolute.getTime()));
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId,
    roles,
    stage,
    expiresAt,
    absoluteExpiresAt: absolute,
  });
  return { token, expiresAt };
}

/** Ends sessions: one (by id), or all of a user's (optionally sparing one). */
export async function revokeSessions(
  db: Db,
  reason: RevokeReason,
  target: { sessionId: number } | { userId: number; except?: number },
): Promise<void> {
  const where =
    "sessionId" in target
      ? eq(sessions.id, target.sessionId)
      : target.except
        ? and(eq(sessions.userId, target.userId), ne(sessions.id, target.except))
        : eq(sessions.userId, target.userId);
  await db
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(where, isNull(sessions.revokedAt)));
}

const relogin = (
  status: number,
  key: "tokenIllegal" | "tokenExpired" | "loggedInElsewhere" | "accountExpired",
) => new AppError(status, key, {}, 401);

/** The token from `Authorization: Bearer <token>` (RFC 6750). Anything else, a bare token included, is no
 * token: one header form means no proxy or log rule can miss a differently shaped credential. */
export function tokenFromHeader(header: string | undefined): string | null {
  const match = /^Bearer +([A-Za-z0-9._~+/-]+=*)$/i.exec(header?.trim() ?? "");
  const token = match?.[1] ?? "";
  return token.length > 0 && token.length <= 200 ? token : null;
}

export async function authenticate(
  db: Db,
  settings: ServiceSettings,
  token: string | null,
): Promise<AuthSession> {
  if (!token) throw relogin(STATUS.illegalToken, "tokenIllegal");
  const tokenHash = hashToken(token);
  const [found] = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.tokenHash, tokenHash))
    .limit(1);
  if (!found || found.user.deletedAt) throw relogin(STATUS.illegalToken, "tokenIllegal");
  const { session: row, user } = found;
  if (row.revokedAt) {
    if (row.revokedReason === "elsewhere") throw relogin(STATUS.loggedInElsewhere, "loggedInElsewhere");
    if (row.revokedReason === "expired") throw relogin(STATUS.tokenExpired, "tokenExpired");
    throw relogin(STATUS.illegalToken, "tokenIllegal");
  }
  const now = Date.now();
  if (row.expiresAt.getTime() <= now || row.absoluteExpiresAt.getTime() <= now) {
    throw relogin(STATUS.tokenExpired, "tokenExpired");
  }
  if (user.expiresAt && user.expiresAt.getTime() <= now) throw relogin(STATUS.tokenExpired, "accountExpired");
  let expiresAt = row.expiresAt;
  // Slide the deadline at most once a minute: one write per minute per session, not per request.
  if (now - row.lastSeenAt.getTime() > 60_000) {
    expiresAt = new Date(Math.min(now + settings.tokenTtlMinutes * 60_000, row.absoluteExpiresAt.getTime()));
    await db
      .update(sessions)
      .set({ lastSeenAt: new Date(now), expiresAt })
      .where(eq(sessions.id, row.id));
  }
  return {
    sessionId: row.id,
    tokenHash,
    userId: row.userId,
    userName: user.userName,
    roles: effectiveRoles(row.roles),
    heldRoles: user.roles,
    user,
    stage: row.stage as SessionStage,
    expiresAt,
  };
}

/** Drops sessions that ended more than a day ago (called now and then at login). */
export async function pruneSessions(db: Db): Promise<void> {
  const dayAgo = new Date(Date.now() - 86_400_000);
  await db
    .delete(sessions)
    .where(
      or(
        lt(sessions.revokedAt, dayAgo),
        lt(sessions.expiresAt, dayAgo),
        lt(sessions.absoluteExpiresAt, dayAgo),
      ),
    );
}
