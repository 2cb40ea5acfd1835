// /api/rgt (issue 21): strict bodies per kind, spec 4's status machine with approvals through tasks and
// messages, enforced per role on a real database; spec 5's rules checked when an item is sent for approval;
// a terminated project's items read-only.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer, type TestUser } from "../helpers/server.ts";

interface Meta {
  id: number;
  version: number;
  summary: Record<string, unknown>;
}
interface Doc extends Meta {
  body: Record<string, unknown> & { status: string; approval: { taskIds: number[] } | null };
}

const future = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
const later = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10);

const validPlan = {
  kind: "growthPlan",
  objectNumber: "OBJ-7",
  objectName: "Gearbox",
  indicatorName: "MTBF",
  plan: {
    confidence: 90,
    growthStartTime: 1000,
    growthRate: 0.3,
    initialForm: "mtbf",
    initialLevel: 50,
    stageTarget: 90,
    finalTarget: 110,
    phaseCount: 2,
    prototypeCount: 3,
  },
  phases: [
    { name: "P1", stageRisk: 0.2, growthRate: 0.3, testTime: 2500, startDate: future, endDate: later },
    { name: "P2", stageRisk: 0.2, growthRate: 0.3, testTime: 10000, startDate: later, endDate: "2099-01-01" },
  ],
};

describe("/api/rgt", () => {
  let s: TestServer;
  let admin: string;
  let author: TestUser;
  let manager: TestUser;
  let other: TestUser;
  let projectId: number;

  beforeAll(async () => {
    s = await startTestServer();
    admin = await s.adminToken();
    author = await s.makeUser(["owner"]);
    manager = await s.makeUser(["owner"]);
    other = await s.makeUser(["owner"]);
    const project = await s.call<{ id: number }>("POST", "/api/authority/projects", {
      token: author.token,
      body: { name: "Growth project", code: "GR-1", managerUserId: manager.userId },
    });
    expect(project.body.status, JSON.stringify(project.body)).toBe(0);
    projectId = project.body.data.id;
  });
  afterAll(async () => {
    await s?.close();
  });

  const create = async (body: unknown, token = author.token, project: number | null = projectId) =>
    s.call<Meta>("POST", "/api/rgt/analyses", { token, body: { name: "Plan", projectId: project, body } });
  const read = async (id: number, token = author.token) =>
    (await s.call<Doc>("GET", `/api/rgt/analyses/${id}`, { token })).body.data;
  const move = (id: number, action: string, version: number, token: string) =>
    s.call<{ status: string; version: number }>("POST", `/api/rgt/analyses/${id}/transition`, {
      token,
      body: { action, version },
    });

  it("stores each kind strictly and refuses unknown fields and kinds", async () => {
    for (const body of [
      validPlan,
      { kind: "draft", plan: { growthTarget: 100, growthPotential: 120, startDate: future }, phases: [] },
      {
        kind: "track",
        plan: { testTime: 3000 },
        failures: [{ time: 12.5, name: "Seal leak", mode: "BD", modeId: "m1" }],
      },
    ]) {
      const r = await create(body);
      expect(r.body.status, JSON.stringify(r.body)).toBe(0);
      expect(r.body.data.summary).toMatchObject({ kind: body.kind, status: "atWork" });
    }
    const unknownField = await create({ ...validPlan, plan: { ...validPlan.plan, colour: "red" } });
    expect(unknownField.http).toBe(400);
    const unknownKind = await create({ kind: "forecast" });
    expect(unknownKind.http).toBe(400);
    const badDate = await create({
      ...validPlan,
      phases: [{ ...validPlan.phases[0], startDate: "01/02/2030" }],
    });
    expect(badDate.http).toBe(400);
    expect(badDate.body.msgKey).toBe("growth.dateInvalid");
    const badMode = await create({ kind: "track", failures: [{ time: 1, mode: "C" }] });
    expect(badMode.http).toBe(400);
  });

  it("a track holds at most 200,000 failure records", async () => {
    const tooMany = await create({ kind: "track", failures: new Array(200_001).fill({}) });
    expect(tooMany.http).toBe(400);
    expect(tooMany.body.status).not.toBe(0);
  });

  it("a create always starts at work; an update keeps the stored status", async () => {
    const r = await create({ ...validPlan, status: "released", approval: null });
    const doc = await read(r.body.data.id);
    expect(doc.body.status).toBe("atWork");
    const put = await s.call<Meta>("PUT", `/api/rgt/analyses/${doc.id}`, {
      token: author.token,
      body: { version: doc.version, body: { ...validPlan, status: "released" } },
    });
    expect(put.body.status).toBe(0);
    expect((await read(doc.id)).body.status).toBe("atWork");
  });

  it("release: author asks, a task goes to the manager, a message to the author; approved, it is read-only", async () => {
    const id = (await create(validPlan)).body.data.id;
    let doc = await read(id);
    // Only the author (or an admin) asks; the approver decides.
    expect((await move(id, "submitRelease", doc.version, other.token)).http).toBe(404);
    expect((await move(id, "approve", doc.version, author.token)).body.msgKey).toBe(
      "growth.transitionRefused",
    );
    const asked = await move(id, "submitRelease", doc.version, author.token);
    expect(asked.body.status, JSON.stringify(asked.body)).toBe(0);
    expect(asked.body.data.status).toBe("publishingApproval");
    doc = await read(id);
    const [taskId] = doc.body.approval?.taskIds ?? [];
    const task = await s.call<{ assigneeUserId: number; title: string; content: string; status: string }>(
      "GET",
      `/api/authority/tasks/${taskId}`,
      { token: manager.token },
    );
    expect(task.body.data).toMatchObject({ assigneeUserId: manager.userId, status: "open" });
    expect(task.body.data.title).toBe("Approve the release of 'Plan'");
    expect(task.body.data.content).toContain(`/rgt/growthPlan/edit?id=${id}`);
    const inbox = await s.call<{ items: { title: string }[] }>("GET", "/api/authority/messages", {
      token: author.token,
    });
    expect(inbox.body.data.items.map((m) => m.title)).toContain("'Plan' was sent for approval.");
    // In approval nothing can be edited, and asking twice is refused.
    const edit = await s.call("PUT", `/api/rgt/analyses/${id}`, {
      token: author.token,
      body: { version: doc.version, body: validPlan },
    });
    expect(edit.http).toBe(403);
    expect(edit.body.msgKey).toBe("growth.readOnly");
    expect((await move(id, "submitRelease", doc.version, author.token)).body.msgKey).toBe(
      "growth.transitionRefused",
    );
    // The author cannot approve their own request; another owner neither; a stale version is refused.
    expect((await move(id, "approve", doc.version, author.token)).body.msgKey).toBe("growth.notApprover");
    expect((await move(id, "approve", doc.version, other.token)).http).toBe(404);
    expect((await move(id, "approve", doc.version - 1, manager.token)).http).toBe(409);
    const approved = await move(id, "approve", doc.version, manager.token);
    expect(approved.body.data.status).toBe("released");
    const done = await s.call<{ status: string }>("GET", `/api/authority/tasks/${taskId}`, {
      token: manager.token,
    });
    expect(done.body.data.status).toBe("done");
    doc = await read(id);
    expect(doc.body).toMatchObject({ status: "released", approval: null });
    const released = await s.call("PUT", `/api/rgt/analyses/${id}`, {
      token: author.token,
      body: { version: doc.version, name: "renamed" },
    });
    expect(released.http).toBe(403);
    expect((await s.call("DELETE", `/api/rgt/analyses/${id}`, { token: author.token })).http).toBe(403);
    // A copy of a released plan is a new plan at work.
    const copy = await s.call<Meta>("POST", `/api/rgt/analyses/${id}/copy`, {
      token: author.token,
      body: {},
    });
    expect((await read(copy.body.data.id)).body).toMatchObject({ status: "atWork", approval: null });
    expect(copy.body.data.summary.status).toBe("atWork");

    // Abandonment: asked by the author, rejected (back to released), asked again, approved by an admin.
    const abandon = await move(id, "submitAbandon", doc.version, author.token);
    expect(abandon.body.data.status).toBe("abandonmentApproval");
    const rejected = await move(id, "reject", abandon.body.data.version, manager.token);
    expect(rejected.body.data.status).toBe("released");
    const messages = await s.call<{ items: { title: string }[] }>("GET", "/api/authority/messages", {
      token: author.token,
    });
    expect(messages.body.data.items.map((m) => m.title)).toContain(
      "'Plan' was rejected: it is released again.",
    );
    const again = await move(id, "submitAbandon", rejected.body.data.version, author.token);
    const discarded = await move(id, "approve", again.body.data.version, admin);
    expect(discarded.body.data.status).toBe("discarded");
    expect((await move(id, "submitRelease", discarded.body.data.version, author.token)).http).toBe(400);
    // A discarded item may go to the recycle bin.
    expect((await s.call("DELETE", `/api/rgt/analyses/${id}`, { token: author.token })).body.status).toBe(0);
  });

  it("a release is refused with spec 5's problems while the plan breaks a rule", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ plan: { ...validPlan.plan, confidence: 100 } }, "ciAnalysisRange"],
      [{ plan: { ...validPlan.plan, growthRate: 1 } }, "growth.rateRange"],
      [{ plan: { ...validPlan.plan, growthStartTime: 0.5 } }, "growth.startTimeRange"],
      [{ plan: { ...validPlan.plan, initialLevel: 1 } }, "growth.mtbfRange"],
      [
        {
          plan: {
            ...validPlan.plan,
            initialForm: "reliability",
            initialLevel: 0.5,
            stageTarget: 0.8,
            finalTarget: 1,
          },
        },
        "growth.reliabilityRange",
      ],
      [{ plan: { ...validPlan.plan, stageTarget: 120 } }, "growth.stageAboveFinal"],
      [{ plan: { ...validPlan.plan, initialLevel: 95 } }, "growth.initialNotBelowStage"],
      [{ plan: { ...validPlan.plan, prototypeCount: 100 } }, "growth.prototypesRange"],
      [{ plan: { ...validPlan.plan, prototypeCount: null } }, "growth.fieldRequired"],
      [{ phases: [] }, "growth.planningTableEmpty"],
      [{ phases: [{ ...validPlan.phases[0], testTime: 900 }] }, "growth.testTimeNotAfterStart"],
      [{ phases: [{ ...validPlan.phases[0], endDate: future }] }, "growth.endDateBeforeStart"],
    ];
    for (const [change, key] of cases) {
      const id = (await create({ ...validPlan, ...change })).body.data.id;
      const doc = await read(id);
      const r = await move(id, "submitRelease", doc.version, author.token);
      expect(r.http, key).toBe(400);
      expect(r.body.msgKey, JSON.stringify(r.body)).toBe(key);
      expect((r.body.data as unknown as { issues: unknown[] }).issues.length).toBeGreaterThan(0);
      expect((await read(id)).body.status).toBe("atWork");
    }
  });

  it("draft and track rules on release", async () => {
    const today = new Date().toISOString().slice(0, 10);
    const draftCases: [Record<string, unknown>, string][] = [
      [{ growthTarget: 1, growthPotential: 5, startDate: future }, "growth.mtbfRange"],
      [{ growthTarget: 100, growthPotential: 50, startDate: future }, "growth.potentialBelowTarget"],
      [{ growthTarget: 100, growthPotential: 150, startDate: today }, "growth.startDateNotFuture"],
    ];
    const row = { name: "Phase 1", testTime: 500, startDate: future, endDate: later };
    for (const [plan, key] of draftCases) {
      const id = (await create({ kind: "draft", plan, phases: [row] })).body.data.id;
      const r = await move(id, "submitRelease", (await read(id)).version, author.token);
      expect(r.body.msgKey, key).toBe(key);
    }
    const emptyTable = (await create({ kind: "draft", plan: draftCases[1][0], phases: [] })).body.data.id;
    expect((await move(emptyTable, "submitRelease", 1, author.token)).body.msgKey).toBe(
      "growth.potentialBelowTarget",
    );
    const noName = (
      await create({
        kind: "draft",
        plan: { growthTarget: 100, growthPotential: 150, startDate: future },
        phases: [{ ...row, name: "" }],
      })
    ).body.data.id;
    expect((await move(noName, "submitRelease", 1, author.token)).body.msgKey).toBe("growth.fieldRequired");
    const track = (
      await create({ kind: "track", failures: [{ time: 10, state: "resolved", reason: "wear" }] })
    ).body.data.id;
    expect((await move(track, "submitRelease", 1, author.token)).body.msgKey).toBe(
      "growth.resolvedNeedsFields",
    );
    const emptyTrack = (await create({ kind: "track" })).body.data.id;
    expect((await move(emptyTrack, "submitRelease", 1, author.token)).body.msgKey).toBe(
      "growthNoFailureRecords",
    );
  });

  it("a count of 0 is an interval without failures: stored, and released only with grouped data", async () => {
    const failures = [
      { time: 62, occurrenceCount: 12 },
      { time: 150, occurrenceCount: 0 },
      { time: 187, occurrenceCount: 15 },
    ];
    const grouped = await create({ kind: "track", plan: { data: "grouped" }, failures });
    expect(grouped.body.status, JSON.stringify(grouped.body)).toBe(0);
    const id = grouped.body.data.id;
    const stored = (await read(id)).body.failures as { occurrenceCount: number }[];
    expect(stored.map((f) => f.occurrenceCount)).toEqual([12, 0, 15]);
    const asked = await move(id, "submitRelease", 1, author.token);
    expect(asked.body.status, JSON.stringify(asked.body)).toBe(0);
    // Failure times: the record is kept as typed, and the release names it.
    const individual = (await create({ kind: "track", failures })).body.data.id;
    const refused = await move(individual, "submitRelease", 1, author.token);
    expect(refused.http).toBe(400);
    expect(refused.body.msgKey).toBe("growth.countZeroIndividual");
    // A negative or fractional count is no count in either mode: the body is refused as a client error.
    for (const occurrenceCount of [-1, 1.5]) {
      const bad = await create({
        kind: "track",
        plan: { data: "grouped" },
        failures: [{ time: 5, occurrenceCount }],
      });
      expect(bad.http, JSON.stringify(bad.body)).toBe(400);
    }
  });

  it("without a project manager the administrators approve; a visitor cannot ask", async () => {
    const id = (await create(validPlan, author.token, null)).body.data.id;
    const asked = await move(id, "submitRelease", 1, author.token);
    expect(asked.body.status).toBe(0);
    const doc = await read(id);
    const task = await s.call<{ assigneeUserId: number }>(
      "GET",
      `/api/authority/tasks/${doc.body.approval?.taskIds[0]}`,
      {
        token: admin,
      },
    );
    expect(task.body.data.assigneeUserId).toBe(s.seed.adminUserId);
    expect((await move(id, "approve", doc.version, manager.token)).http).toBe(404);
    expect((await move(id, "reject", doc.version, admin)).body.data.status).toBe("atWork");
    const visitor = await s.makeUser(["visitor"]);
    const v = await s.call("POST", `/api/rgt/analyses/${id}/transition`, {
      token: visitor.token,
      body: { action: "submitRelease", version: doc.version + 1 },
    });
    expect([403, 404]).toContain(v.http);
    expect(
      (
        await s.call("POST", `/api/rgt/analyses/${id}/transition`, {
          body: { action: "approve", version: 1 },
        })
      ).http,
    ).toBe(401);
    const bad = await s.call("POST", `/api/rgt/analyses/${id}/transition`, {
      token: author.token,
      body: { action: "publish", version: 1 },
    });
    expect(bad.http).toBe(400);
  });

  it("a terminated project's items are read-only", async () => {
    const project = await s.call<{ id: number }>("POST", "/api/authority/projects", {
      token: author.token,
      body: { name: "Ended", code: "GR-END", managerUserId: manager.userId },
    });
    const id = (await create(validPlan, author.token, project.body.data.id)).body.data.id;
    const end = await s.call("PUT", `/api/authority/projects/${project.body.data.id}/status`, {
      token: author.token,
      body: { action: "terminate" },
    });
    expect(end.body.status, JSON.stringify(end.body)).toBe(0);
    const put = await s.call("PUT", `/api/rgt/analyses/${id}`, {
      token: author.token,
      body: { version: 1, name: "x" },
    });
    expect(put.body.msgKey).toBe("growth.projectTerminated");
    expect((await move(id, "submitRelease", 1, author.token)).body.msgKey).toBe("growth.projectTerminated");
    expect((await create(validPlan, author.token, project.body.data.id)).body.msgKey).toBe(
      "growth.projectTerminated",
    );
    expect((await read(id)).body.status).toBe("atWork");
  });
});

describe("/api/rgt lists by kind", () => {
  it("?kind= keeps one kind", async () => {
    const s = await startTestServer();
    try {
      const u = await s.makeUser(["owner"]);
      for (const kind of ["draft", "growthPlan", "growthPlan", "track"])
        await s.call("POST", "/api/rgt/analyses", { token: u.token, body: { name: kind, body: { kind } } });
      const plans = await s.call<{ total: number }>("GET", "/api/rgt/analyses", {
        token: u.token,
        query: { kind: "growthPlan" },
      });
      expect(plans.body.data.total).toBe(2);
    } finally {
      await s.close();
    }
  });
});
