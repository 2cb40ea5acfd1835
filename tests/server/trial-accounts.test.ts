// Trial (non-VIP) accounts (spec 1, 5): the user info says so, and the service refuses to store a life-data
// set above TRIAL_ROW_LIMIT rows for them, on create, update and copy alike; an admin lifts the limit.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TRIAL_ROW_LIMIT } from "../../src/shared/constants.ts";
import type { UserInfo } from "../../src/shared/schemas/auth.ts";
import { lifeBody } from "../helpers/bodies.ts";
import { startTestServer, type TestServer, type TestUser } from "../helpers/server.ts";

function lifeData(rows: number) {
  const end = Array.from({ length: rows }, (_, i) => i + 1);
  const state = end.map(() => 1);
  return lifeBody(end, state);
}

describe("trial accounts", () => {
  let s: TestServer;
  let admin: string;
  let trial: TestUser;
  let full: TestUser;
  beforeAll(async () => {
    s = await startTestServer();
    admin = await s.adminToken();
    trial = await s.makeUser(["owner"]);
    full = await s.makeUser(["owner"]);
    const made = await s.call("PUT", "/api/authority/users", {
      token: admin,
      body: { userId: trial.userId, vip: false },
    });
    expect(made.body.status, JSON.stringify(made.body)).toBe(0);
  });
  afterAll(async () => {
    await s?.close();
  });

  it("user info tells a trial account from a full one", async () => {
    const info = await s.call<UserInfo>("GET", "/api/authority/users/info", { token: trial.token });
    expect(info.body.data.vip).toBe(false);
    const other = await s.call<UserInfo>("GET", "/api/authority/users/info", { token: full.token });
    expect(other.body.data.vip).toBe(true);
  });

  it("stores up to the limit and refuses one row more, with the limit and the row count", async () => {
    const at = await s.call<{ id: number }>("POST", "/api/wb/analyses", {
      token: trial.token,
      body: { name: "at the limit", body: lifeData(TRIAL_ROW_LIMIT) },
    });
    expect(at.body.status, JSON.stringify(at.body)).toBe(0);
    const over = await s.call("POST", "/api/wb/analyses", {
      token: trial.token,
      body: { name: "over", body: lifeData(TRIAL_ROW_LIMIT + 1) },
    });
    expect(over.http).toBe(403);
    expect(over.body.msg).toBe(
      `A trial account can analyse at most ${TRIAL_ROW_LIMIT} rows; this data set has ${TRIAL_ROW_LIMIT + 1}. Contact the administrator for a full account.`,
    );
    const grown = await s.call("PUT", `/api/wb/analyses/${at.body.data.id}`, {
      token: trial.token,
      body: { version: 1, body: lifeData(TRIAL_ROW_LIMIT + 5) },
    });
    expect(grown.http).toBe(403);
  });

  it("an admin lifts and sets the limit; a trial account cannot copy a set above it", async () => {
    await s.call("PUT", "/api/authority/users", { token: admin, body: { userId: trial.userId, vip: true } });
    const lifted = await s.call<{ id: number }>("POST", "/api/wb/analyses", {
      token: trial.token,
      body: { name: "now full", body: lifeData(TRIAL_ROW_LIMIT * 2) },
    });
    expect(lifted.body.status).toBe(0);
    await s.call("PUT", "/api/authority/users", { token: admin, body: { userId: trial.userId, vip: false } });
    const copy = await s.call("POST", `/api/wb/analyses/${lifted.body.data.id}/copy`, {
      token: trial.token,
      body: {},
    });
    expect(copy.http).toBe(403);
  });

  it("self-registered accounts start as trial accounts", async () => {
    const admininfo = await s.call<UserInfo>("GET", "/api/authority/users/info", { token: admin });
    const code = admininfo.body.data.invitationCode;
    const reg = await s.call<{ userId: number }>("POST", "/api/authority/users/account/registration", {
      body: { userName: "selfmade1", password: "Trial#2026", algin: "Trial#2026", invitationCode: code },
    });
    expect(reg.body.status, JSON.stringify(reg.body)).toBe(0);
    const token = await s.login("selfmade1", "Trial#2026");
    const info = await s.call<UserInfo>("GET", "/api/authority/users/info", { token });
    expect(info.body.data.vip).toBe(false);
  });
});
