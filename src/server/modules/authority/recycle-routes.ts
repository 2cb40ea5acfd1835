// The recycle bin (spec 1, 4, 6): deleted projects, stored analyses (FMEAs included) and FMEA
// configurations. Each user sees what they compiled; admins see everything. Restore brings a record back
// exactly as it was; purge deletes it for good.
import { and, eq, isNotNull, sql } from "drizzle-orm";
import { Hono } from "hono";
import { isAdmin } from "../../../shared/permissions.ts";
import {
  type RecycleItem,
  recycleListQuerySchema,
  recyclePathSchema,
} from "../../../shared/schemas/recycle.ts";
import { createGuards } from "../../auth/guards.ts";
import type { AppEnv, AuthSession, Services } from "../../context.ts";
import { isUniqueViolation } from "../../db/errors.ts";
import { analyses, fmeaConfigs, projects } from "../../db/schema.ts";
import { conflict, notFound } from "../../http/errors.ts";
import { ok } from "../../http/respond.ts";
import { readParams, readQuery } from "../../http/validate.ts";

const TABLES = { project: projects, analysis: analyses, config: fmeaConfigs } as const;

interface BinRow {
  kind: RecycleItem["kind"];
  id: number;
  module: string | null;
  name: string;
  compiler_user_id: number;
  deleted_at: Date | string;
  deleted_by: number | null;
}

export function recycleRoutes(s: Services): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const guard = createGuards(s);
  const db = s.database.db;

  const bin = sql`(
    select 'project' as kind, id, null::text as module, name, compiler_user_id, deleted_at, deleted_by
      from ${projects} where deleted_at is not null
    union all
    select 'analysis', id, module, name, compiler_user_id, deleted_at, deleted_by
      from ${analyses} where deleted_at is not null
    union all
    select 'config', id, case variant when 'design' then 'edfe' else 'epfe' end, name, compiler_user_id, deleted_at, deleted_by
      from ${fmeaConfigs} where deleted_at is not null
  ) bin`;

  app.get("/recycle", guard.user, async (c) => {
    const session = c.get("session");
    const q = readQuery(c, recycleListQuerySchema);
    const filters = [sql`true`];
    if (!isAdmin(session)) filters.push(sql`compiler_user_id = ${session.userId}`);
    if (q.kind) filters.push(sql`kind = ${q.kind}`);
    if (q.module) filters.push(sql`module = ${q.module}`);
    const where = sql.join(filters, sql` and `);
    const totalResult = (await db.execute(
      sql`select count(*)::int as total from ${bin} where ${where}`,
    )) as unknown as {
      rows: { total: number }[];
    };
    const result = (await db.execute(
      sql`select * from ${bin} where ${where} order by deleted_at desc, id desc limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize}`,
    )) as unknown as { rows: BinRow[] };
    const items: RecycleItem[] = result.rows.map((r) => ({
      kind: r.kind,
      id: Number(r.id),
      module: r.module,
      name: r.name,
      compilerUserId: Number(r.compiler_user_id),
      deletedAt: new Date(r.deleted_at).toISOString(),
      deletedBy: r.deleted_by === null ? null : Number(r.deleted_by),
    }));
    return ok(c, { items, total: Number(totalResult.rows[0].total), page: q.page, pageSize: q.pageSize });
  });

  async function deletedItem(session: AuthSession, kind: keyof typeof TABLES, id: number) {
    const table = TABLES[kind];
    const [row] = await db
      .select({ compilerUserId: table.compilerUserId })
      .from(table)
      .where(and(eq(table.id, id), isNotNull(table.deletedAt)));
    // Someone else's item answers as a missing one, so the bin does not tell a stranger what exists.
    if (!row || (!isAdmin(session) && row.compilerUserId !== session.userId))
      throw notFound("The deleted record");
  }

  app.put("/recycle/:kind/:id/restore", guard.user, async (c) => {
    const session = c.get("session");
    const { kind, id } = readParams(c, recyclePathSchema);
    await deletedItem(session, kind, id);
    const table = TABLES[kind];
    try {
      await db.update(table).set({ deletedAt: null, deletedBy: null }).where(eq(table.id, id));
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict("projectCodeExists");
      throw error;
    }
    return ok(c, { kind, id });
  });

  app.delete("/recycle/:kind/:id", guard.user, async (c) => {
    const session = c.get("session");
    const { kind, id } = readParams(c, recyclePathSchema);
    await deletedItem(session, kind, id);
    const table = TABLES[kind];
    await db.delete(table).where(eq(table.id, id));
    return ok(c, { kind, id });
  });

  return app;
}
