// Departments and teams (spec 3 and 6). Admins read and change all of them; anyone else reads only the
// units they belong to, with their members. A user is in at most one department and any number of teams; the leader of a
// unit is one of its members and must be replaced before that member leaves.
import { and, count, eq, inArray, ne } from "drizzle-orm";
import { Hono } from "hono";
import { isAdmin } from "../../../shared/permissions.ts";
import { idPathSchema } from "../../../shared/schemas/common.ts";
import {
  type OrgUnit,
  orgMemberPathSchema,
  orgMembersBodySchema,
  orgUnitCreateBodySchema,
  orgUnitUpdateBodySchema,
} from "../../../shared/schemas/org.ts";
import { createGuards } from "../../auth/guards.ts";
import type { AppEnv, AuthSession, Services } from "../../context.ts";
import type { Db } from "../../db/client.ts";
import { orgMembers, orgUnits, users } from "../../db/schema.ts";
import { invalid, notFound } from "../../http/errors.ts";
import { ok } from "../../http/respond.ts";
import { readJson, readParams } from "../../http/validate.ts";
import { findLiveUser } from "./user-views.ts";

type UnitRow = typeof orgUnits.$inferSelect;

async function findUnit(db: Db, id: number): Promise<UnitRow> {
  const [unit] = await db.select().from(orgUnits).where(eq(orgUnits.id, id));
  if (!unit) throw notFound("The department or team");
  return unit;
}

async function memberCounts(db: Db): Promise<Map<number, number>> {
  const rows = await db
    .select({ unitId: orgMembers.unitId, n: count() })
    .from(orgMembers)
    .groupBy(orgMembers.unitId);
  return new Map(rows.map((r) => [r.unitId, r.n]));
}

function toUnit(row: UnitRow, members: number): OrgUnit {
  return {
    id: row.id,
    kind: row.kind as OrgUnit["kind"],
    name: row.name,
    parentId: row.parentId,
    allowSuperiorAccess: row.allowSuperiorAccess,
    leaderUserId: row.leaderUserId,
    memberCount: members,
    createdAt: row.createdAt.toISOString(),
  };
}

async function addMember(db: Db, unit: UnitRow, userId: number): Promise<void> {
  await findLiveUser(db, userId);
  if (unit.kind === "department") {
    const [other] = await db
      .select({ name: orgUnits.name })
      .from(orgMembers)
      .innerJoin(orgUnits, eq(orgUnits.id, orgMembers.unitId))
      .where(and(eq(orgMembers.userId, userId), eq(orgUnits.kind, "department"), ne(orgUnits.id, unit.id)));
    if (other) throw invalid("oneDepartmentPerUser", { name: other.name });
  }
  await db.insert(orgMembers).values({ unitId: unit.id, userId }).onConflictDoNothing();
}

async function removeMember(db: Db, unit: UnitRow, userId: number): Promise<void> {
  if (unit.leaderUserId === userId) throw invalid("replaceLeaderFirst");
  await db.delete(orgMembers).where(and(eq(orgMembers.unitId, unit.id), eq(orgMembers.userId, userId)));
}

/** Moves a user to a department (null: out of any), keeping the leader rule. */
export async function setDepartment(db: Db, userId: number, departmentId: number | null): Promise<void> {
  const current = await db
    .select({ unit: orgUnits })
    .from(orgMembers)
    .innerJoin(orgUnits, eq(orgUnits.id, orgMembers.unitId))
    .where(and(eq(orgMembers.userId, userId), eq(orgUnits.kind, "department")));
  for (const { unit } of current) if (unit.id !== departmentId) await removeMember(db, unit, userId);
  if (departmentId !== null) {
    const unit = await findUnit(db, departmentId);
    if (unit.kind !== "department") throw notFound("The department");
    await addMember(db, unit, userId);
  }
}

async function assertNoCycle(db: Db, unitId: number, parentId: number | null): Promise<void> {
  for (let cursor = parentId, depth = 0; cursor !== null && depth < 100; depth++) {
    if (cursor === unitId) throw invalid("parentCycle");
    cursor = (await findUnit(db, cursor)).parentId;
  }
}

/** The units a non-admin may read: those they are a member of. */
async function ownUnitIds(db: Db, session: AuthSession): Promise<number[] | "all"> {
  if (isAdmin(session)) return "all";
  const rows = await db
    .select({ unitId: orgMembers.unitId })
    .from(orgMembers)
    .where(eq(orgMembers.userId, session.userId));
  return rows.map((r) => r.unitId);
}

export function orgRoutes(s: Services): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const guard = createGuards(s);
  const db = s.database.db;

  app.get("/departments", guard.user, async (c) => {
    const own = await ownUnitIds(db, c.get("session"));
    if (own !== "all" && own.length === 0) return ok(c, []);
    const rows = await db
      .select()
      .from(orgUnits)
      .where(own === "all" ? undefined : inArray(orgUnits.id, own))
      .orderBy(orgUnits.kind, orgUnits.name);
    const counts = await memberCounts(db);
    return ok(
      c,
      rows.map((r) => toUnit(r, counts.get(r.id) ?? 0)),
    );
  });

  app.get("/departments/:id", guard.user, async (c) => {
    const { id } = readParams(c, idPathSchema);
    const own = await ownUnitIds(db, c.get("session"));
    if (own !== "all" && !own.includes(id)) throw notFound("The department or team");
    const unit = await findUnit(db, id);
    const members = await db
      .select({ userId: users.id, userName: users.userName, nickname: users.nickname })
      .from(orgMembers)
      .innerJoin(users, eq(users.id, orgMembers.userId))
      .where(eq(orgMembers.unitId, id))
      .orderBy(users.userName);
    return ok(c, { ...toUnit(unit, members.length), members });
  });

  app.post("/departments", guard.admin, async (c) => {
    const body = await readJson(c, orgUnitCreateBodySchema);
    if (body.parentId) await findUnit(db, body.parentId);
    const [row] = await db
      .insert(orgUnits)
      .values({
        kind: body.kind,
        name: body.name,
        parentId: body.parentId ?? null,
        allowSuperiorAccess: body.allowSuperiorAccess ?? false,
      })
      .returning();
    return ok(c, toUnit(row, 0));
  });

  app.put("/departments/:id", guard.admin, async (c) => {
    const { id } = readParams(c, idPathSchema);
    const body = await readJson(c, orgUnitUpdateBodySchema);
    await findUnit(db, id);
    if (body.parentId !== undefined) await assertNoCycle(db, id, body.parentId);
    if (body.leaderUserId) {
      const [member] = await db
        .select({ userId: orgMembers.userId })
        .from(orgMembers)
        .where(and(eq(orgMembers.unitId, id), eq(orgMembers.userId, body.leaderUserId)));
      if (!member) throw invalid("leaderMustBeMember");
    }
    const [row] = await db
      .update(orgUnits)
      .set({ ...body, updatedAt: new Date() })
      .where(eq(orgUnits.id, id))
      .returning();
    const counts = await memberCounts(db);
    return ok(c, toUnit(row, counts.get(id) ?? 0));
  });

  app.delete("/departments/:id", guard.admin, async (c) => {
    const { id } = readParams(c, idPathSchema);
    await findUnit(db, id);
    const [{ members }] = await db
      .select({ members: count() })
      .from(orgMembers)
      .where(eq(orgMembers.unitId, id));
    const [{ children }] = await db
      .select({ children: count() })
      .from(orgUnits)
      .where(eq(orgUnits.parentId, id));
    if (members > 0 || children > 0) throw invalid("departmentNotEmpty");
    await db.delete(orgUnits).where(eq(orgUnits.id, id));
    return ok(c, null);
  });

  app.post("/departments/:id/members", guard.admin, async (c) => {
    const { id } = readParams(c, idPathSchema);
    const body = await readJson(c, orgMembersBodySchema);
    const unit = await findUnit(db, id);
    for (const userId of body.userIds) await addMember(db, unit, userId);
    const members = await db
      .select({ userId: orgMembers.userId })
      .from(orgMembers)
      .where(eq(orgMembers.unitId, id));
    return ok(c, { memberUserIds: members.map((m) => m.userId) });
  });

  app.delete("/departments/:id/members/:userId", guard.admin, async (c) => {
    const { id, userId } = readParams(c, orgMemberPathSchema);
    const unit = await findUnit(db, id);
    await removeMember(db, unit, userId);
    return ok(c, null);
  });

  return app;
}
