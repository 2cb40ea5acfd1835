// Logging in and out, two-factor login, role switch and language (spec 4 and 7, /authority/users/...).
import { eq } from "drizzle-orm";
import { type Context, Hono } from "hono";
import { LANGUAGES, type LanguageCode } from "../../../shared/constants.ts";
import { STATUS } from "../../../shared/envelope.ts";
import { effectiveRoles } from "../../../shared/permissions.ts";
import {
  LOGIN_STATUS,
  type LoginData,
  languageParamSchema,
  loginBodySchema,
  roleParamSchema,
  twoFactorBodySchema,
  twoFactorValidateBodySchema,
  wxLoginBodySchema,
} from "../../../shared/schemas/auth.ts";
import { clientAddress, createGuards } from "../../auth/guards.ts";
import {
  authenticate,
  issueSession,
  pruneSessions,
  revokeSessions,
  tokenFromHeader,
} from "../../auth/sessions.ts";
import { matchTotp, newTotpSecret, otpauthUrl } from "../../auth/totp.ts";
import type { AppEnv, Services, SessionStage } from "../../context.ts";
import { users } from "../../db/schema.ts";
import { AppError, forbidden, invalid } from "../../http/errors.ts";
import { ok } from "../../http/respond.ts";
import { readJson, readParams } from "../../http/validate.ts";
import { findLiveUser, findUserByName, primaryRole, type UserRow } from "./user-views.ts";

const EXPIRY_NOTICE_MS = 14 * 86_400_000;

function throttled(seconds: number): AppError {
  return new AppError(STATUS.tooManyRequests, "loginThrottled", { seconds }, 429, null, {
    "Retry-After": String(seconds),
  });
}

export function sessionRoutes(s: Services): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const guard = createGuards(s);
  const db = s.database.db;

  /** Issues a token for a user who proved who they are, and answers the login response of spec 3. */
  async function signIn(c: Context<AppEnv>, user: UserRow, stage: SessionStage) {
    if (user.expiresAt && user.expiresAt.getTime() <= Date.now()) {
      throw new AppError(STATUS.forbidden, "accountExpired", {}, 403);
    }
    if (s.settings.singleSession && stage !== "secondFactor") {
      await revokeSessions(db, "elsewhere", { userId: user.id });
    }
    const roles = effectiveRoles(user.roles);
    const issued = await issueSession(db, s.settings, user.id, roles, stage);
    if (stage !== "secondFactor")
      await db.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, user.id));
    if (Math.random() < 0.02) await pruneSessions(db);
    const expiresSoon = user.expiresAt && user.expiresAt.getTime() - Date.now() < EXPIRY_NOTICE_MS;
    const data: LoginData = {
      user: { userName: user.userName, userId: user.id, phoneNumber: user.phone },
      roleCode: primaryRole(roles),
      roles,
      token: { token: issued.token, expiresAt: issued.expiresAt.toISOString() },
      mustChangePassword: user.mustChangePassword,
      secondFactorRequired: stage === "secondFactor",
      language: user.language as LanguageCode,
      accountExpiresAt: expiresSoon && user.expiresAt ? user.expiresAt.toISOString() : null,
    };
    if (stage === "secondFactor")
      return ok(c, data, "secondFactorRequired", LOGIN_STATUS.secondFactorRequired);
    if (stage === "mustChangePassword")
      return ok(c, data, "mustChangePassword", LOGIN_STATUS.mustChangePassword);
    return ok(c, data);
  }

  app.post("/users/login", async (c) => {
    const body = await readJson(c, loginBodySchema);
    const address = clientAddress(c, s.settings.trustProxy);
    const wait = s.throttle.waitSeconds(body.userName, address);
    if (wait > 0) throw throttled(wait);
    const user = await findUserByName(db, body.userName);
    const passwordOk = await s.hasher.verify(body.password, user?.passwordHash);
    if (!user || !passwordOk) {
      s.throttle.recordFailure(body.userName, address);
      throw new AppError(STATUS.badCredentials, "wrongCredentials", {}, 400);
    }
    s.throttle.recordSuccess(body.userName, address);
    const stage: SessionStage = user.totpEnabled
      ? "secondFactor"
      : user.mustChangePassword
        ? "mustChangePassword"
        : "full";
    return signIn(c, user, stage);
  });

  app.post("/users/twoFactorValidate", guard.secondFactor, async (c) => {
    const session = c.get("session");
    const body = await readJson(c, twoFactorValidateBodySchema);
    const address = clientAddress(c, s.settings.trustProxy);
    const wait = s.throttle.waitSeconds(session.userName, address);
    if (wait > 0) throw throttled(wait);
    const user = await findLiveUser(db, session.userId);
    const step = user.totpSecret ? matchTotp(user.totpSecret, body.code) : null;
    if (step === null || (user.totpLastStep !== null && step <= user.totpLastStep)) {
      s.throttle.recordFailure(session.userName, address);
      throw invalid("secondFactorWrong");
    }
    s.throttle.recordSuccess(session.userName, address);
    await db.update(users).set({ totpLastStep: step }).where(eq(users.id, user.id));
    await revokeSessions(db, "replaced", { sessionId: session.sessionId });
    return signIn(c, user, user.mustChangePassword ? "mustChangePassword" : "full");
  });

  app.post("/users/twoFactor", guard.user, async (c) => {
    const session = c.get("session");
    const body = await readJson(c, twoFactorBodySchema);
    const user = await findLiveUser(db, session.userId);
    if (body.action === "setup") {
      const secret = newTotpSecret();
      await db.update(users).set({ totpSecret: secret, totpEnabled: false }).where(eq(users.id, user.id));
      return ok(c, { secret, otpauthUrl: otpauthUrl(secret, user.userName) });
    }
    const step = user.totpSecret ? matchTotp(user.totpSecret, body.code) : null;
    if (step === null) throw invalid("secondFactorWrong");
    if (body.action === "enable") {
      await db.update(users).set({ totpEnabled: true, totpLastStep: step }).where(eq(users.id, user.id));
      return ok(c, { twoFactorEnabled: true }, "secondFactorEnabled");
    }
    await db
      .update(users)
      .set({ totpEnabled: false, totpSecret: null, totpLastStep: null })
      .where(eq(users.id, user.id));
    return ok(c, { twoFactorEnabled: false }, "secondFactorDisabled");
  });

  // Spec 7 gives logout as GET (token parameter) and as POST; both end the session. Logging out twice,
  // or with a token that has already lapsed, is not an error.
  const logout = async (c: Context<AppEnv>) => {
    const token = tokenFromHeader(c.req.header("Authorization")) ?? c.req.query("token") ?? null;
    try {
      const session = await authenticate(db, s.settings, token);
      await revokeSessions(db, "logout", { sessionId: session.sessionId });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
    }
    return ok(c, null);
  };
  app.get("/users/logout", logout);
  app.post("/users/logout", logout);

  // Spec 4 has the client make a token out of the role name; here the server issues a real token whose
  // session acts with that one role (which the user must hold).
  app.put("/users/role/:roleCode", guard.user, async (c) => {
    const session = c.get("session");
    const { roleCode } = readParams(c, roleParamSchema);
    if (!effectiveRoles(session.heldRoles).includes(roleCode))
      throw forbidden("roleNotHeld", { role: roleCode });
    const issued = await issueSession(db, s.settings, session.userId, [roleCode], "full");
    await revokeSessions(db, "replaced", { sessionId: session.sessionId });
    return ok(c, {
      token: { token: issued.token, expiresAt: issued.expiresAt.toISOString() },
      roleCode,
      roles: [roleCode],
    });
  });

  app.put("/users/language/:lang", guard.pending, async (c) => {
    const session = c.get("session");
    const { lang } = readParams(c, languageParamSchema);
    await db.update(users).set({ language: lang, updatedAt: new Date() }).where(eq(users.id, session.userId));
    const issued = await issueSession(db, s.settings, session.userId, session.roles, session.stage);
    await revokeSessions(db, "replaced", { sessionId: session.sessionId });
    return ok(
      c,
      {
        token: { token: issued.token, expiresAt: issued.expiresAt.toISOString() },
        language: lang,
        code: LANGUAGES[lang],
      },
      "switchLanguageSuccess",
    );
  });

  app.post("/users/account/wxLogin", async (c) => {
    const body = await readJson(c, wxLoginBodySchema);
    const identity = s.identity ? await s.identity.exchange(body.code).catch(() => null) : null;
    if (!identity) throw new AppError(STATUS.badCredentials, "thirdPartyLoginFailure", {}, 400);
    const [user] = await db
      .select()
      .from(users)
      .where(eq(users.externalId, `${s.identity?.name}:${identity.externalId}`));
    if (!user || user.deletedAt) throw new AppError(STATUS.badCredentials, "registerFirst", {}, 400);
    return signIn(c, user, user.totpEnabled ? "secondFactor" : "full");
  });

  return app;
}
