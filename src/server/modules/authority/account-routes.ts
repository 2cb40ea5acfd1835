// The signed-in user's own account (user info, password, profile, phone) and self-registration.
import { and, eq, isNull, ne } from "drizzle-orm";
import { Hono } from "hono";
import { STATUS } from "../../../shared/envelope.ts";
import {
  bindPhoneBodySchema,
  passwordChangeBodySchema,
  profileBodySchema,
  registrationBodySchema,
  verificationParamSchema,
} from "../../../shared/schemas/auth.ts";
import { PHONE_PATTERN } from "../../../shared/validation.ts";
import { clientAddress, createGuards } from "../../auth/guards.ts";
import { issueSession, revokeSessions } from "../../auth/sessions.ts";
import type { AppEnv, Services } from "../../context.ts";
import type { Db } from "../../db/client.ts";
import { users } from "../../db/schema.ts";
import { AppError, conflict, invalid } from "../../http/errors.ts";
import { ok } from "../../http/respond.ts";
import { readJson, readParams } from "../../http/validate.ts";
import { departmentsOf, findLiveUser, findUserByName, newInvitationCode, toUserInfo } from "./user-views.ts";

export async function phoneTaken(db: Db, phone: string, exceptUserId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.phone, phone),
        isNull(users.deletedAt),
        exceptUserId ? ne(users.id, exceptUserId) : undefined,
      ),
    );
  return !!row;
}

export function accountRoutes(s: Services): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const guard = createGuards(s);
  const db = s.database.db;

  app.get("/users/info", guard.pending, async (c) => {
    const session = c.get("session");
    const user = session.user;
    const departments = await departmentsOf(db, [user.id]);
    return ok(c, toUserInfo(user, session, departments.get(user.id), s.settings.fmeaEnabled));
  });

  // Spec 5 rules; a change ends every session of the user (other tabs and devices included) and hands
  // this client a fresh token at data.token.token.
  app.put("/users/account/password", guard.pending, async (c) => {
    const session = c.get("session");
    const body = await readJson(c, passwordChangeBodySchema);
    const address = clientAddress(c, s.settings.trustProxy);
    const wait = s.throttle.waitSeconds(session.userName, address);
    if (wait > 0) throw new AppError(STATUS.tooManyRequests, "loginThrottled", { seconds: wait }, 429);
    const user = await findLiveUser(db, session.userId);
    if (!(await s.hasher.verify(body.oldPassword, user.passwordHash))) {
      s.throttle.recordFailure(session.userName, address);
      throw invalid("oldPasswordWrong");
    }
    if (body.newPassword === body.oldPassword) throw invalid("newPasswordSame");
    const passwordHash = await s.hasher.hash(body.newPassword);
    await db
      .update(users)
      .set({ passwordHash, mustChangePassword: false, updatedAt: new Date() })
      .where(eq(users.id, user.id));
    await revokeSessions(db, "password", { userId: user.id });
    const issued = await issueSession(db, s.settings, user.id, session.roles, "full");
    return ok(
      c,
      { token: { token: issued.token, expiresAt: issued.expiresAt.toISOString() } },
      "passwordChanged",
    );
  });

  app.put("/users/modification", guard.user, async (c) => {
    const session = c.get("session");
    const body = await readJson(c, profileBodySchema);
    await db
      .update(users)
      .set({ ...body, updatedAt: new Date() })
      .where(eq(users.id, session.userId));
    const user = await findLiveUser(db, session.userId);
    const departments = await departmentsOf(db, [user.id]);
    return ok(c, toUserInfo(user, session, departments.get(user.id), s.settings.fmeaEnabled));
  });

  app.put("/users/bindPhoneNumber", guard.user, async (c) => {
    const session = c.get("session");
    const body = await readJson(c, bindPhoneBodySchema);
    const user = await findLiveUser(db, session.userId);
    if (!(await s.hasher.verify(body.password, user.passwordHash))) throw invalid("oldPasswordWrong");
    if (await phoneTaken(db, body.phoneNumber, user.id)) throw conflict("phoneTaken");
    await db
      .update(users)
      .set({ phone: body.phoneNumber, updatedAt: new Date() })
      .where(eq(users.id, user.id));
    return ok(c, { phoneNumber: body.phoneNumber });
  });

  // Whether a user name (or phone number) is still free, for the registration form.
  // It tells whether an account exists, so each client may ask only so often (per minute).
  app.get("/users/account/verification/:value", async (c) => {
    const wait = s.verificationLimit.take(clientAddress(c, s.settings.trustProxy));
    if (wait > 0) {
      throw new AppError(STATUS.tooManyRequests, "tooManyRequests", { seconds: wait }, 429, null, {
        "Retry-After": String(wait),
      });
    }
    const { value } = readParams(c, verificationParamSchema);
    const taken = PHONE_PATTERN.test(value)
      ? await phoneTaken(db, value)
      : !!(await findUserByName(db, value));
    return ok(c, { value, available: !taken });
  });

  // Self-registration needs the 6-digit invitation code of an existing user; wrong codes count as
  // failed logins of the address so codes cannot be guessed.
  app.post("/users/account/registration", async (c) => {
    const body = await readJson(c, registrationBodySchema);
    const address = clientAddress(c, s.settings.trustProxy);
    const wait = s.throttle.waitSeconds("#registration", address);
    if (wait > 0) throw new AppError(STATUS.tooManyRequests, "loginThrottled", { seconds: wait }, 429);
    const [inviter] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.invitationCode, body.invitationCode), isNull(users.deletedAt)));
    if (!inviter) {
      s.throttle.recordFailure("#registration", address);
      throw invalid("invitationInvalid");
    }
    if (await findUserByName(db, body.userName)) throw conflict("userNameExists");
    if (body.phoneNumber && (await phoneTaken(db, body.phoneNumber))) throw conflict("phoneTaken");
    const passwordHash = await s.hasher.hash(body.password);
    const [created] = await db
      .insert(users)
      .values({
        userName: body.userName,
        nickname: body.nickname ?? null,
        phone: body.phoneNumber ?? null,
        passwordHash,
        roles: [],
        vip: false,
        invitedBy: inviter.id,
        invitationCode: await newInvitationCode(db),
      })
      .returning({ id: users.id, userName: users.userName });
    return ok(c, { userId: created.id, userName: created.userName });
  });

  return app;
}
