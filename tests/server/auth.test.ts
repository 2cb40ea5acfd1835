// Sessions and the own account through the real HTTP stack: login statuses, tokens (expired, revoked,
// of a deleted user, of another session), throttling, logout, language, role switch, password rules,
// admin reset, two-factor login, WeChat without a provider, registration, phone binding.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashToken } from "../../src/server/auth/sessions.ts";
import { totpAt } from "../../src/server/auth/totp.ts";
import { sessions, users } from "../../src/server/db/schema.ts";
import { PRODUCTION_SCRYPT } from "../../src/server/settings.ts";
import { ADMIN_PASSWORD, ADMIN_USER, startTestServer, type TestServer } from "../helpers/server.ts";

const LOGIN = "/api/authority/users/login";
const INFO = "/api/authority/users/info";

describe("sessions and accounts", () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ settings: { scrypt: { ...PRODUCTION_SCRYPT } } });
  });
  afterAll(async () => {
    await s?.close();
  });

  it("logs in with a trimmed user name and answers the login response of spec 3", async () => {
    const r = await s.call<{
      user: { userName: string; userId: number; phoneNumber: string | null };
      roleCode: string;
      token: { token: string; expiresAt: string };
    }>("POST", LOGIN, { body: { userName: `  ${ADMIN_USER} `, password: ADMIN_PASSWORD, token: "" } });
    expect(r.http).toBe(200);
    expect(r.body.status).toBe(0);
    expect(r.body.data.user).toEqual({ userName: ADMIN_USER, userId: s.seed.adminUserId, phoneNumber: null });
    expect(r.body.data.roleCode).toBe("admin");
    // 256 random bits in base64url, and only its hash in the database.
    expect(r.body.data.token.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Date.parse(r.body.data.token.expiresAt)).toBeGreaterThan(Date.now());
    const stored = await s.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(r.body.data.token.token)));
    expect(stored).toHaveLength(1);
    const all = await s.database.db.select({ h: sessions.tokenHash }).from(sessions);
    expect(all.some((row) => row.h === r.body.data.token.token)).toBe(false);
    const info = await s.call<{ roles: string[]; name: string; userId: number }>("GET", INFO, {
      token: r.body.data.token.token,
    });
    expect(info.body.data).toMatchObject({
      roles: ["admin", "owner"],
      name: "Administrator",
      userId: s.seed.adminUserId,
    });
  });

  it("stores passwords as salted scrypt hashes at the production cost", async () => {
    const rows = await s.database.db.select({ hash: users.passwordHash }).from(users);
    const { log2N, r, p } = PRODUCTION_SCRYPT;
    const pattern = new RegExp(
      `^scrypt\\$${log2N}\\$${r}\\$${p}\\$[A-Za-z0-9+/]{22}==\\$[A-Za-z0-9+/]{43}=$`,
    );
    expect(rows[0].hash).toMatch(pattern);
    expect(rows[0].hash).not.toContain(ADMIN_PASSWORD);
  });

  it("refuses a wrong password and an unknown user alike, without a re-login status", async () => {
    const wrong = await s.call("POST", LOGIN, { body: { userName: ADMIN_USER, password: "Wrong#123" } });
    const unknown = await s.call("POST", LOGIN, { body: { userName: "nobody", password: "Wrong#123" } });
    for (const r of [wrong, unknown]) {
      expect(r.http).toBe(400);
      expect(r.body).toMatchObject({
        status: 1401,
        msg: "The user name or password is incorrect.",
        msgKey: "wrongCredentials",
      });
    }
  });

  it("slows and then refuses repeated failed logins for one user name, even with the right password", async () => {
    const user = await s.makeUser(["owner"]);
    for (let i = 0; i < 5; i++) {
      const r = await s.call("POST", LOGIN, { body: { userName: user.userName, password: "Wrong#123" } });
      expect(r.body.status).toBe(1401);
    }
    const refused = await s.call("POST", LOGIN, {
      body: { userName: user.userName, password: user.password },
    });
    expect(refused.http).toBe(429);
    expect(refused.body.status).toBe(1429);
    expect(refused.body.msg).toMatch(/^Too many failed logins\. Try again in \d+ seconds\.$/);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    // Other accounts are not affected.
    expect(
      (await s.call("POST", LOGIN, { body: { userName: ADMIN_USER, password: ADMIN_PASSWORD } })).body.status,
    ).toBe(0);
  });

  it("answers 50008 with HTTP 401 for a missing, unknown or logged-out token (logout by GET and POST)", async () => {
    for (const token of [null, "not-a-token"]) {
      const r = await s.call("GET", INFO, { token });
      expect(r.http).toBe(401);
      expect(r.body.status).toBe(50008);
    }
    const viaGet = await s.login(ADMIN_USER, ADMIN_PASSWORD);
    expect(
      (await s.call("GET", "/api/authority/users/logout", { query: { token: viaGet } })).body.status,
    ).toBe(0);
    expect((await s.call("GET", INFO, { token: viaGet })).body.status).toBe(50008);
    const viaPost = await s.login(ADMIN_USER, ADMIN_PASSWORD);
    expect((await s.call("POST", "/api/authority/users/logout", { token: viaPost })).body.status).toBe(0);
    const after = await s.call("GET", INFO, { token: viaPost });
    expect([after.http, after.body.status]).toEqual([401, 50008]);
    // Logging out again is harmless.
    expect((await s.call("POST", "/api/authority/users/logout", { token: viaPost })).body.status).toBe(0);
  });

  it("answers 50014 for an expired token", async () => {
    const token = await s.login(ADMIN_USER, ADMIN_PASSWORD);
    await s.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.tokenHash, hashToken(token)));
    const r = await s.call("GET", INFO, { token });
    expect([r.http, r.body.status, r.body.msgKey]).toEqual([401, 50014, "tokenExpired"]);
  });

  it("slides a token's deadline when it is used", async () => {
    const token = await s.login(ADMIN_USER, ADMIN_PASSWORD);
    const soon = new Date(Date.now() + 60_000);
    await s.database.db
      .update(sessions)
      .set({ expiresAt: soon, lastSeenAt: new Date(Date.now() - 5 * 60_000) })
      .where(eq(sessions.tokenHash, hashToken(token)));
    expect((await s.call("GET", INFO, { token })).body.status).toBe(0);
    const [row] = await s.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(token)));
    expect(row.expiresAt.getTime()).toBeGreaterThan(soon.getTime() + 60 * 60_000);
  });

  it("refuses the token of a deleted user", async () => {
    const user = await s.makeUser(["owner"]);
    const del = await s.call("DELETE", `/api/authority/users/account/${user.userId}`, {
      token: await s.adminToken(),
    });
    expect(del.body.status).toBe(0);
    const r = await s.call("GET", INFO, { token: user.token });
    expect([r.http, r.body.status]).toEqual([401, 50008]);
    expect(
      (await s.call("POST", LOGIN, { body: { userName: user.userName, password: user.password } })).body
        .status,
    ).toBe(1401);
  });

  it("refuses login after the account's expiry time", async () => {
    const user = await s.makeUser(["owner"]);
    const admin = await s.adminToken();
    const past = new Date(Date.now() - 60_000).toISOString();
    expect(
      (
        await s.call("PUT", "/api/authority/users", {
          token: admin,
          body: { userId: user.userId, expiresAt: past },
        })
      ).body.status,
    ).toBe(0);
    const r = await s.call("POST", LOGIN, { body: { userName: user.userName, password: user.password } });
    expect([r.http, r.body.msgKey]).toEqual([403, "accountExpired"]);
    expect((await s.call("GET", INFO, { token: user.token })).body.status).toBe(50014);
  });

  it("switches language: stores the preference and replaces the token", async () => {
    const user = await s.makeUser(["owner"]);
    const r = await s.call<{ token: { token: string }; language: string }>(
      "PUT",
      "/api/authority/users/language/1",
      { token: user.token },
    );
    expect(r.body).toMatchObject({ status: 0, msg: "Switch Language Success", data: { language: "zh" } });
    expect((await s.call("GET", INFO, { token: user.token })).body.status).toBe(50008);
    const info = await s.call<{ language: string }>("GET", INFO, { token: r.body.data.token.token });
    expect(info.body.data.language).toBe("zh");
    const ja = await s.call<{ language: string; token: { token: string } }>(
      "PUT",
      "/api/authority/users/language/ja",
      {
        token: r.body.data.token.token,
      },
    );
    expect(ja.body.data.language).toBe("ja");
    const bad = await s.call("PUT", "/api/authority/users/language/9", {
      token: ja.body.data.token.token,
    });
    expect(bad.body.msgKey).toBe("languageUnknown");
  });

  it("switches role with a new server token, never a token made of the role name", async () => {
    const admin = await s.login(ADMIN_USER, ADMIN_PASSWORD);
    const r = await s.call<{ token: { token: string }; roles: string[] }>(
      "PUT",
      "/api/authority/users/role/owner",
      { token: admin },
    );
    expect(r.body.status).toBe(0);
    expect(r.body.data.token.token).not.toBe("owner-token");
    expect(r.body.data.roles).toEqual(["owner"]);
    const asOwner = r.body.data.token.token;
    expect((await s.call<{ roles: string[] }>("GET", INFO, { token: asOwner })).body.data.roles).toEqual([
      "owner",
    ]);
    // Acting as owner, the admin-only list is closed; the old token is gone.
    expect((await s.call("GET", "/api/authority/users/list", { token: asOwner })).http).toBe(403);
    expect((await s.call("GET", INFO, { token: admin })).body.status).toBe(50008);
    expect((await s.call("GET", INFO, { token: "owner-token" })).body.status).toBe(50008);
    const notHeld = await s.call("PUT", "/api/authority/users/role/counselor", { token: asOwner });
    expect([notHeld.http, notHeld.body.msgKey]).toEqual([403, "roleNotHeld"]);
  });

  it("changes the password with spec 5's rules and revokes the old sessions", async () => {
    const user = await s.makeUser(["owner"]);
    const path = "/api/authority/users/account/password";
    const cases: [Record<string, string>, string][] = [
      [{ oldPassword: "", newPassword: "abc123", algin: "abc123" }, "oldPassNull"],
      [{ oldPassword: user.password, newPassword: "ab1", algin: "ab1" }, "newPassLength"],
      [{ oldPassword: user.password, newPassword: "abcdefgh", algin: "abcdefgh" }, "passType"],
      [{ oldPassword: user.password, newPassword: "abc123", algin: "abc124" }, "passTips"],
      [{ oldPassword: "Wrong#1", newPassword: "abc123", algin: "abc123" }, "oldPasswordWrong"],
    ];
    for (const [body, key] of cases) {
      const r = await s.call("PUT", path, { token: user.token, body });
      expect([r.body.status, r.body.msgKey], key).toEqual([1001, key]);
    }
    const other = await s.login(user.userName, user.password);
    const ok = await s.call<{ token: { token: string } }>("PUT", path, {
      token: user.token,
      body: { oldPassword: user.password, newPassword: "Newer#333", algin: "Newer#333" },
    });
    expect(ok.body.status).toBe(0);
    for (const stale of [user.token, other])
      expect((await s.call("GET", INFO, { token: stale })).body.status).toBe(50008);
    expect((await s.call("GET", INFO, { token: ok.body.data.token.token })).body.status).toBe(0);
    expect(await s.login(user.userName, "Newer#333")).toBeTruthy();
  });

  it("admin reset sets a one-time password that must be changed at the next login (status 2)", async () => {
    const user = await s.makeUser(["counselor"]);
    const reset = await s.call<{ password: string }>(
      "PUT",
      `/api/authority/users/account/${user.userId}/password`,
      {
        token: await s.adminToken(),
      },
    );
    expect(reset.body.status).toBe(0);
    expect((await s.call("GET", INFO, { token: user.token })).body.status).toBe(50008);
    const login = await s.call<{ token: { token: string }; mustChangePassword: boolean }>("POST", LOGIN, {
      body: { userName: user.userName, password: reset.body.data.password },
    });
    expect(login.body.status).toBe(2);
    expect(login.body.data.mustChangePassword).toBe(true);
    const limited = login.body.data.token.token;
    expect((await s.call("GET", INFO, { token: limited })).body.status).toBe(0);
    const blocked = await s.call("GET", "/api/wb/analyses", { token: limited });
    expect([blocked.http, blocked.body.msgKey]).toEqual([403, "mustChangePassword"]);
    const changed = await s.call<{ token: { token: string } }>(
      "PUT",
      "/api/authority/users/account/password",
      {
        token: limited,
        body: { oldPassword: reset.body.data.password, newPassword: "Mine#4444", algin: "Mine#4444" },
      },
    );
    expect(changed.body.status).toBe(0);
    expect(
      (await s.call("GET", "/api/wb/analyses", { token: changed.body.data.token.token })).body.status,
    ).toBe(0);
    // The one-time password is spent.
    expect(
      (await s.call("POST", LOGIN, { body: { userName: user.userName, password: reset.body.data.password } }))
        .body.status,
    ).toBe(1401);
  });

  it("two-factor login: status 3, then the authenticator code finishes it", async () => {
    const user = await s.makeUser(["owner"]);
    const setup = await s.call<{ secret: string; otpauthUrl: string }>(
      "POST",
      "/api/authority/users/twoFactor",
      {
        token: user.token,
        body: { action: "setup" },
      },
    );
    expect(setup.body.data.otpauthUrl).toContain(`secret=${setup.body.data.secret}`);
    const secret = setup.body.data.secret;
    const step = Math.floor(Date.now() / 30_000);
    const enable = await s.call("POST", "/api/authority/users/twoFactor", {
      token: user.token,
      body: { action: "enable", code: totpAt(secret, step - 1) },
    });
    expect(enable.body.status).toBe(0);
    const first = await s.call<{ token: { token: string }; secondFactorRequired: boolean }>("POST", LOGIN, {
      body: { userName: user.userName, password: user.password },
    });
    expect(first.body.status).toBe(3);
    const pending = first.body.data.token.token;
    expect((await s.call("GET", INFO, { token: pending })).body.msgKey).toBe("secondFactorRequired");
    const wrong = await s.call("POST", "/api/authority/users/twoFactorValidate", {
      token: pending,
      body: { code: "000000" },
    });
    expect(wrong.body.msgKey).toBe(totpAt(secret, step) === "000000" ? undefined : "secondFactorWrong");
    // The code used to enable cannot be replayed; the current one works.
    const replay = await s.call("POST", "/api/authority/users/twoFactorValidate", {
      token: pending,
      body: { code: totpAt(secret, step - 1) },
    });
    expect(replay.body.msgKey).toBe("secondFactorWrong");
    const done = await s.call<{ token: { token: string } }>(
      "POST",
      "/api/authority/users/twoFactorValidate",
      {
        token: pending,
        body: { code: totpAt(secret, step + 1) },
      },
    );
    expect(done.body.status).toBe(0);
    expect((await s.call("GET", INFO, { token: done.body.data.token.token })).body.status).toBe(0);
    expect((await s.call("GET", INFO, { token: pending })).body.status).toBe(50008);
  });

  it("WeChat login without an identity provider answers 'Third party login failure.'", async () => {
    const r = await s.call("POST", "/api/authority/users/account/wxLogin", {
      body: { code: "abc", invitationCode: "undefined" },
    });
    expect([r.body.status, r.body.msg]).toEqual([1401, "Third party login failure."]);
  });

  it("registers with a 6-digit invitation code, refuses a taken name, checks availability", async () => {
    const admin = await s.adminToken();
    const info = await s.call<{ invitationCode: string }>("GET", INFO, { token: admin });
    const code = info.body.data.invitationCode;
    const path = "/api/authority/users/account/registration";
    const badCode = await s.call("POST", path, {
      body: { userName: "newbie", password: "Fresh#111", invitationCode: "12345" },
    });
    expect(badCode.body.msg).toBe("6-digit verification code and 6-digit invitation code are required.");
    const wrongCode = code === "000000" ? "000001" : "000000";
    expect(
      (
        await s.call("POST", path, {
          body: { userName: "newbie", password: "Fresh#111", invitationCode: wrongCode },
        })
      ).body.msgKey,
    ).toBe("invitationInvalid");
    expect(
      (await s.call<{ available: boolean }>("GET", "/api/authority/users/account/verification/newbie")).body
        .data.available,
    ).toBe(true);
    const ok = await s.call("POST", path, {
      body: { userName: "newbie", password: "Fresh#111", invitationCode: code },
    });
    expect(ok.body.status).toBe(0);
    expect(
      (await s.call<{ available: boolean }>("GET", "/api/authority/users/account/verification/NEWBIE")).body
        .data.available,
    ).toBe(false);
    const taken = await s.call("POST", path, {
      body: { userName: "Newbie", password: "Fresh#111", invitationCode: code },
    });
    expect([taken.http, taken.body.msg]).toEqual([409, "The user name already exists."]);
    const token = await s.login("newbie", "Fresh#111");
    expect((await s.call<{ roles: string[] }>("GET", INFO, { token })).body.data.roles).toEqual(["visitor"]);
  });

  it("binds a phone number (spec 5 rule, unique, confirmed by the password) and edits the profile", async () => {
    const a = await s.makeUser(["owner"]);
    const b = await s.makeUser(["owner"]);
    const bad = await s.call("PUT", "/api/authority/users/bindPhoneNumber", {
      token: a.token,
      body: { phoneNumber: "12345678901", password: a.password },
    });
    expect(bad.body.msg).toBe("Please input the correct mobile phone number.");
    const ok = await s.call("PUT", "/api/authority/users/bindPhoneNumber", {
      token: a.token,
      body: { phoneNumber: "13812345678", password: a.password },
    });
    expect(ok.body.status).toBe(0);
    const taken = await s.call("PUT", "/api/authority/users/bindPhoneNumber", {
      token: b.token,
      body: { phoneNumber: "13812345678", password: b.password },
    });
    expect(taken.body.msgKey).toBe("phoneTaken");
    const profile = await s.call<{ nickname: string; name: string }>(
      "PUT",
      "/api/authority/users/modification",
      {
        token: a.token,
        body: { nickname: "Reliability Ann", introduction: "<b>hi</b>" },
      },
    );
    expect(profile.body.data).toMatchObject({ nickname: "Reliability Ann", name: "Reliability Ann" });
    const tooLong = await s.call("PUT", "/api/authority/users/modification", {
      token: a.token,
      body: { nickname: "x".repeat(16) },
    });
    expect(tooLong.body.msg).toBe("Please input a user name with a maximum of 15 words.");
  });
});

describe("single session (SINGLE_SESSION=1)", () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ settings: { singleSession: true } });
  });
  afterAll(async () => {
    await s?.close();
  });

  it("answers 50012 to the session ended by a login elsewhere", async () => {
    const first = await s.login(ADMIN_USER, ADMIN_PASSWORD);
    const second = await s.login(ADMIN_USER, ADMIN_PASSWORD);
    const r = await s.call("GET", INFO, { token: first });
    expect([r.http, r.body.status, r.body.msgKey]).toEqual([401, 50012, "loggedInElsewhere"]);
    expect((await s.call("GET", INFO, { token: second })).body.status).toBe(0);
  });
});
