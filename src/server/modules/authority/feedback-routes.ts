// Quick feedback (spec 3, 4 and 7): any user submits; an admin (the customer service) replies and sets
// status and result; the submitter sees their own and gets a message when answered.
import { and, count, desc, eq, inArray, type SQL } from "drizzle-orm";
import { Hono } from "hono";
import { isAdmin } from "../../../shared/permissions.ts";
import { idPathSchema } from "../../../shared/schemas/common.ts";
import {
  type Feedback,
  feedbackListQuerySchema,
  feedbackReplyBodySchema,
  feedbackSubmitBodySchema,
} from "../../../shared/schemas/feedback.ts";
import { createGuards } from "../../auth/guards.ts";
import type { AppEnv, Services } from "../../context.ts";
import type { Db } from "../../db/client.ts";
import { feedback, files } from "../../db/schema.ts";
import { invalid, notFound } from "../../http/errors.ts";
import { ok } from "../../http/respond.ts";
import { readJson, readParams, readQuery } from "../../http/validate.ts";
import { fileIdFromReference } from "../file/references.ts";
import { displayName, findLiveUser, userNames } from "./user-views.ts";
import { notify } from "./work-routes.ts";

type FeedbackRow = typeof feedback.$inferSelect;

async function toFeedback(db: Db, rows: FeedbackRow[]): Promise<Feedback[]> {
  const names = await userNames(
    db,
    rows.map((r) => r.userId),
  );
  return rows.map((r) => ({
    id: r.id,
    feedBackModule: r.module,
    feedBackType: r.type,
    feedBackDetail: r.detail,
    feedBackContact: r.contact,
    feedBackFiles: r.files,
    plusInfo: r.plusInfo,
    userId: r.userId,
    userName: r.userId ? (names.get(r.userId) ?? null) : null,
    customerService: r.customerService,
    reply: r.reply,
    status: r.status,
    result: r.result,
    insertTime: r.createdAt.toISOString(),
  }));
}

export function feedbackRoutes(s: Services): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const guard = createGuards(s);
  const db = s.database.db;

  app.post("/feedBack", guard.user, async (c) => {
    const session = c.get("session");
    const body = await readJson(c, feedbackSubmitBodySchema);
    // Attached files must be uploads of this user: a path cannot smuggle in someone else's file.
    const ids = body.feedBackFiles.map(fileIdFromReference);
    if (ids.some((id) => id === null)) throw invalid("fileMissing");
    if (ids.length > 0) {
      const own = await db
        .select({ id: files.id })
        .from(files)
        .where(and(inArray(files.id, ids as string[]), eq(files.ownerUserId, session.userId)));
      if (own.length !== new Set(ids).size) throw invalid("fileMissing");
    }
    const [row] = await db
      .insert(feedback)
      .values({
        module: body.feedBackModule,
        type: body.feedBackType,
        detail: body.feedBackDetail,
        contact: body.feedBackContact,
        files: body.feedBackFiles,
        plusInfo: body.plusInfo ?? null,
        userId: session.userId,
      })
      .returning();
    return ok(c, (await toFeedback(db, [row]))[0]);
  });

  app.get("/feedBack", guard.user, async (c) => {
    const session = c.get("session");
    const q = readQuery(c, feedbackListQuerySchema);
    const conditions: (SQL | undefined)[] = [
      isAdmin(session) ? undefined : eq(feedback.userId, session.userId),
    ];
    if (q.status !== undefined) conditions.push(eq(feedback.status, q.status));
    if (q.feedBackModule !== undefined) conditions.push(eq(feedback.module, q.feedBackModule));
    const where = and(...conditions);
    const [{ total }] = await db.select({ total: count() }).from(feedback).where(where);
    const rows = await db
      .select()
      .from(feedback)
      .where(where)
      .orderBy(desc(feedback.createdAt), desc(feedback.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize);
    return ok(c, { items: await toFeedback(db, rows), total, page: q.page, pageSize: q.pageSize });
  });

  app.get("/feedBack/:id", guard.user, async (c) => {
    const session = c.get("session");
    const { id } = readParams(c, idPathSchema);
    const [row] = await db.select().from(feedback).where(eq(feedback.id, id));
    if (!row || (!isAdmin(session) && row.userId !== session.userId)) throw notFound("The feedback");
    return ok(c, (await toFeedback(db, [row]))[0]);
  });

  app.put("/feedBack", guard.admin, async (c) => {
    const session = c.get("session");
    const body = await readJson(c, feedbackReplyBodySchema);
    const [current] = await db.select().from(feedback).where(eq(feedback.id, body.id));
    if (!current) throw notFound("The feedback");
    const admin = await findLiveUser(db, session.userId);
    const [row] = await db
      .update(feedback)
      .set({
        ...(body.reply !== undefined ? { reply: body.reply } : {}),
        ...(body.status !== undefined
          ? { status: body.status }
          : body.reply !== undefined
            ? { status: 1 }
            : {}),
        ...(body.result !== undefined ? { result: body.result } : {}),
        customerService: displayName(admin),
        updatedAt: new Date(),
      })
      .where(eq(feedback.id, body.id))
      .returning();
    if (body.reply !== undefined && current.userId) {
      await notify(db, [current.userId], "Feedback answered", body.reply, session.userId);
    }
    return ok(c, (await toFeedback(db, [row]))[0]);
  });

  return app;
}
