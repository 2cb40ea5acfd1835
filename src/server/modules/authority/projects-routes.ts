// Projects with parts and status (spec 3 and 4). Visible to whoever may read the compiler's records and
// to the manager; changed by the compiler, the manager or an admin; deleting moves to the recycle bin.
import { and, asc, count, desc, eq, ilike, inArray, isNull, or, type SQL, sql } from "drizzle-orm";
import { Hono } from "hono";
import { type ProjectStatus, projectTransition } from "../../../shared/constants.ts";
import { canCreateProject, isAdmin } from "../../../shared/permissions.ts";
import { idPathSchema } from "../../../shared/schemas/common.ts";
import {
  type Project,
  projectCreateBodySchema,
  projectListQuerySchema,
  projectStatusBodySchema,
  projectUpdateBodySchema,
} from "../../../shared/schemas/projects.ts";
import { createGuards } from "../../auth/guards.ts";
import { canSee, type Visible, visibleOwners } from "../../auth/visibility.ts";
import type { AppEnv, AuthSession, Services } from "../../context.ts";
import type { Db } from "../../db/client.ts";
import { isUniqueViolation } from "../../db/errors.ts";
import { projectParts, projects } from "../../db/schema.ts";
import { conflict, forbidden, invalid, notFound, staleVersion } from "../../http/errors.ts";
import { ok } from "../../http/respond.ts";
import { readJson, readParams, readQuery } from "../../http/validate.ts";
import { findLiveUser, userNames } from "./user-views.ts";

type ProjectRow = typeof projects.$inferSelect;

export function visibleProjectsWhere(visible: Visible, userId: number): SQL | undefined {
  if (visible === "all") return undefined;
  return or(inArray(projects.compilerUserId, visible), eq(projects.managerUserId, userId));
}

async function toProjects(db: Db, rows: ProjectRow[]): Promise<Project[]> {
  if (rows.length === 0) return [];
  const parts = await db
    .select()
    .from(projectParts)
    .where(
      inArray(
        projectParts.projectId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(projectParts.position), asc(projectParts.id));
  const names = await userNames(
    db,
    rows.map((r) => r.managerUserId),
  );
  return rows.map((row) => {
    const own = parts
      .filter((p) => p.projectId === row.id)
      .map((p) => ({ id: p.id, partNumber: p.partNumber, partName: p.partName }));
    return {
      id: row.id,
      name: row.name,
      code: row.code,
      managerUserId: row.managerUserId,
      managerName: row.managerUserId ? (names.get(row.managerUserId) ?? null) : null,
      compilerUserId: row.compilerUserId,
      status: row.status as ProjectStatus,
      partsCount: own.length,
      parts: own,
      version: row.version,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  });
}

/** A live project the session may read. */
export async function readableProject(db: Db, session: AuthSession, id: number): Promise<ProjectRow> {
  const [row] = await db
    .select()
    .from(projects)
    .where(and(eq(projects.id, id), isNull(projects.deletedAt)));
  if (!row) throw notFound("The project");
  const visible = await visibleOwners(db, session);
  if (!canSee(visible, row.compilerUserId) && row.managerUserId !== session.userId)
    throw notFound("The project");
  return row;
}

function canChangeProject(session: AuthSession, row: ProjectRow): boolean {
  return isAdmin(session) || row.compilerUserId === session.userId || row.managerUserId === session.userId;
}

async function replaceParts(db: Db, projectId: number, parts: { partNumber: string; partName: string }[]) {
  await db.delete(projectParts).where(eq(projectParts.projectId, projectId));
  if (parts.length > 0) {
    await db.insert(projectParts).values(parts.map((p, position) => ({ projectId, position, ...p })));
  }
}

export function projectsRoutes(s: Services): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const guard = createGuards(s);
  const db = s.database.db;

  app.get("/projects", guard.user, async (c) => {
    const session = c.get("session");
    const q = readQuery(c, projectListQuerySchema);
    const conditions: (SQL | undefined)[] = [
      isNull(projects.deletedAt),
      visibleProjectsWhere(await visibleOwners(db, session), session.userId),
    ];
    if (q.keyword) {
      const like = `%${q.keyword.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
      conditions.push(or(ilike(projects.name, like), ilike(projects.code, like)));
    }
    if (q.status) conditions.push(eq(projects.status, q.status));
    const where = and(...conditions);
    const [{ total }] = await db.select({ total: count() }).from(projects).where(where);
    const rows = await db
      .select()
      .from(projects)
      .where(where)
      .orderBy(desc(projects.updatedAt), desc(projects.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize);
    return ok(c, { items: await toProjects(db, rows), total, page: q.page, pageSize: q.pageSize });
  });

  app.get("/projects/:id", guard.user, async (c) => {
    const { id } = readParams(c, idPathSchema);
    const row = await readableProject(db, c.get("session"), id);
    return ok(c, (await toProjects(db, [row]))[0]);
  });

  app.post("/projects", guard.user, async (c) => {
    const session = c.get("session");
    if (!canCreateProject(session)) throw forbidden("createProjectNeedsRole");
    const body = await readJson(c, projectCreateBodySchema);
    if (body.managerUserId) await findLiveUser(db, body.managerUserId);
    let row: ProjectRow;
    try {
      row = await db.transaction(async (tx) => {
        const [created] = await tx
          .insert(projects)
          .values({
            name: body.name,
            code: body.code,
            managerUserId: body.managerUserId ?? null,
            compilerUserId: session.userId,
          })
          .returning();
        await replaceParts(tx as unknown as Db, created.id, body.parts ?? []);
        return created;
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict("projectCodeExists");
      throw error;
    }
    return ok(c, (await toProjects(db, [row]))[0]);
  });

  app.put("/projects/:id", guard.user, async (c) => {
    const session = c.get("session");
    const { id } = readParams(c, idPathSchema);
    const body = await readJson(c, projectUpdateBodySchema);
    const current = await readableProject(db, session, id);
    if (!canChangeProject(session, current)) throw forbidden("notCompiler");
    if (body.managerUserId) await findLiveUser(db, body.managerUserId);
    const { version, parts, ...fields } = body;
    let row: ProjectRow | undefined;
    try {
      row = await db.transaction(async (tx) => {
        const [updated] = await tx
          .update(projects)
          .set({ ...fields, version: sql`${projects.version} + 1`, updatedAt: new Date() })
          .where(and(eq(projects.id, id), eq(projects.version, version), isNull(projects.deletedAt)))
          .returning();
        if (updated && parts) await replaceParts(tx as unknown as Db, id, parts);
        return updated;
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict("projectCodeExists");
      throw error;
    }
    if (!row) throw staleVersion(current.version, version);
    return ok(c, (await toProjects(db, [row]))[0]);
  });

  // Spec 4: terminate, release, send to Draft, Growth Plan or Track (table in shared/constants.ts).
  app.put("/projects/:id/status", guard.user, async (c) => {
    const session = c.get("session");
    const { id } = readParams(c, idPathSchema);
    const { action } = await readJson(c, projectStatusBodySchema);
    const current = await readableProject(db, session, id);
    if (!canChangeProject(session, current)) throw forbidden("notCompiler");
    const next = projectTransition(current.status as ProjectStatus, action);
    if (!next) throw invalid("projectTransitionNotAllowed", { from: current.status, action });
    const [row] = await db
      .update(projects)
      .set({ status: next, version: sql`${projects.version} + 1`, updatedAt: new Date() })
      .where(and(eq(projects.id, id), eq(projects.status, current.status)))
      .returning();
    if (!row) throw staleVersion(current.version + 1, current.version);
    return ok(c, (await toProjects(db, [row]))[0]);
  });

  app.delete("/projects/:id", guard.user, async (c) => {
    const session = c.get("session");
    const { id } = readParams(c, idPathSchema);
    const current = await readableProject(db, session, id);
    if (!isAdmin(session) && current.compilerUserId !== session.userId) throw forbidden("notCompiler");
    await db
      .update(projects)
      .set({ deletedAt: new Date(), deletedBy: session.userId })
      .where(eq(projects.id, id));
    return ok(c, null);
  });

  return app;
}
