// Projects with parts and status transitions, tasks, messages, quick feedback and the recycle bin.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer, type TestUser } from "../helpers/server.ts";

interface ProjectData {
  id: number;
  status: string;
  version: number;
  partsCount: number;
  parts: { partNumber: string; partName: string }[];
  managerName: string | null;
}

describe("projects, tasks, messages, feedback, recycle bin", () => {
  let s: TestServer;
  let admin: string;
  let owner: TestUser;
  let colleague: TestUser;
  beforeAll(async () => {
    s = await startTestServer();
    admin = await s.adminToken();
    owner = await s.makeUser(["owner"]);
    colleague = await s.makeUser(["counselor"]);
  });
  afterAll(async () => {
    await s?.close();
  });

  it("has the seeded demo project", async () => {
    const list = await s.call<{ items: { name: string; code: string; partsCount: number }[] }>(
      "GET",
      "/api/authority/projects",
      { token: admin },
    );
    expect(list.body.data.items).toEqual([
      expect.objectContaining({ name: "Demo project", code: "DEMO-001", partsCount: 2 }),
    ]);
  });

  it("creates, edits (with a version) and moves a project through its statuses", async () => {
    const visitor = await s.makeUser([]);
    const refused = await s.call("POST", "/api/authority/projects", {
      token: visitor.token,
      body: { name: "X", code: "X-1" },
    });
    expect([refused.http, refused.body.msgKey]).toEqual([403, "createProjectNeedsRole"]);
    const created = await s.call<ProjectData>("POST", "/api/authority/projects", {
      token: owner.token,
      body: {
        name: "Gearbox",
        code: "GBX-7",
        managerUserId: colleague.userId,
        parts: [
          { partNumber: "G-1", partName: "Input shaft" },
          { partNumber: "G-2", partName: "Output gear" },
        ],
      },
    });
    expect(created.body.data).toMatchObject({ status: "inWork", version: 1, partsCount: 2 });
    const id = created.body.data.id;
    const dupCode = await s.call("POST", "/api/authority/projects", {
      token: owner.token,
      body: { name: "Other", code: "gbx-7" },
    });
    expect(dupCode.body.msgKey).toBe("projectCodeExists");
    const edited = await s.call<ProjectData>("PUT", `/api/authority/projects/${id}`, {
      token: owner.token,
      body: { version: 1, parts: [{ partNumber: "G-3", partName: "Housing" }] },
    });
    expect(edited.body.data).toMatchObject({
      version: 2,
      partsCount: 1,
      parts: [{ partNumber: "G-3", partName: "Housing" }],
    });
    const stale = await s.call("PUT", `/api/authority/projects/${id}`, {
      token: colleague.token,
      body: { version: 1, name: "Lost edit" },
    });
    expect([stale.http, stale.body.status, stale.body.msgKey]).toEqual([409, 1009, "staleVersion"]);
    const steps: [string, string | null][] = [
      ["toGrowthPlan", "growthPlan"],
      ["toDraft", null],
      ["toTrack", "track"],
      ["release", "released"],
      ["toTrack", null],
      ["terminate", "terminated"],
      ["release", null],
    ];
    for (const [action, expected] of steps) {
      const r = await s.call<ProjectData>("PUT", `/api/authority/projects/${id}/status`, {
        token: colleague.token,
        body: { action },
      });
      if (expected) expect(r.body.data.status, action).toBe(expected);
      else expect(r.body.msgKey, action).toBe("projectTransitionNotAllowed");
    }
    const bad = await s.call("PUT", `/api/authority/projects/${id}/status`, {
      token: owner.token,
      body: { action: "explode" },
    });
    expect(bad.body.status).toBe(1001);
  });

  it("moves a deleted project to the recycle bin, restores it intact and purges it", async () => {
    const created = await s.call<ProjectData>("POST", "/api/authority/projects", {
      token: owner.token,
      body: { name: "Pump", code: "PMP-1", parts: [{ partNumber: "P-1", partName: "Impeller" }] },
    });
    const id = created.body.data.id;
    const byOther = await s.call("DELETE", `/api/authority/projects/${id}`, { token: colleague.token });
    expect(byOther.http).toBe(404);
    expect(
      (await s.call("DELETE", `/api/authority/projects/${id}`, { token: owner.token })).body.status,
    ).toBe(0);
    expect((await s.call("GET", `/api/authority/projects/${id}`, { token: owner.token })).http).toBe(404);
    const bin = await s.call<{ items: { kind: string; id: number; name: string }[] }>(
      "GET",
      "/api/authority/recycle",
      { token: owner.token },
    );
    expect(bin.body.data.items).toEqual([expect.objectContaining({ kind: "project", id, name: "Pump" })]);
    expect(
      (await s.call<{ items: unknown[] }>("GET", "/api/authority/recycle", { token: colleague.token })).body
        .data.items,
    ).toEqual([]);
    expect(
      (await s.call("PUT", `/api/authority/recycle/project/${id}/restore`, { token: owner.token })).body
        .status,
    ).toBe(0);
    const back = await s.call<ProjectData>("GET", `/api/authority/projects/${id}`, { token: owner.token });
    expect(back.body.data).toMatchObject({
      name: "Pump",
      version: 1,
      parts: [{ partNumber: "P-1", partName: "Impeller" }],
    });
    await s.call("DELETE", `/api/authority/projects/${id}`, { token: owner.token });
    expect(
      (await s.call("DELETE", `/api/authority/recycle/project/${id}`, { token: colleague.token })).http,
    ).toBe(404);
    expect(
      (await s.call("DELETE", `/api/authority/recycle/project/${id}`, { token: owner.token })).body.status,
    ).toBe(0);
    expect(
      (await s.call("PUT", `/api/authority/recycle/project/${id}/restore`, { token: owner.token })).http,
    ).toBe(404);
  });

  it("assigns tasks with read state and a message alert", async () => {
    const created = await s.call<{ id: number; status: string; readAt: string | null }[]>(
      "POST",
      "/api/authority/tasks",
      {
        token: owner.token,
        body: {
          title: "Review Weibull fit",
          content: "Check the 3P fit",
          assigneeUserIds: [colleague.userId],
        },
      },
    );
    expect(created.body.data).toHaveLength(1);
    const id = created.body.data[0].id;
    const inbox = await s.call<{ items: { id: number }[]; total: number }>("GET", "/api/authority/tasks", {
      token: colleague.token,
      query: { unread: "true" },
    });
    expect(inbox.body.data.items.map((t) => t.id)).toEqual([id]);
    const counts = await s.call<{ messages: number; tasks: number }>(
      "GET",
      "/api/authority/messages/unreadCount",
      { token: colleague.token },
    );
    expect(counts.body.data).toEqual({ messages: 1, tasks: 1 });
    const read = await s.call<{ readAt: string }>("PUT", `/api/authority/tasks/${id}/read`, {
      token: colleague.token,
    });
    expect(Date.parse(read.body.data.readAt)).not.toBeNaN();
    const done = await s.call<{ status: string }>("PUT", `/api/authority/tasks/${id}`, {
      token: colleague.token,
      body: { status: "done" },
    });
    expect(done.body.data.status).toBe("done");
    const retitle = await s.call("PUT", `/api/authority/tasks/${id}`, {
      token: colleague.token,
      body: { title: "Mine" },
    });
    expect(retitle.http).toBe(403);
    const sent = await s.call<{ total: number }>("GET", "/api/authority/tasks", {
      token: owner.token,
      query: { box: "sent" },
    });
    expect(sent.body.data.total).toBe(1);
    const stranger = await s.makeUser(["owner"]);
    expect((await s.call("GET", `/api/authority/tasks/${id}`, { token: stranger.token })).http).toBe(404);
    expect((await s.call("DELETE", `/api/authority/tasks/${id}`, { token: owner.token })).body.status).toBe(
      0,
    );
    const nobody = await s.call("POST", "/api/authority/tasks", {
      token: owner.token,
      body: { title: "x", assigneeUserIds: [999999] },
    });
    expect(nobody.body.msgKey).toBe("userNotFound");
  });

  it("sends messages and marks them read", async () => {
    const sent = await s.call<{ id: number }[]>("POST", "/api/authority/messages", {
      token: owner.token,
      body: { toUserIds: [colleague.userId], title: "Hello", content: "See the gearbox project" },
    });
    const id = sent.body.data[0].id;
    const unread = await s.call<{ items: { id: number; fromName: string }[] }>(
      "GET",
      "/api/authority/messages",
      {
        token: colleague.token,
        query: { unread: 1 },
      },
    );
    expect(unread.body.data.items.map((m) => m.id)).toContain(id);
    expect((await s.call("PUT", `/api/authority/messages/${id}/read`, { token: owner.token })).http).toBe(
      404,
    );
    expect(
      (await s.call("PUT", `/api/authority/messages/${id}/read`, { token: colleague.token })).body.status,
    ).toBe(0);
    const all = await s.call<{ marked: number }>("PUT", "/api/authority/messages/read", {
      token: colleague.token,
    });
    expect(all.body.status).toBe(0);
    expect(
      (
        await s.call<{ messages: number }>("GET", "/api/authority/messages/unreadCount", {
          token: colleague.token,
        })
      ).body.data.messages,
    ).toBe(0);
    expect(
      (await s.call("DELETE", `/api/authority/messages/${id}`, { token: colleague.token })).body.status,
    ).toBe(0);
  });

  it("takes quick feedback; an admin replies; the submitter is told", async () => {
    const submitted = await s.call<{ id: number; status: number; feedBackFiles: string[] }>(
      "POST",
      "/api/authority/feedBack",
      {
        token: owner.token,
        body: {
          feedBackModule: 0,
          feedBackType: 1,
          feedBackDetail: "Add Gumbel",
          feedBackContact: "me@example.com",
          feedBackFiles: "",
        },
      },
    );
    expect(submitted.body).toMatchObject({ status: 0, data: { status: 0, feedBackFiles: [] } });
    const id = submitted.body.data.id;
    const badModule = await s.call("POST", "/api/authority/feedBack", {
      token: owner.token,
      body: { feedBackModule: 9, feedBackType: 1, feedBackDetail: "x" },
    });
    expect(badModule.body.status).toBe(1001);
    const foreignFile = await s.call("POST", "/api/authority/feedBack", {
      token: owner.token,
      body: {
        feedBackModule: 0,
        feedBackType: 0,
        feedBackDetail: "x",
        feedBackFiles: "/api/file/00000000-0000-4000-8000-000000000000",
      },
    });
    expect(foreignFile.body.msgKey).toBe("fileMissing");
    expect((await s.call("GET", `/api/authority/feedBack/${id}`, { token: colleague.token })).http).toBe(404);
    const replied = await s.call<{ reply: string; status: number; customerService: string }>(
      "PUT",
      "/api/authority/feedBack",
      {
        token: admin,
        body: { id, reply: "Planned for 0.2", result: "accepted" },
      },
    );
    expect(replied.body.data).toMatchObject({
      reply: "Planned for 0.2",
      status: 1,
      customerService: "Administrator",
    });
    const mine = await s.call<{ items: { id: number; result: string }[] }>("GET", "/api/authority/feedBack", {
      token: owner.token,
    });
    expect(mine.body.data.items).toEqual([expect.objectContaining({ id, result: "accepted" })]);
    const all = await s.call<{ total: number }>("GET", "/api/authority/feedBack", {
      token: admin,
      query: { feedBackModule: 0 },
    });
    expect(all.body.data.total).toBe(1);
    const messages = await s.call<{ items: { title: string; kind: string }[] }>(
      "GET",
      "/api/authority/messages",
      { token: owner.token },
    );
    expect(messages.body.data.items[0]).toMatchObject({ title: "Feedback answered", kind: "system" });
  });
});
