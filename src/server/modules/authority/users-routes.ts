// User administration (admin only, spec 6 and 7): list, create, modify, delete, reset the password; and
// the small directory every signed-in user may search to pick assignees, managers and counselors.
import { and, count, desc, eq, ilike, isNull, or, sql } from "drizzle-orm";
import { Hono } from "hono";
import { idPathSchema } from "../../../shared/schemas/common.ts";
import {
  userCreateBodySchema,
  userDirectoryQuerySchema,
  userListQuerySchema,
  userUpdateBodySchema,
} from "../../../shared/schemas/users.ts";
import { createGuards } from "../../auth/guards.ts";
import { generatePassword } from "../../auth/passwords.ts";
import { revokeSessions } from "../../auth/sessions.ts";
import type { AppEnv, Services } from "../../context.ts";
import type { Db } from "../../db/client.ts";
import { isUniqueViolation } from "../../db/errors.ts";
import { orgMembers, orgUnits, sessions, users } from "../../db/schema.ts";
import { conflict, forbidden, invalid } from "../../http/errors.ts";
import { ok } from "../../http/respond.ts";
import { readJson, readParams, readQuery } from "../../http/validate.ts";
import { phoneTaken } from "./account-routes.ts";
import { setDepartment } from "./org-routes.ts";
import {
  departmentsOf,
  displayName,
  findLiveUser,
  findUserByName,
  newInvitationCode,
  toUser,
} from "./user-views.ts";

async function liveAdminCount(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(and(isNull(users.deletedAt), sql`'admin' = any(${users.roles})`));
  return row.n;
}

export function usersRoutes(s: Services): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const guard = createGuards(s);
  const db = s.database.db;

  app.get("/users/list", guard.admin, async (c) => {
    const q = readQuery(c, userListQuerySchema);
    const conditions = [isNull(users.deletedAt)];
    if (q.keyword) {
      const like = `%${q.keyword.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
      const match = or(
        ilike(users.userName, like),
        ilike(users.nickname, like),
        ilike(users.realName, like),
        ilike(users.phone, like),
      );
      if (match) conditions.push(match);
    }
    if (q.role) conditions.push(sql`${q.role} = any(${users.roles})`);
    if (q.departmentId) {
      conditions.push(
        sql`exists (select 1 from ${orgMembers} where ${orgMembers.userId} = ${users.id} and ${orgMembers.unitId} = ${q.departmentId})`,
      );
    }
    const where = and(...conditions);
    const [{ total }] = await db.select({ total: count() }).from(users).where(where);
    const rows = await db
      .select()
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize);
    const departments = await departmentsOf(
      db,
      rows.map((r) => r.id),
    );
    return ok(c, {
      items: rows.map((r) => toUser(r, departments.get(r.id))),
      total,
      page: q.page,
      pageSize: q.pageSize,
    });
  });

  app.get("/users", guard.user, async (c) => {
    const q = readQuery(c, userDirectoryQuerySchema);
    const conditions = [isNull(users.deletedAt)];
    if (q.keyword) {
      const like = `%${q.keyword.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
      const match = or(ilike(users.userName, like), ilike(users.nickname, like), ilike(users.realName, like));
      if (match) conditions.push(match);
    }
    const rows = await db
      .select({ id: users.id, userName: users.userName, nickname: users.nickname, realName: users.realName })
      .from(users)
      .where(and(...conditions))
      .orderBy(users.userName)
      .limit(200);
    return ok(
      c,
      rows.map((r) => ({ userId: r.id, userName: r.userName, nickname: r.nickname, name: displayName(r) })),
    );
  });

  // Creating an account: the password (chosen by the admin or generated) is one-time, returned once.
  app.post("/users/account", guard.admin, async (c) => {
    const body = await readJson(c, userCreateBodySchema);
    if (await findUserByName(db, body.userName)) throw conflict("userNameExists");
    if (body.phoneNumber && (await phoneTaken(db, body.phoneNumber))) throw conflict("phoneTaken");
    const password = body.password ?? generatePassword();
    const passwordHash = await s.hasher.hash(password);
    let created: typeof users.$inferSelect;
    try {
      [created] = await db
        .insert(users)
        .values({
          userName: body.userName,
          nickname: body.nickname ?? null,
          realName: body.realName ?? null,
          phone: body.phoneNumber ?? null,
          expiresAt: body.expiresAt ? new Date(body.expiresAt) : null,
          roles: body.roles ?? [],
          projectRole: body.projectRole ?? null,
          vip: body.vip ?? true,
          passwordHash,
          mustChangePassword: true,
          invitationCode: await newInvitationCode(db),
          invitedBy: c.get("session").userId,
        })
        .returning();
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict("userNameExists");
      throw error;
    }
    if (body.departmentId) await setDepartment(db, created.id, body.departmentId);
    const departments = await departmentsOf(db, [created.id]);
    return ok(c, { user: toUser(created, departments.get(created.id)), password });
  });

  app.put("/users", guard.admin, async (c) => {
    const body = await readJson(c, userUpdateBodySchema);
    const session = c.get("session");
    const before = await findLiveUser(db, body.userId);
    if (body.phoneNumber && (await phoneTaken(db, body.phoneNumber, before.id))) throw conflict("phoneTaken");
    if (
      body.roles &&
      before.roles.includes("admin") &&
      !body.roles.includes("admin") &&
      (await liveAdminCount(db)) <= 1
    ) {
      throw invalid("lastAdmin");
    }
    const { userId, departmentId, expiresAt, phoneNumber, ...fields } = body;
    await db
      .update(users)
      .set({
        ...fields,
        ...(phoneNumber !== undefined ? { phone: phoneNumber } : {}),
        ...(expiresAt !== undefined ? { expiresAt: expiresAt ? new Date(expiresAt) : null } : {}),
        updatedAt: new Date(),
      })
      .where(eq(users.id, userId));
    if (departmentId !== undefined) await setDepartment(db, userId, departmentId);
    // Sessions carry the roles they were opened with: a change of roles ends them so it applies at once.
    const rolesChanged = body.roles && [...body.roles].sort().join() !== [...before.roles].sort().join();
    if (rolesChanged)
      await revokeSessions(db, "reset", {
        userId,
        except: userId === session.userId ? session.sessionId : undefined,
      });
    if (rolesChanged && userId === session.userId) {
      await db
        .update(sessions)
        .set({ roles: body.roles?.length ? body.roles : ["visitor"] })
        .where(eq(sessions.id, session.sessionId));
    }
    const after = await findLiveUser(db, userId);
    const departments = await departmentsOf(db, [userId]);
    return ok(c, toUser(after, departments.get(userId)));
  });

  app.delete("/users/account/:id", guard.admin, async (c) => {
    const { id } = readParams(c, idPathSchema);
    const session = c.get("session");
    if (id === session.userId) throw forbidden("cannotDeleteSelf");
    const user = await findLiveUser(db, id);
    if (user.roles.includes("admin") && (await liveAdminCount(db)) <= 1) throw invalid("lastAdmin");
    const [leads] = await db
      .select({ id: orgUnits.id })
      .from(orgUnits)
      .where(eq(orgUnits.leaderUserId, id))
      .limit(1);
    if (leads) throw invalid("replaceLeaderFirst");
    await db.transaction(async (tx) => {
      await tx
        .update(users)
        .set({ deletedAt: new Date(), invitationCode: null, externalId: null })
        .where(eq(users.id, id));
      await tx.delete(orgMembers).where(eq(orgMembers.userId, id));
    });
    await revokeSessions(db, "deleted", { userId: id });
    return ok(c, null);
  });

  // Spec 6 has the admin reset to a fixed default; here the reset password is random, shown once to the
  // admin, valid for one login, and must be changed then.
  app.put("/users/account/:id/password", guard.admin, async (c) => {
    const { id } = readParams(c, idPathSchema);
    await findLiveUser(db, id);
    const password = generatePassword();
    const passwordHash = await s.hasher.hash(password);
    await db
      .update(users)
      .set({ passwordHash, mustChangePassword: true, updatedAt: new Date() })
      .where(eq(users.id, id));
    await revokeSessions(db, "reset", { userId: id });
    return ok(c, { userId: id, password }, "passwordReset");
  });

  return app;
}
