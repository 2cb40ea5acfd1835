// The generic store of analyses, mounted once per module prefix (/api/wb, /api/alta, ...):
//   GET    /analyses            list (page, pageSize, name, projectId, mine)
//   POST   /analyses            create { name, projectId?, body }; an Idempotency-Key header makes a retry
//                                with the same key (same user, same module) answer the set it created
//   GET    /analyses/:id        read (body columns as base64, or ?columns=arrays)
//   PUT    /analyses/:id        update { version, name?, projectId?, body? }; stale version -> 1009
//   POST   /analyses/:id/copy   copy { name? }
//   DELETE /analyses/:id        move to the recycle bin
// Reading follows visibility (own, same unit, superior unit when allowed; admins all); changing needs
// the compiler or an admin (spec 6).
import { and, count, desc, eq, ilike, inArray, isNull, or, type SQL, sql } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import { canModifyRecord } from "../../shared/permissions.ts";
import {
  type AnalysisMeta,
  analysisCopyBodySchema,
  analysisCreateBodySchema,
  analysisListQuerySchema,
  analysisReadQuerySchema,
  analysisUpdateBodySchema,
} from "../../shared/schemas/analyses.ts";
import { idPathSchema } from "../../shared/schemas/common.ts";
import { createGuards } from "../auth/guards.ts";
import { canSee, visibleOwners } from "../auth/visibility.ts";
import type { AppEnv, AuthSession, Services } from "../context.ts";
import { isUniqueViolation } from "../db/errors.ts";
import { analyses, projects, users } from "../db/schema.ts";
import { forbidden, notFound, staleVersion } from "../http/errors.ts";
import { ok } from "../http/respond.ts";
import { parseWith, readJson, readParams, readQuery } from "../http/validate.ts";
import { readableProject } from "../modules/authority/projects-routes.ts";
import { displayName } from "../modules/authority/user-views.ts";
import { type AnalysisModuleDef, packedRulesOf } from "./define.ts";
import {
  packedColumnsBase64,
  packedColumnsFromBase64,
  packedColumnsSql,
  packTable,
  unpackTable,
} from "./packing.ts";

const metaColumns = {
  id: analyses.id,
  module: analyses.module,
  name: analyses.name,
  projectId: analyses.projectId,
  projectName: projects.name,
  compilerUserId: analyses.compilerUserId,
  compilerUserName: users.userName,
  compilerNickname: users.nickname,
  compilerRealName: users.realName,
  schemaVersion: analyses.schemaVersion,
  version: analyses.version,
  summary: analyses.summary,
  createdAt: analyses.createdAt,
  updatedAt: analyses.updatedAt,
};

type MetaRow = {
  id: number;
  module: string;
  name: string;
  projectId: number | null;
  projectName: string | null;
  compilerUserId: number;
  compilerUserName: string;
  compilerNickname: string | null;
  compilerRealName: string | null;
  schemaVersion: number;
  version: number;
  summary: unknown;
  createdAt: Date;
  updatedAt: Date;
};

function toMeta(row: MetaRow): AnalysisMeta {
  return {
    id: row.id,
    module: row.module as AnalysisMeta["module"],
    name: row.name,
    projectId: row.projectId,
    projectName: row.projectName,
    compilerUserId: row.compilerUserId,
    compilerName: displayName({
      userName: row.compilerUserName,
      nickname: row.compilerNickname,
      realName: row.compilerRealName,
    }),
    schemaVersion: row.schemaVersion,
    version: row.version,
    summary: (row.summary ?? {}) as Record<string, unknown>,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The Idempotency-Key header: a client's own token for one create (a UUID, say), visible ASCII. */
const idempotencyHeaderSchema = z.object({
  "idempotency-key": z
    .string()
    .min(8)
    .max(128)
    .regex(/^[\x21-\x7e]+$/)
    .optional(),
});

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (ch) => `\\${ch}`);

export function analysisRoutes<B extends z.ZodType>(s: Services, def: AnalysisModuleDef<B>): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const guard = createGuards(s);
  const db = s.database.db;
  const createSchema = analysisCreateBodySchema(def.body);
  const updateSchema = analysisUpdateBodySchema(def.body);

  const selectMeta = () =>
    db
      .select(metaColumns)
      .from(analyses)
      .innerJoin(users, eq(users.id, analyses.compilerUserId))
      .leftJoin(projects, eq(projects.id, analyses.projectId));

  async function metaOf(id: number): Promise<AnalysisMeta> {
    const [row] = await selectMeta().where(eq(analyses.id, id));
    return toMeta(row);
  }

  /** A live document of this module that the session may read (404 otherwise, not revealing it exists). */
  async function readable(session: AuthSession, id: number) {
    const [row] = await db
      .select({
        id: analyses.id,
        compilerUserId: analyses.compilerUserId,
        version: analyses.version,
        name: analyses.name,
        summary: analyses.summary,
        projectId: analyses.projectId,
        also: def.alsoReadable
          ? sql<boolean>`coalesce(${def.alsoReadable(session)}, false)`
          : sql<boolean>`false`,
      })
      .from(analyses)
      .where(and(eq(analyses.id, id), eq(analyses.module, def.module), isNull(analyses.deletedAt)));
    if (!row || !(row.also || canSee(await visibleOwners(db, session), row.compilerUserId)))
      throw notFound(def.noun);
    const { also: _, ...readableRow } = row;
    return readableRow;
  }

  async function writable(session: AuthSession, id: number) {
    const row = await readable(session, id);
    if (!canModifyRecord(session, row)) throw forbidden("notCompiler");
    return row;
  }

  /** The stored body as the module's guard sees it (packed modules have no guard). */
  async function storedBody(id: number): Promise<z.infer<B>> {
    const [row] = await db.select({ body: analyses.body }).from(analyses).where(eq(analyses.id, id));
    return row.body as z.infer<B>;
  }

  function refuseSize(session: AuthSession, summary: unknown): void {
    const refusal = def.sizeRefusal?.(session, (summary ?? {}) as Record<string, unknown>);
    if (refusal) throw forbidden(refusal.key, refusal.params);
  }

  function toStored(body: z.infer<B>): { json: unknown; columns: SQL | null } {
    const rules = packedRulesOf(def, body);
    if (!def.packed || !rules) return { json: body, columns: null };
    const packed = packTable(body as Record<string, unknown>, def.packed.key, rules);
    return { json: packed.json, columns: packedColumnsSql(packed.columns) };
  }

  app.get("/analyses", guard.user, async (c) => {
    const session = c.get("session");
    const q = readQuery(c, analysisListQuerySchema);
    const visible = await visibleOwners(db, session);
    const conditions: (SQL | undefined)[] = [eq(analyses.module, def.module), isNull(analyses.deletedAt)];
    if (visible !== "all") {
      const seen = inArray(analyses.compilerUserId, visible);
      conditions.push(def.alsoReadable ? or(seen, def.alsoReadable(session)) : seen);
    }
    if (q.mine) conditions.push(eq(analyses.compilerUserId, session.userId));
    if (q.name) conditions.push(ilike(analyses.name, `%${escapeLike(q.name)}%`));
    if (q.projectId) conditions.push(eq(analyses.projectId, q.projectId));
    if (q.kind) {
      const kind = def.defaultKind
        ? sql`coalesce(${analyses.summary}->>'kind', ${def.defaultKind})`
        : sql`${analyses.summary}->>'kind'`;
      conditions.push(sql`${kind} = ${q.kind}`);
    }
    const where = and(...conditions);
    // The total rides along as a window count: one query per page; a page past the end counts apart.
    const rows = await db
      .select({ ...metaColumns, total: sql<number>`count(*) over ()`.mapWith(Number) })
      .from(analyses)
      .innerJoin(users, eq(users.id, analyses.compilerUserId))
      .leftJoin(projects, eq(projects.id, analyses.projectId))
      .where(where)
      .orderBy(desc(analyses.updatedAt), desc(analyses.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize);
    const total =
      rows.length > 0 ? rows[0].total : (await db.select({ n: count() }).from(analyses).where(where))[0].n;
    return ok(c, { items: rows.map(toMeta), total, page: q.page, pageSize: q.pageSize });
  });

  app.post("/analyses", guard.user, async (c) => {
    const session = c.get("session");
    const refusal = def.createRefusal?.(session);
    if (refusal) throw forbidden(refusal);
    const input = (await readJson(c, createSchema)) as {
      name: string;
      projectId?: number | null;
      body: z.infer<B>;
    };
    const key = parseWith(
      idempotencyHeaderSchema,
      { "idempotency-key": c.req.header("idempotency-key") },
      "header",
    )["idempotency-key"];
    // A retry, or a second press while the first create is still on its way, makes no second set.
    const created = async () => {
      if (!key) return undefined;
      const [row] = await db
        .select({ id: analyses.id })
        .from(analyses)
        .where(
          and(
            eq(analyses.compilerUserId, session.userId),
            eq(analyses.module, def.module),
            eq(analyses.idempotencyKey, key),
          ),
        );
      return row?.id;
    };
    const earlier = await created();
    if (earlier !== undefined) return ok(c, await metaOf(earlier));
    if (input.projectId) await readableProject(db, session, input.projectId);
    const body = def.guardWrite
      ? ((await def.guardWrite({
          db,
          session,
          action: "create",
          projectId: input.projectId ?? null,
          stored: null,
          next: input.body,
        })) as z.infer<B>)
      : input.body;
    const summary = def.summarize(body);
    refuseSize(session, summary);
    await def.check?.(db, body, null);
    const stored = toStored(body);
    try {
      const [row] = await db
        .insert(analyses)
        .values({
          module: def.module,
          name: input.name,
          projectId: input.projectId ?? null,
          compilerUserId: session.userId,
          schemaVersion: def.schemaVersion,
          summary,
          body: stored.json,
          columns: stored.columns,
          idempotencyKey: key ?? null,
        })
        .returning({ id: analyses.id });
      return ok(c, await metaOf(row.id));
    } catch (error) {
      // Two requests with one key raced past the lookup: the unique index let one in; answer that one.
      const winner = isUniqueViolation(error) ? await created() : undefined;
      if (winner === undefined) throw error;
      return ok(c, await metaOf(winner));
    }
  });

  app.get("/analyses/:id", guard.user, async (c) => {
    const session = c.get("session");
    const { id } = readParams(c, idPathSchema);
    const { columns: as } = readQuery(c, analysisReadQuerySchema);
    await readable(session, id);
    const [row] = await db
      .select({ body: analyses.body, columns: packedColumnsBase64 })
      .from(analyses)
      .where(eq(analyses.id, id));
    const meta = await metaOf(id);
    const body = def.packed
      ? unpackTable(
          row.body as Record<string, unknown>,
          def.packed.key,
          packedColumnsFromBase64(row.columns),
          as,
        )
      : row.body;
    return ok(c, { ...meta, body });
  });

  app.put("/analyses/:id", guard.user, async (c) => {
    const session = c.get("session");
    const { id } = readParams(c, idPathSchema);
    const input = (await readJson(c, updateSchema)) as {
      version: number;
      name?: string;
      projectId?: number | null;
      body?: z.infer<B>;
    };
    const current = await writable(session, id);
    if (input.projectId) await readableProject(db, session, input.projectId);
    const before = input.body !== undefined && (def.guardWrite || def.check) ? await storedBody(id) : null;
    const guarded = def.guardWrite
      ? await def.guardWrite({
          db,
          session,
          action: "update",
          projectId: input.projectId !== undefined ? input.projectId : current.projectId,
          stored: before ?? (await storedBody(id)),
          next: input.body,
        })
      : input.body;
    const changes: Partial<typeof analyses.$inferInsert> = {};
    if (input.name !== undefined) changes.name = input.name;
    if (input.projectId !== undefined) changes.projectId = input.projectId;
    if (guarded !== undefined) {
      const body = guarded as z.infer<B>;
      const summary = def.summarize(body);
      refuseSize(session, summary);
      await def.check?.(db, body, before);
      const stored = toStored(body);
      Object.assign(changes, {
        body: stored.json,
        columns: stored.columns,
        summary,
        schemaVersion: def.schemaVersion,
      });
    }
    const [updated] = await db
      .update(analyses)
      .set({ ...changes, version: sql`${analyses.version} + 1`, updatedAt: new Date() })
      .where(and(eq(analyses.id, id), eq(analyses.version, input.version), isNull(analyses.deletedAt)))
      .returning({ id: analyses.id });
    if (!updated) {
      const [now] = await db.select({ version: analyses.version }).from(analyses).where(eq(analyses.id, id));
      throw staleVersion(now?.version ?? current.version, input.version);
    }
    return ok(c, await metaOf(id));
  });

  // The copy is made inside the database, so a 400,000-row set is not carried through the server.
  app.post("/analyses/:id/copy", guard.user, async (c) => {
    const session = c.get("session");
    const { id } = readParams(c, idPathSchema);
    const refusal = def.createRefusal?.(session);
    if (refusal) throw forbidden(refusal);
    const input = await readJson(c, analysisCopyBodySchema);
    const source = await readable(session, id);
    refuseSize(session, source.summary);
    const name = input.name ?? `${source.name} (copy)`.slice(0, 150);
    // One transaction, so a copy never exists without what the module keeps beside it (an FMEA's nodes).
    const copyId = await db.transaction(async (tx) => {
      const result = (await tx.execute(sql`
        insert into ${analyses} (module, name, project_id, compiler_user_id, schema_version, summary, body, columns)
        select module, ${name}, project_id, ${session.userId}, schema_version, summary, body, columns
        from ${analyses} where id = ${id}
        returning id
      `)) as unknown as { rows: { id: number }[] };
      const created = Number(result.rows[0].id);
      await def.afterCopy?.(tx as unknown as typeof db, id, created);
      return created;
    });
    return ok(c, await metaOf(copyId));
  });

  app.delete("/analyses/:id", guard.user, async (c) => {
    const session = c.get("session");
    const { id } = readParams(c, idPathSchema);
    const row = await writable(session, id);
    await def.guardWrite?.({
      db,
      session,
      action: "delete",
      projectId: row.projectId,
      stored: await storedBody(id),
      next: undefined,
    });
    await db
      .update(analyses)
      .set({ deletedAt: new Date(), deletedBy: session.userId })
      .where(eq(analyses.id, id));
    return ok(c, null);
  });

  return app;
}
