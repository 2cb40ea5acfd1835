// /api/rgt: stored reliability growth drafts, growth plans and tracking records, with spec 4's status
// machine and approvals: POST /api/rgt/analyses/:id/transition { action, version } moves an item
// (src/shared/growth.ts says which moves exist); an item is edited only at work; a terminated project's
// items are read-only. An approval request creates a task for each approver (the project's manager, else
// every administrator) and a message for the author; the decision closes those tasks and tells the author.
import { and, arrayContains, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Hono } from "hono";
import { z } from "zod";
import {
  GROWTH_ACTIONS,
  type GrowthItemStatus,
  growthActionActor,
  growthDraftProblems,
  growthEditable,
  growthPlanProblems,
  growthTrackProblems,
  growthTransition,
} from "../../../shared/growth.ts";
import { messageText } from "../../../shared/messages.ts";
import { canModifyRecord, isAdmin } from "../../../shared/permissions.ts";
import type { Problem } from "../../../shared/problem.ts";
import { idPathSchema } from "../../../shared/schemas/common.ts";
import { type RgtBody, rgtBodySchema } from "../../../shared/schemas/modules.ts";
import { defineAnalysisModule } from "../../analysis-store/define.ts";
import { analysisRoutes } from "../../analysis-store/routes.ts";
import { createGuards } from "../../auth/guards.ts";
import { canSee, visibleOwners } from "../../auth/visibility.ts";
import type { AppEnv, AuthSession, Services } from "../../context.ts";
import type { Db } from "../../db/client.ts";
import { analyses, projects, tasks, users } from "../../db/schema.ts";
import { forbidden, invalid, notFound, staleVersion } from "../../http/errors.ts";
import { ok } from "../../http/respond.ts";
import { readJson, readParams } from "../../http/validate.ts";
import { notify } from "../authority/work-routes.ts";

const NOUN = "The growth record";

async function projectOf(db: Db, projectId: number | null) {
  if (!projectId) return null;
  const [row] = await db
    .select({ status: projects.status, managerUserId: projects.managerUserId })
    .from(projects)
    .where(eq(projects.id, projectId));
  return row ?? null;
}

async function refuseTerminated(db: Db, projectId: number | null): Promise<void> {
  if ((await projectOf(db, projectId))?.status === "terminated") throw forbidden("growth.projectTerminated");
}

export const rgtModule = defineAnalysisModule({
  module: "rgt",
  noun: NOUN,
  body: rgtBodySchema,
  schemaVersion: 2,
  maxBodyBytes: 64 * 1024 * 1024,
  summarize: (body) => ({
    kind: body.kind,
    status: body.status,
    phases: body.phases.length,
    failures: body.kind === "track" ? body.failures.length : 0,
    approval: body.approval?.action ?? null,
  }),
  async guardWrite({ db, action, projectId, stored, next }) {
    await refuseTerminated(db, projectId);
    if (action === "create") return next && { ...next, status: "atWork" as const, approval: null };
    const current = stored as RgtBody;
    // Drafts and discarded items may go to the bin; an item in approval or released may not.
    if (action === "delete") {
      if (current.status !== "atWork" && current.status !== "discarded")
        throw forbidden("growth.readOnly", { status: current.status });
      return undefined;
    }
    if (!growthEditable(current.status)) throw forbidden("growth.readOnly", { status: current.status });
    if (next && next.kind !== current.kind) throw invalid("growth.kindFixed");
    return next && { ...next, status: current.status, approval: current.approval };
  },
  async afterCopy(db, _from, id) {
    // A copy starts a new life at work, whatever the original's state.
    await db
      .update(analyses)
      .set({
        body: sql`jsonb_set(jsonb_set(${analyses.body}, '{status}', '"atWork"'), '{approval}', 'null')`,
        summary: sql`jsonb_set(jsonb_set(${analyses.summary}, '{status}', '"atWork"'), '{approval}', 'null')`,
      })
      .where(eq(analyses.id, id));
  },
});

const transitionBodySchema = z.strictObject({
  action: z.enum(GROWTH_ACTIONS),
  version: z.number().int().min(1),
});

/** Spec 5's rules of the item's kind; `today` as YYYY-MM-DD. */
export function growthItemProblems(body: RgtBody, today: string): Problem[] {
  if (body.kind === "growthPlan") return growthPlanProblems(body.plan, body.phases);
  if (body.kind === "draft") return growthDraftProblems(body.plan, body.phases, today);
  return growthTrackProblems(body.failures, body.plan.data === "grouped");
}

async function approversOf(db: Db, managerUserId: number | null | undefined): Promise<number[]> {
  if (managerUserId) {
    const [manager] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, managerUserId), isNull(users.deletedAt)));
    if (manager) return [manager.id];
  }
  const admins = await db
    .select({ id: users.id })
    .from(users)
    .where(and(arrayContains(users.roles, ["admin"]), isNull(users.deletedAt)));
  return admins.map((a) => a.id);
}

async function authorName(db: Db, userId: number): Promise<string> {
  const [row] = await db
    .select({ userName: users.userName, realName: users.realName, nickname: users.nickname })
    .from(users)
    .where(eq(users.id, userId));
  return row?.realName || row?.nickname || row?.userName || String(userId);
}

export function rgtRoutes(s: Services): Hono<AppEnv> {
  const app = analysisRoutes(s, rgtModule);
  const guard = createGuards(s);
  const db = s.database.db;

  app.post("/analyses/:id/transition", guard.user, async (c) => {
    const session: AuthSession = c.get("session");
    const { id } = readParams(c, idPathSchema);
    const input = await readJson(c, transitionBodySchema);
    const [row] = await db
      .select({
        name: analyses.name,
        compilerUserId: analyses.compilerUserId,
        projectId: analyses.projectId,
        version: analyses.version,
        body: analyses.body,
      })
      .from(analyses)
      .where(and(eq(analyses.id, id), eq(analyses.module, "rgt"), isNull(analyses.deletedAt)));
    const project = row ? await projectOf(db, row.projectId) : null;
    const isApprover =
      isAdmin(session) || (!!project?.managerUserId && project.managerUserId === session.userId);
    // The approver may decide on items outside their own view; anyone else must see the item.
    if (!row || (!isApprover && !canSee(await visibleOwners(db, session), row.compilerUserId)))
      throw notFound(NOUN);
    if (project?.status === "terminated") throw forbidden("growth.projectTerminated");
    const body = row.body as RgtBody;
    const to = growthTransition(body.status, input.action);
    if (!to) throw invalid("growth.transitionRefused", { from: body.status, to: input.action });
    if (growthActionActor(input.action) === "author") {
      if (!canModifyRecord(session, row)) throw forbidden("notCompiler");
    } else if (!isApprover) throw forbidden("growth.notApprover");
    if (row.version !== input.version) throw staleVersion(row.version, input.version);
    if (input.action === "submitRelease") {
      const problems = growthItemProblems(body, new Date().toISOString().slice(0, 10));
      if (problems.length)
        throw invalid(problems[0].key, problems[0].params ? { ...problems[0].params } : {}, {
          issues: problems,
        });
    }

    let approval: RgtBody["approval"] = null;
    const path = `/rgt/${body.kind}/edit?id=${id}`;
    if (input.action === "submitRelease" || input.action === "submitAbandon") {
      const approvers = await approversOf(db, project?.managerUserId);
      if (approvers.length === 0) throw invalid("growth.noApprover");
      const title = messageText(
        input.action === "submitRelease" ? "growth.taskRelease" : "growth.taskAbandon",
        {
          name: row.name,
        },
      );
      const content = messageText("growth.taskContent", {
        author: await authorName(db, session.userId),
        path,
      });
      const created = await db
        .insert(tasks)
        .values(
          approvers.map((assigneeUserId) => ({
            title,
            content,
            projectId: row.projectId,
            creatorUserId: session.userId,
            assigneeUserId,
          })),
        )
        .returning({ id: tasks.id });
      await notify(db, approvers, title, content, session.userId);
      await notify(
        db,
        [row.compilerUserId],
        messageText("growth.sentForApproval", { name: row.name }),
        path,
        null,
      );
      approval = {
        action: input.action === "submitRelease" ? "release" : "abandon",
        taskIds: created.map((t) => t.id),
        requestedBy: session.userId,
        requestedAt: new Date().toISOString(),
      };
    } else {
      const taskIds = body.approval?.taskIds ?? [];
      if (taskIds.length)
        await db
          .update(tasks)
          .set({ status: "done", updatedAt: new Date() })
          .where(inArray(tasks.id, taskIds));
      const key = input.action === "approve" ? "growth.approved" : "growth.rejected";
      await notify(
        db,
        [row.compilerUserId],
        messageText(key, { name: row.name, status: to }),
        path,
        session.userId,
      );
    }
    const next: RgtBody = { ...body, status: to as GrowthItemStatus, approval };
    const [updated] = await db
      .update(analyses)
      .set({
        body: next,
        summary: rgtModule.summarize(next),
        version: sql`${analyses.version} + 1`,
        updatedAt: new Date(),
      })
      .where(and(eq(analyses.id, id), eq(analyses.version, input.version)))
      .returning({ version: analyses.version });
    if (!updated) throw staleVersion(row.version + 1, input.version);
    return ok(c, { id, status: to, version: updated.version, approval });
  });

  return app;
}
