// User administration (admin only) and the organisation: departments, teams, leaders, and what the
// 'allow access by the superior organisation' flag opens.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../helpers/server.ts";

describe("users and organisation", () => {
  let s: TestServer;
  let admin: string;
  beforeAll(async () => {
    s = await startTestServer();
    admin = await s.adminToken();
  });
  afterAll(async () => {
    await s?.close();
  });

  it("keeps admin endpoints closed to visitors and other roles", async () => {
    const visitor = await s.makeUser([]);
    const owner = await s.makeUser(["owner"]);
    const calls: [string, string, unknown?][] = [
      ["GET", "/api/authority/users/list"],
      ["POST", "/api/authority/users/account", { userName: "sneaky" }],
      ["PUT", "/api/authority/users", { userId: owner.userId, roles: ["admin"] }],
      ["DELETE", `/api/authority/users/account/${owner.userId}`],
      ["PUT", `/api/authority/users/account/${owner.userId}/password`],
      ["POST", "/api/authority/departments", { name: "Ops" }],
      ["PUT", "/api/authority/feedBack", { id: 1, reply: "x" }],
    ];
    for (const who of [visitor, owner]) {
      for (const [method, path, body] of calls) {
        const r = await s.call(method, path, { token: who.token, body });
        expect([r.http, r.body.status, r.body.msgKey], `${method} ${path}`).toEqual([403, 1403, "adminOnly"]);
      }
    }
    // Nothing changed: the owner is still an owner.
    const info = await s.call<{ roles: string[] }>("GET", "/api/authority/users/info", {
      token: owner.token,
    });
    expect(info.body.data.roles).toEqual(["owner"]);
  });

  it("lists, searches, creates, modifies and deletes users", async () => {
    const created = await s.call<{
      user: { userId: number; roles: string[]; mustChangePassword: boolean };
      password: string;
    }>("POST", "/api/authority/users/account", {
      token: admin,
      body: {
        userName: "ann.lee",
        realName: "Ann Lee",
        roles: ["counselor", "counselor"],
        phoneNumber: "13912345678",
      },
    });
    expect(created.body.status).toBe(0);
    expect(created.body.data.user).toMatchObject({ roles: ["counselor"], mustChangePassword: true });
    expect(created.body.data.password).toMatch(/^.{14}$/);
    const dup = await s.call("POST", "/api/authority/users/account", {
      token: admin,
      body: { userName: "ANN.LEE" },
    });
    expect(dup.body.msgKey).toBe("userNameExists");
    const list = await s.call<{ items: { userName: string }[]; total: number }>(
      "GET",
      "/api/authority/users/list",
      {
        token: admin,
        query: { keyword: "ann", page: 1, pageSize: 5 },
      },
    );
    expect(list.body.data.items.map((u) => u.userName)).toEqual(["ann.lee"]);
    const byRole = await s.call<{ total: number }>("GET", "/api/authority/users/list", {
      token: admin,
      query: { role: "admin" },
    });
    expect(byRole.body.data.total).toBe(1);
    const id = created.body.data.user.userId;
    const modified = await s.call<{ roles: string[]; projectRole: string }>("PUT", "/api/authority/users", {
      token: admin,
      body: { userId: id, roles: ["owner"], projectRole: "Reliability engineer" },
    });
    expect(modified.body.data).toMatchObject({ roles: ["owner"], projectRole: "Reliability engineer" });
    const badPhone = await s.call("PUT", "/api/authority/users", {
      token: admin,
      body: { userId: id, phoneNumber: "555" },
    });
    expect(badPhone.body.msg).toBe("Please input the correct mobile phone number.");
    const directory = await s.call<{ userId: number; name: string }[]>("GET", "/api/authority/users", {
      token: (await s.makeUser([])).token,
      query: { keyword: "Ann" },
    });
    expect(directory.body.data).toEqual([
      { userId: id, userName: "ann.lee", nickname: null, name: "Ann Lee" },
    ]);
    expect((await s.call("DELETE", `/api/authority/users/account/${id}`, { token: admin })).body.status).toBe(
      0,
    );
    expect((await s.call("DELETE", `/api/authority/users/account/${id}`, { token: admin })).http).toBe(404);
    // The name is free again.
    expect(
      (await s.call("POST", "/api/authority/users/account", { token: admin, body: { userName: "ann.lee" } }))
        .body.status,
    ).toBe(0);
  });

  it("keeps one admin and does not let an admin delete themselves", async () => {
    const self = await s.call("DELETE", `/api/authority/users/account/${s.seed.adminUserId}`, {
      token: admin,
    });
    expect(self.body.msgKey).toBe("cannotDeleteSelf");
    const demote = await s.call("PUT", "/api/authority/users", {
      token: admin,
      body: { userId: s.seed.adminUserId, roles: ["owner"] },
    });
    expect(demote.body.msgKey).toBe("lastAdmin");
  });

  it("ends a user's sessions when the admin changes their roles", async () => {
    const user = await s.makeUser(["owner"]);
    await s.call("PUT", "/api/authority/users", {
      token: admin,
      body: { userId: user.userId, roles: ["visitor"] },
    });
    expect((await s.call("GET", "/api/authority/users/info", { token: user.token })).body.status).toBe(50008);
  });

  it("manages departments and teams with members and a leader who is a member", async () => {
    const a = await s.makeUser(["owner"]);
    const b = await s.makeUser(["owner"]);
    const dept = await s.call<{ id: number }>("POST", "/api/authority/departments", {
      token: admin,
      body: { name: "Reliability" },
    });
    const other = await s.call<{ id: number }>("POST", "/api/authority/departments", {
      token: admin,
      body: { name: "Quality" },
    });
    const team = await s.call<{ id: number; kind: string; parentId: number }>(
      "POST",
      "/api/authority/departments",
      {
        token: admin,
        body: { name: "Bearings", kind: "team", parentId: dept.body.data.id },
      },
    );
    expect(team.body.data).toMatchObject({ kind: "team", parentId: dept.body.data.id });
    const d = dept.body.data.id;
    expect(
      (
        await s.call("POST", `/api/authority/departments/${d}/members`, {
          token: admin,
          body: { userIds: [a.userId, b.userId] },
        })
      ).body.status,
    ).toBe(0);
    const second = await s.call("POST", `/api/authority/departments/${other.body.data.id}/members`, {
      token: admin,
      body: { userIds: [a.userId] },
    });
    expect(second.body.msgKey).toBe("oneDepartmentPerUser");
    const notMember = await s.call("PUT", `/api/authority/departments/${other.body.data.id}`, {
      token: admin,
      body: { leaderUserId: a.userId },
    });
    expect(notMember.body.msg).toBe("The leader must be a member of the department or team.");
    expect(
      (
        await s.call("PUT", `/api/authority/departments/${d}`, {
          token: admin,
          body: { leaderUserId: a.userId },
        })
      ).body.status,
    ).toBe(0);
    const leaves = await s.call("DELETE", `/api/authority/departments/${d}/members/${a.userId}`, {
      token: admin,
    });
    expect(leaves.body.msg).toBe("Replace the leader before removing this member.");
    const deleteLeader = await s.call("DELETE", `/api/authority/users/account/${a.userId}`, { token: admin });
    expect(deleteLeader.body.msgKey).toBe("replaceLeaderFirst");
    await s.call("PUT", `/api/authority/departments/${d}`, {
      token: admin,
      body: { leaderUserId: b.userId },
    });
    expect(
      (await s.call("DELETE", `/api/authority/departments/${d}/members/${a.userId}`, { token: admin })).body
        .status,
    ).toBe(0);
    const detail = await s.call<{ members: { userId: number }[]; leaderUserId: number }>(
      "GET",
      `/api/authority/departments/${d}`,
      { token: b.token },
    );
    expect(detail.body.data.members.map((m) => m.userId)).toEqual([b.userId]);
    expect(detail.body.data.leaderUserId).toBe(b.userId);
    const cycle = await s.call("PUT", `/api/authority/departments/${d}`, {
      token: admin,
      body: { parentId: team.body.data.id },
    });
    expect(cycle.body.msgKey).toBe("parentCycle");
    expect((await s.call("DELETE", `/api/authority/departments/${d}`, { token: admin })).body.msgKey).toBe(
      "departmentNotEmpty",
    );
    expect(
      (await s.call("DELETE", `/api/authority/departments/${other.body.data.id}`, { token: admin })).body
        .status,
    ).toBe(0);
    const info = await s.call<{ department: { name: string } }>("GET", "/api/authority/users/info", {
      token: b.token,
    });
    expect(info.body.data.department?.name).toBe("Reliability");
    const units = await s.call<{ name: string; memberCount: number }[]>("GET", "/api/authority/departments", {
      token: b.token,
    });
    expect(units.body.data.find((u) => u.name === "Reliability")?.memberCount).toBe(1);
  });

  it("lets members of the superior unit read a unit's records only when it allows access", async () => {
    const head = await s.makeUser(["owner"]);
    const worker = await s.makeUser(["owner"]);
    const outsider = await s.makeUser(["owner"]);
    const parent = await s.call<{ id: number }>("POST", "/api/authority/departments", {
      token: admin,
      body: { name: "Engineering" },
    });
    const child = await s.call<{ id: number }>("POST", "/api/authority/departments", {
      token: admin,
      body: { name: "Test lab", kind: "team", parentId: parent.body.data.id },
    });
    await s.call("POST", `/api/authority/departments/${parent.body.data.id}/members`, {
      token: admin,
      body: { userIds: [head.userId] },
    });
    await s.call("POST", `/api/authority/departments/${child.body.data.id}/members`, {
      token: admin,
      body: { userIds: [worker.userId] },
    });
    const doc = await s.call<{ id: number }>("POST", "/api/doe/analyses", {
      token: worker.token,
      body: {
        name: "Lab plan",
        body: { design: "nonparamBino", inputs: { planner: "nonparametric-binomial", reliability: 90 } },
      },
    });
    expect(doc.body.status, JSON.stringify(doc.body)).toBe(0);
    const path = `/api/doe/analyses/${doc.body.data.id}`;
    expect((await s.call("GET", path, { token: head.token })).http).toBe(404);
    await s.call("PUT", `/api/authority/departments/${child.body.data.id}`, {
      token: admin,
      body: { allowSuperiorAccess: true },
    });
    expect((await s.call("GET", path, { token: head.token })).body.status).toBe(0);
    expect((await s.call("GET", path, { token: outsider.token })).http).toBe(404);
    // Reading is not writing.
    const edit = await s.call("PUT", path, { token: head.token, body: { version: 1, name: "Mine now" } });
    expect([edit.http, edit.body.msgKey]).toEqual([403, "notCompiler"]);
  });
});
