// What /api/edfe (design FMEA) and /api/epfe (process FMEA) share: the FMEA module definition for the
// generic store, and the configurations (spec 4 and 6: created by owners and counselors, one enabled per
// variant, enabling one disables the one in use, a disabled one cannot be referenced).
import { and, count, desc, eq, inArray, isNull, or, type SQL, sql } from "drizzle-orm";
import { Hono } from "hono";
import type { AnalysisModule } from "../../../shared/constants.ts";
import { fmeaSettingsSchema } from "../../../shared/fmea/config.ts";
import {
  canCreateConfig,
  canCreateFmea,
  canModifyRecord,
  canToggleConfig,
  effectiveRoles,
  isAdmin,
} from "../../../shared/permissions.ts";
import { idPathSchema } from "../../../shared/schemas/common.ts";
import {
  type FmeaConfig,
  fmeaBodySchema,
  fmeaConfigCreateBodySchema,
  fmeaConfigListQuerySchema,
  fmeaConfigUpdateBodySchema,
} from "../../../shared/schemas/fmea.ts";
import { defineAnalysisModule } from "../../analysis-store/define.ts";
import { analysisRoutes } from "../../analysis-store/routes.ts";
import { createGuards } from "../../auth/guards.ts";
import type { AppEnv, AuthSession, Services } from "../../context.ts";
import type { Db } from "../../db/client.ts";
import { analyses, fmeaConfigs, users } from "../../db/schema.ts";
import { forbidden, invalid, notFound, staleVersion } from "../../http/errors.ts";
import { ok } from "../../http/respond.ts";
import { parseWith, readJson, readParams, readQuery } from "../../http/validate.ts";
import { displayName } from "../authority/user-views.ts";
import { copyFmeaTree, listedOn, nodeRoutes } from "./nodes.ts";

export type FmeaVariant = "design" | "process";
type ConfigRow = typeof fmeaConfigs.$inferSelect;

function toConfig(row: ConfigRow, compilerName: string): FmeaConfig {
  return {
    id: row.id,
    variant: row.variant as FmeaVariant,
    name: row.name,
    enabled: row.enabled,
    compilerUserId: row.compilerUserId,
    compilerName,
    settings: row.settings as Record<string, unknown>,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function fmeaModule(module: AnalysisModule, variant: FmeaVariant) {
  return defineAnalysisModule({
    module,
    noun: variant === "design" ? "The design FMEA" : "The process FMEA",
    body: fmeaBodySchema,
    schemaVersion: 1,
    maxBodyBytes: 32 * 1024 * 1024,
    summarize: (body) => ({
      objectNumber: body.objectNumber,
      objectName: body.objectName,
      configId: body.configId ?? null,
    }),
    // Its counselors read it (list, record, header, copy) though its compiler is in another department.
    alsoReadable: listedOn,
    createRefusal: (session) => (canCreateFmea(session) ? null : "createFmeaNeedsRole"),
    // Spec 4: a disabled configuration cannot be referenced. An FMEA keeps the one it already names when that
    // one is disabled later (enabling another disables it), so its header can still be saved.
    check: async (db: Db, body, stored) => {
      if (body.configId === null || body.configId === undefined) return;
      if (stored && stored.configId === body.configId) return;
      const [config] = await db
        .select({ id: fmeaConfigs.id })
        .from(fmeaConfigs)
        .where(
          and(
            eq(fmeaConfigs.id, body.configId),
            eq(fmeaConfigs.variant, variant),
            eq(fmeaConfigs.enabled, true),
            isNull(fmeaConfigs.deletedAt),
          ),
        );
      if (!config) throw invalid("configDisabled");
    },
    afterCopy: copyFmeaTree,
  });
}

/**
 * Spec 6: who reads which configurations. Admins and counselors (who look after them) read all; anyone
 * else reads their own, the enabled one (the shared default every new FMEA may reference) and those their
 * own FMEAs, and the FMEAs that list them as counselors, refer to.
 */
function readableConfigs(session: AuthSession, module: AnalysisModule): SQL | undefined {
  if (isAdmin(session) || effectiveRoles(session.roles).includes("counselor")) return undefined;
  return or(
    eq(fmeaConfigs.compilerUserId, session.userId),
    eq(fmeaConfigs.enabled, true),
    sql`${fmeaConfigs.id} in (select (${analyses.summary}->>'configId')::int from ${analyses}
      where ${analyses.module} = ${module} and (${analyses.compilerUserId} = ${session.userId} or ${listedOn(session)})
        and ${analyses.deletedAt} is null and jsonb_typeof(${analyses.summary}->'configId') = 'number')`,
  );
}

function configRoutes(s: Services, module: AnalysisModule, variant: FmeaVariant): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const guard = createGuards(s);
  const db = s.database.db;

  /** The rows as answered, each with its compiler's display name (the lists show who made it). */
  async function answer(rows: ConfigRow[]): Promise<FmeaConfig[]> {
    const ids = [...new Set(rows.map((r) => r.compilerUserId))];
    const names = new Map<number, string>();
    if (ids.length > 0) {
      const found = await db
        .select({
          id: users.id,
          userName: users.userName,
          nickname: users.nickname,
          realName: users.realName,
        })
        .from(users)
        .where(inArray(users.id, ids));
      for (const u of found) names.set(u.id, displayName(u));
    }
    return rows.map((r) => toConfig(r, names.get(r.compilerUserId) ?? ""));
  }
  const answerOne = async (row: ConfigRow) => (await answer([row]))[0];

  /** A live configuration the session may read; one it may not answers as missing. */
  async function find(session: AuthSession, id: number): Promise<ConfigRow> {
    const [row] = await db
      .select()
      .from(fmeaConfigs)
      .where(
        and(
          eq(fmeaConfigs.id, id),
          eq(fmeaConfigs.variant, variant),
          isNull(fmeaConfigs.deletedAt),
          readableConfigs(session, module),
        ),
      );
    if (!row) throw notFound("The configuration");
    return row;
  }

  app.get("/configs", guard.user, async (c) => {
    const q = readQuery(c, fmeaConfigListQuerySchema);
    const conditions: (SQL | undefined)[] = [
      eq(fmeaConfigs.variant, variant),
      isNull(fmeaConfigs.deletedAt),
      readableConfigs(c.get("session"), module),
    ];
    if (q.enabled) conditions.push(eq(fmeaConfigs.enabled, q.enabled === "true"));
    const where = and(...conditions);
    const [{ total }] = await db.select({ total: count() }).from(fmeaConfigs).where(where);
    const rows = await db
      .select()
      .from(fmeaConfigs)
      .where(where)
      .orderBy(desc(fmeaConfigs.enabled), desc(fmeaConfigs.updatedAt))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize);
    return ok(c, { items: await answer(rows), total, page: q.page, pageSize: q.pageSize });
  });

  app.get("/configs/:id", guard.user, async (c) => {
    const { id } = readParams(c, idPathSchema);
    return ok(c, await answerOne(await find(c.get("session"), id)));
  });

  app.post("/configs", guard.user, async (c) => {
    const session = c.get("session");
    if (!canCreateConfig(session)) throw forbidden("createConfigNeedsRole");
    const body = await readJson(c, fmeaConfigCreateBodySchema);
    const settings = parseWith(fmeaSettingsSchema(variant), body.settings, "settings");
    const [row] = await db
      .insert(fmeaConfigs)
      .values({ variant, name: body.name, settings, compilerUserId: session.userId })
      .returning();
    return ok(c, await answerOne(row));
  });

  app.put("/configs/:id", guard.user, async (c) => {
    const session = c.get("session");
    const { id } = readParams(c, idPathSchema);
    const body = await readJson(c, fmeaConfigUpdateBodySchema);
    const current = await find(session, id);
    if (!canModifyRecord(session, current)) throw forbidden("notCompiler");
    const { version, ...fields } = body;
    if (fields.settings)
      fields.settings = parseWith(fmeaSettingsSchema(variant), fields.settings, "settings");
    const [row] = await db
      .update(fmeaConfigs)
      .set({ ...fields, version: sql`${fmeaConfigs.version} + 1`, updatedAt: new Date() })
      .where(and(eq(fmeaConfigs.id, id), eq(fmeaConfigs.version, version)))
      .returning();
    if (!row) throw staleVersion(current.version, version);
    return ok(c, await answerOne(row));
  });

  // Enabling one disables the one in use, in one transaction (a unique index keeps one enabled).
  app.put("/configs/:id/enable", guard.user, async (c) => {
    const session = c.get("session");
    const { id } = readParams(c, idPathSchema);
    const current = await find(session, id);
    if (!canToggleConfig(session, current)) throw forbidden("notCompiler");
    await db.transaction(async (tx) => {
      await tx
        .update(fmeaConfigs)
        .set({ enabled: false, updatedAt: new Date() })
        .where(and(eq(fmeaConfigs.variant, variant), eq(fmeaConfigs.enabled, true)));
      await tx
        .update(fmeaConfigs)
        .set({ enabled: true, version: sql`${fmeaConfigs.version} + 1`, updatedAt: new Date() })
        .where(eq(fmeaConfigs.id, id));
    });
    return ok(c, await answerOne(await find(session, id)));
  });

  app.put("/configs/:id/disable", guard.user, async (c) => {
    const session = c.get("session");
    const { id } = readParams(c, idPathSchema);
    const current = await find(session, id);
    if (!canToggleConfig(session, current)) throw forbidden("notCompiler");
    const [row] = await db
      .update(fmeaConfigs)
      .set({ enabled: false, version: sql`${fmeaConfigs.version} + 1`, updatedAt: new Date() })
      .where(eq(fmeaConfigs.id, id))
      .returning();
    return ok(c, await answerOne(row));
  });

  app.delete("/configs/:id", guard.user, async (c) => {
    const session = c.get("session");
    const { id } = readParams(c, idPathSchema);
    const current = await find(session, id);
    if (!canModifyRecord(session, current)) throw forbidden("notCompiler");
    await db
      .update(fmeaConfigs)
      .set({ deletedAt: new Date(), deletedBy: session.userId, enabled: false })
      .where(eq(fmeaConfigs.id, id));
    return ok(c, null);
  });

  return app;
}

/** The FMEA store at /analyses (with each FMEA's nodes), and the configurations at /configs of one prefix. */
export function fmeaRoutes(s: Services, module: AnalysisModule, variant: FmeaVariant): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.route("/", analysisRoutes(s, fmeaModule(module, variant)));
  app.route("/", configRoutes(s, module, variant));
  app.route("/", nodeRoutes(s, module, variant));
  return app;
}
