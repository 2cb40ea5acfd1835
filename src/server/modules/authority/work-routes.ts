// Tasks and messages addressed to users, with read state. A new task also leaves a system message for
// its assignee, so the message alert shows it.
import { and, count, desc, eq, inArray, isNull, type SQL } from "drizzle-orm";
import { Hono } from "hono";
import { isAdmin } from "../../../shared/permissions.ts";
import { idPathSchema } from "../../../shared/schemas/common.ts";
import {
  type Message,
  messageCreateBodySchema,
  messageListQuerySchema,
  type Task,
  taskCreateBodySchema,
  taskListQuerySchema,
  taskUpdateBodySchema,
} from "../../../shared/schemas/work.ts";
import { createGuards } from "../../auth/guards.ts";
import type { AppEnv, AuthSession, Services } from "../../context.ts";
import type { Db } from "../../db/client.ts";
import { messages, tasks, users } from "../../db/schema.ts";
import { forbidden, invalid, notFound } from "../../http/errors.ts";
import { ok } from "../../http/respond.ts";
import { readJson, readParams, readQuery } from "../../http/validate.ts";
import { readableProject } from "./projects-routes.ts";
import { iso, userNames } from "./user-views.ts";

type TaskRow = typeof tasks.$inferSelect;
type MessageRow = typeof messages.$inferSelect;

async function assertLiveUsers(db: Db, ids: number[]): Promise<void> {
  const unique = [...new Set(ids)];
  const found = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, unique), isNull(users.deletedAt)));
  if (found.length !== unique.length) throw invalid("userNotFound");
}

async function toTasks(db: Db, rows: TaskRow[]): Promise<Task[]> {
  const names = await userNames(
    db,
    rows.flatMap((r) => [r.creatorUserId, r.assigneeUserId]),
  );
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    content: r.content,
    projectId: r.projectId,
    creatorUserId: r.creatorUserId,
    creatorName: r.creatorUserId ? (names.get(r.creatorUserId) ?? null) : null,
    assigneeUserId: r.assigneeUserId,
    assigneeName: names.get(r.assigneeUserId) ?? "",
    status: r.status as Task["status"],
    dueAt: iso(r.dueAt),
    readAt: iso(r.readAt),
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  }));
}

async function toMessages(db: Db, rows: MessageRow[]): Promise<Message[]> {
  const names = await userNames(
    db,
    rows.map((r) => r.fromUserId),
  );
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind as Message["kind"],
    title: r.title,
    content: r.content,
    fromUserId: r.fromUserId,
    fromName: r.fromUserId ? (names.get(r.fromUserId) ?? null) : null,
    toUserId: r.toUserId,
    readAt: iso(r.readAt),
    createdAt: r.createdAt.toISOString(),
  }));
}

/** Sends a system message (used by tasks and feedback replies). */
export async function notify(
  db: Db,
  toUserIds: number[],
  title: string,
  content: string,
  fromUserId: number | null,
) {
  if (toUserIds.length === 0) return;
  await db
    .insert(messages)
    .values(toUserIds.map((toUserId) => ({ kind: "system", title, content, fromUserId, toUserId })));
}

async function taskFor(db: Db, session: AuthSession, id: number): Promise<TaskRow> {
  const [row] = await db.select().from(tasks).where(eq(tasks.id, id));
  const involved =
    row &&
    (row.assigneeUserId === session.userId || row.creatorUserId === session.userId || isAdmin(session));
  if (!row || !involved) throw notFound("The task");
  return row;
}

export function workRoutes(s: Services): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const guard = createGuards(s);
  const db = s.database.db;

  app.get("/tasks", guard.user, async (c) => {
    const session = c.get("session");
    const q = readQuery(c, taskListQuerySchema);
    const conditions: (SQL | undefined)[] = [
      q.box === "sent" ? eq(tasks.creatorUserId, session.userId) : eq(tasks.assigneeUserId, session.userId),
    ];
    if (q.status) conditions.push(eq(tasks.status, q.status));
    if (q.unread) conditions.push(isNull(tasks.readAt));
    const where = and(...conditions);
    const [{ total }] = await db.select({ total: count() }).from(tasks).where(where);
    const rows = await db
      .select()
      .from(tasks)
      .where(where)
      .orderBy(desc(tasks.createdAt), desc(tasks.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize);
    return ok(c, { items: await toTasks(db, rows), total, page: q.page, pageSize: q.pageSize });
  });

  app.get("/tasks/:id", guard.user, async (c) => {
    const { id } = readParams(c, idPathSchema);
    return ok(c, (await toTasks(db, [await taskFor(db, c.get("session"), id)]))[0]);
  });

  app.post("/tasks", guard.user, async (c) => {
    const session = c.get("session");
    const body = await readJson(c, taskCreateBodySchema);
    await assertLiveUsers(db, body.assigneeUserIds);
    if (body.projectId) await readableProject(db, session, body.projectId);
    const assignees = [...new Set(body.assigneeUserIds)];
    const rows = await db
      .insert(tasks)
      .values(
        assignees.map((assigneeUserId) => ({
          title: body.title,
          content: body.content,
          projectId: body.projectId ?? null,
          creatorUserId: session.userId,
          assigneeUserId,
          dueAt: body.dueAt ? new Date(body.dueAt) : null,
        })),
      )
      .returning();
    await notify(
      db,
      assignees.filter((id) => id !== session.userId),
      body.title,
      body.content,
      session.userId,
    );
    return ok(c, await toTasks(db, rows));
  });

  app.put("/tasks/:id", guard.user, async (c) => {
    const session = c.get("session");
    const { id } = readParams(c, idPathSchema);
    const body = await readJson(c, taskUpdateBodySchema);
    const row = await taskFor(db, session, id);
    // The assignee reports progress (status); the creator edits what the task says.
    const editsText = body.title !== undefined || body.content !== undefined || body.dueAt !== undefined;
    if (editsText && row.creatorUserId !== session.userId && !isAdmin(session)) throw forbidden();
    const { dueAt, ...fields } = body;
    const [updated] = await db
      .update(tasks)
      .set({
        ...fields,
        ...(dueAt !== undefined ? { dueAt: dueAt ? new Date(dueAt) : null } : {}),
        updatedAt: new Date(),
      })
      .where(eq(tasks.id, id))
      .returning();
    return ok(c, (await toTasks(db, [updated]))[0]);
  });

  app.put("/tasks/:id/read", guard.user, async (c) => {
    const session = c.get("session");
    const { id } = readParams(c, idPathSchema);
    const row = await taskFor(db, session, id);
    if (row.assigneeUserId !== session.userId) throw forbidden();
    const [updated] = await db
      .update(tasks)
      .set({ readAt: row.readAt ?? new Date() })
      .where(eq(tasks.id, id))
      .returning();
    return ok(c, (await toTasks(db, [updated]))[0]);
  });

  app.delete("/tasks/:id", guard.user, async (c) => {
    const session = c.get("session");
    const { id } = readParams(c, idPathSchema);
    const row = await taskFor(db, session, id);
    if (row.creatorUserId !== session.userId && !isAdmin(session)) throw forbidden();
    await db.delete(tasks).where(eq(tasks.id, id));
    return ok(c, null);
  });

  app.get("/messages", guard.user, async (c) => {
    const session = c.get("session");
    const q = readQuery(c, messageListQuerySchema);
    const where = and(eq(messages.toUserId, session.userId), q.unread ? isNull(messages.readAt) : undefined);
    const [{ total }] = await db.select({ total: count() }).from(messages).where(where);
    const rows = await db
      .select()
      .from(messages)
      .where(where)
      .orderBy(desc(messages.createdAt), desc(messages.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize);
    return ok(c, { items: await toMessages(db, rows), total, page: q.page, pageSize: q.pageSize });
  });

  app.get("/messages/unreadCount", guard.user, async (c) => {
    const session = c.get("session");
    const [{ unread }] = await db
      .select({ unread: count() })
      .from(messages)
      .where(and(eq(messages.toUserId, session.userId), isNull(messages.readAt)));
    const [{ tasksUnread }] = await db
      .select({ tasksUnread: count() })
      .from(tasks)
      .where(and(eq(tasks.assigneeUserId, session.userId), isNull(tasks.readAt)));
    return ok(c, { messages: unread, tasks: tasksUnread });
  });

  app.post("/messages", guard.user, async (c) => {
    const session = c.get("session");
    const body = await readJson(c, messageCreateBodySchema);
    await assertLiveUsers(db, body.toUserIds);
    const rows = await db
      .insert(messages)
      .values(
        [...new Set(body.toUserIds)].map((toUserId) => ({
          kind: "user",
          title: body.title,
          content: body.content,
          fromUserId: session.userId,
          toUserId,
        })),
      )
      .returning();
    return ok(c, await toMessages(db, rows));
  });

  app.put("/messages/read", guard.user, async (c) => {
    const session = c.get("session");
    const updated = await db
      .update(messages)
      .set({ readAt: new Date() })
      .where(and(eq(messages.toUserId, session.userId), isNull(messages.readAt)))
      .returning({ id: messages.id });
    return ok(c, { marked: updated.length });
  });

  const ownMessage = async (session: AuthSession, id: number): Promise<MessageRow> => {
    const [row] = await db
      .select()
      .from(messages)
      .where(and(eq(messages.id, id), eq(messages.toUserId, session.userId)));
    if (!row) throw notFound("The message");
    return row;
  };

  app.put("/messages/:id/read", guard.user, async (c) => {
    const { id } = readParams(c, idPathSchema);
    const row = await ownMessage(c.get("session"), id);
    const [updated] = await db
      .update(messages)
      .set({ readAt: row.readAt ?? new Date() })
      .where(eq(messages.id, id))
      .returning();
    return ok(c, (await toMessages(db, [updated]))[0]);
  });

  app.delete("/messages/:id", guard.user, async (c) => {
    const { id } = readParams(c, idPathSchema);
    await ownMessage(c.get("session"), id);
    await db.delete(messages).where(eq(messages.id, id));
    return ok(c, null);
  });

  return app;
}
