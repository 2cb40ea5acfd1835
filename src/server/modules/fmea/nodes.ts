// An FMEA's nodes and links, edited by its team at the same time (issue 17). Each node is a row with its
// own version; an edit is a batch of operations (src/shared/fmea/tree.ts), each naming the version it was
// based on. A batch runs in one transaction that first locks the FMEA's row, so batches on one FMEA are
// applied one after the other, also when several server processes share the database; the shared
// `applyOps` checks the same rules the editor checked, and refuses a batch touching a node that changed
// since with that node's current value (1009). Each stored batch gets the next change number in
// `fmea_changes`; clients poll `changes?since=` for what others did (the log is in the database, so every
// process answers the same).
//
// Spec 6: the FMEA's nodes are edited by its compiler, the counselors it lists (who hold a role) and
// admins; everyone who may read the FMEA reads them; a deleted FMEA's nodes answer as missing and come
// back with it from the recycle bin.
import { and, eq, gt, inArray, isNull, or, type SQL, sql } from "drizzle-orm";
import { Hono } from "hono";
import type { AnalysisModule } from "../../../shared/constants.ts";
import { STATUS } from "../../../shared/envelope.ts";
import type { FmeaLink, FmeaNode, FmeaVariant } from "../../../shared/fmea/model.ts";
import { neighbourhood, type TreeReader } from "../../../shared/fmea/neighbourhood.ts";
import { applyOps, docOf } from "../../../shared/fmea/tree.ts";
import { messageText } from "../../../shared/messages.ts";
import { canCreateFmea, isAdmin } from "../../../shared/permissions.ts";
import { idPathSchema } from "../../../shared/schemas/common.ts";
import {
  type FmeaChangesAnswer,
  fmeaChangesQuerySchema,
  fmeaOpsBodySchema,
} from "../../../shared/schemas/fmea.ts";
import { createGuards } from "../../auth/guards.ts";
import { canSee, visibleOwners } from "../../auth/visibility.ts";
import type { AppEnv, AuthSession, Services } from "../../context.ts";
import type { Db } from "../../db/client.ts";
import { analyses, fmeaChanges, fmeaLinks, fmeaNodes } from "../../db/schema.ts";
import { AppError, forbidden, invalid, notFound } from "../../http/errors.ts";
import { ok } from "../../http/respond.ts";
import { issueOf, readJson, readParams, readQuery } from "../../http/validate.ts";

type NodeRow = typeof fmeaNodes.$inferSelect;
type LinkRow = typeof fmeaLinks.$inferSelect;

export const toNode = (row: NodeRow): FmeaNode => ({
  id: row.id,
  parentId: row.parentId,
  kind: row.kind as FmeaNode["kind"],
  elementType: (row.elementType ?? null) as FmeaNode["elementType"],
  name: row.name,
  ord: row.ord,
  hidden: row.hidden,
  attrs: row.attrs as FmeaNode["attrs"],
  version: row.version,
});

const toLink = (row: LinkRow): FmeaLink => ({
  id: row.id,
  kind: row.kind as FmeaLink["kind"],
  from: row.fromId,
  to: row.toId,
});

/** The FMEA's `counselorUserId` lists the session's user: they read the FMEA wherever its compiler works. */
export function listedOn(session: AuthSession): SQL {
  return sql`(${analyses.body}->'counselorUserId') @> jsonb_build_array(${session.userId}::int)`;
}

export interface FmeaAccess {
  compilerUserId: number;
  canEdit: boolean;
}

/**
 * Whether the session may read (else 404) and edit the nodes of live FMEA `id` of `module`. With `lock` (inside
 * the transaction of an edit) the same statement takes the FMEA row's lock that orders edits of this FMEA.
 */
export async function fmeaAccess(
  db: Db,
  session: AuthSession,
  module: AnalysisModule,
  id: number,
  lock = false,
): Promise<FmeaAccess> {
  const query = db
    .select({
      compilerUserId: analyses.compilerUserId,
      counselors: sql<unknown>`${analyses.body}->'counselorUserId'`,
    })
    .from(analyses)
    .where(and(eq(analyses.id, id), eq(analyses.module, module), isNull(analyses.deletedAt)));
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw notFound("The FMEA");
  const counselors = Array.isArray(row.counselors) ? row.counselors.map(Number) : [];
  const listed = counselors.includes(session.userId);
  const canEdit =
    isAdmin(session) || row.compilerUserId === session.userId || (listed && canCreateFmea(session));
  // Everyone listed reads it (a listed visitor only reads), as the record itself (`listedOn`).
  if (!canEdit && !listed && !canSee(await visibleOwners(db, session), row.compilerUserId))
    throw notFound("The FMEA");
  return { compilerUserId: row.compilerUserId, canEdit };
}

async function lastSeq(db: Db, fmeaId: number): Promise<number> {
  const [row] = await db
    .select({ seq: sql<number>`coalesce(max(${fmeaChanges.seq}), 0)`.mapWith(Number) })
    .from(fmeaChanges)
    .where(eq(fmeaChanges.fmeaId, fmeaId));
  return row?.seq ?? 0;
}

/** The columns of a node row named as `FmeaNode` names them, for queries written in SQL. */
const NODE_COLUMNS = sql.raw(
  `id, parent_id as "parentId", kind, element_type as "elementType", name, ord, hidden, attrs, version`,
);

/**
 * The whole tree as JSON text made by the database (`json_agg`, the fields named as `toNode` and `toLink` name
 * them), spliced into the answer unparsed. Read as rows, an FMEA of 24,801 nodes cost 1.3-1.7 s in the row
 * decoding alone (PGlite, machine under load) against 0.4-0.5 s for the database's own JSON, and the 4 MB
 * answer was then built as objects and stringified again.
 */
async function treeJson(db: Db, fmeaId: number): Promise<{ nodes: string; links: string }> {
  const result = await db.execute(sql`select
    (select coalesce(json_agg(n), '[]'::json)::text from (
      select ${NODE_COLUMNS} from ${fmeaNodes} where fmea_id = ${fmeaId}) n) as nodes,
    (select coalesce(json_agg(l), '[]'::json)::text from (
      select id, kind, from_id as "from", to_id as "to" from ${fmeaLinks} where fmea_id = ${fmeaId}) l) as links`);
  const [row] = (result as unknown as { rows: { nodes: string; links: string }[] }).rows;
  return row;
}

/** Runs `read` on slices of `ids`: a statement holds at most 65,535 parameters (a deleted root's whole tree). */
async function inSlices<T>(ids: string[], read: (slice: string[]) => Promise<T[]>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < ids.length; i += 10_000) out.push(...(await read(ids.slice(i, i + 10_000))));
  return out;
}

/** Reads an FMEA's rows for `neighbourhood`: what one batch of operations looks at. */
function treeReader(db: Db, fmeaId: number): TreeReader {
  const idList = (ids: string[]) =>
    sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    );
  const idsOf = (result: unknown) => (result as { rows: { id: string }[] }).rows.map((r) => r.id);
  // The ids go as one array parameter each, so no list is too long for a statement's 65,535 parameters.
  // The wanted ids are one array, so the rows are found through the primary key (an `or` of the two lists
  // made PGlite scan the FMEA's rows: 5 ms an edit instead of 0.1).
  const nodeRows = async (ids: string[], chainOf: string[]) => {
    const own = sql`${sql.param(ids)}::text[]`;
    const result = await db.execute(
      chainOf.length === 0
        ? sql`select ${NODE_COLUMNS} from ${fmeaNodes} where fmea_id = ${fmeaId} and id = any(${own})`
        : sql`with recursive up(id, parent_id) as (
              select id, parent_id from ${fmeaNodes}
              where fmea_id = ${fmeaId} and id = any(${sql.param(chainOf)}::text[])
              union
              select n.id, n.parent_id from ${fmeaNodes} n join up on n.id = up.parent_id
              where n.fmea_id = ${fmeaId}
            )
            select ${NODE_COLUMNS} from ${fmeaNodes}
            where fmea_id = ${fmeaId} and id = any(${own} || array(select id from up))`,
    );
    return (result as unknown as { rows: FmeaNode[] }).rows;
  };
  const descendantIds = async (slice: string[]) =>
    idsOf(
      await db.execute(sql`
        with recursive down(id) as (
          select id from ${fmeaNodes} where fmea_id = ${fmeaId} and id in (${idList(slice)})
          union
          select n.id from ${fmeaNodes} n join down on n.parent_id = down.id where n.fmea_id = ${fmeaId}
        ) select id from down`),
    );
  const touching = async (slice: string[]) =>
    (
      await db
        .select()
        .from(fmeaLinks)
        .where(
          and(
            eq(fmeaLinks.fmeaId, fmeaId),
            or(inArray(fmeaLinks.fromId, slice), inArray(fmeaLinks.toId, slice)),
          ),
        )
    ).map(toLink);
  const linkRows = async (slice: string[]) =>
    (
      await db
        .select()
        .from(fmeaLinks)
        .where(and(eq(fmeaLinks.fmeaId, fmeaId), inArray(fmeaLinks.id, slice)))
    ).map(toLink);
  const unique = <T extends { id: string }>(rows: T[]) => [...new Map(rows.map((r) => [r.id, r])).values()];
  return {
    nodes: nodeRows,
    descendants: async (ids) => [...new Set(await inSlices(ids, descendantIds))],
    linksTouching: async (ids) => unique(await inSlices(ids, touching)),
    links: async (ids) => unique(await inSlices(ids, linkRows)),
  };
}

/** The current rows of the given ids; ids with no row are reported removed. */
async function currentOf(db: Db, fmeaId: number, nodeIds: string[], linkIds: string[], seq: number) {
  const nodes =
    nodeIds.length === 0
      ? []
      : (
          await db
            .select()
            .from(fmeaNodes)
            .where(and(eq(fmeaNodes.fmeaId, fmeaId), inArray(fmeaNodes.id, nodeIds)))
        ).map(toNode);
  const links =
    linkIds.length === 0
      ? []
      : (
          await db
            .select()
            .from(fmeaLinks)
            .where(and(eq(fmeaLinks.fmeaId, fmeaId), inArray(fmeaLinks.id, linkIds)))
        ).map(toLink);
  const haveNodes = new Set(nodes.map((n) => n.id));
  const haveLinks = new Set(links.map((l) => l.id));
  const answer: FmeaChangesAnswer = {
    seq,
    nodes,
    removedNodes: nodeIds.filter((id) => !haveNodes.has(id)),
    links,
    removedLinks: linkIds.filter((id) => !haveLinks.has(id)),
  };
  return answer;
}

/** Copies an FMEA's nodes and links to its copy (the generic store's copy calls this). */
export async function copyFmeaTree(db: Db, from: number, to: number): Promise<void> {
  await db.execute(sql`
    insert into ${fmeaNodes} (fmea_id, id, parent_id, kind, element_type, name, ord, hidden, attrs, version)
    select ${to}, id, parent_id, kind, element_type, name, ord, hidden, attrs, 1 from ${fmeaNodes} where fmea_id = ${from}`);
  await db.execute(sql`
    insert into ${fmeaLinks} (fmea_id, id, kind, from_id, to_id)
    select ${to}, id, kind, from_id, to_id from ${fmeaLinks} where fmea_id = ${from}`);
}

export function nodeRoutes(s: Services, module: AnalysisModule, variant: FmeaVariant): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const guard = createGuards(s);
  const db = s.database.db;

  app.get("/analyses/:id/tree", guard.user, async (c) => {
    const { id } = readParams(c, idPathSchema);
    const { canEdit } = await fmeaAccess(db, c.get("session"), module, id);
    // Read in one transaction so the change number matches the rows.
    const { seq, tree } = await db.transaction(async (tx) => ({
      seq: await lastSeq(tx as unknown as Db, id),
      tree: await treeJson(tx as unknown as Db, id),
    }));
    // The envelope `ok` writes, with the database's JSON inside (an FmeaTreeAnswer).
    const head = JSON.stringify({ status: STATUS.ok, msg: messageText("success") }).slice(0, -1);
    const data = `{"seq":${seq},"variant":${JSON.stringify(variant)},"canEdit":${canEdit},"nodes":${tree.nodes},"links":${tree.links}}`;
    return c.body(`${head},"data":${data}}`, 200, { "Content-Type": "application/json" });
  });

  app.get("/analyses/:id/changes", guard.user, async (c) => {
    const { id } = readParams(c, idPathSchema);
    const { since } = readQuery(c, fmeaChangesQuerySchema);
    await fmeaAccess(db, c.get("session"), module, id);
    const answer = await db.transaction(async (tx) => {
      const t = tx as unknown as Db;
      const seq = await lastSeq(t, id);
      if (since > seq) throw invalid("fmea.sinceAhead", { since, seq });
      const rows = await t
        .select({ nodeIds: fmeaChanges.nodeIds, linkIds: fmeaChanges.linkIds })
        .from(fmeaChanges)
        .where(and(eq(fmeaChanges.fmeaId, id), gt(fmeaChanges.seq, since)));
      const nodeIds = new Set<string>();
      const linkIds = new Set<string>();
      for (const row of rows) {
        for (const n of row.nodeIds as string[]) nodeIds.add(n);
        for (const l of row.linkIds as string[]) linkIds.add(l);
      }
      return currentOf(t, id, [...nodeIds], [...linkIds], seq);
    });
    return ok(c, answer);
  });

  app.post("/analyses/:id/ops", guard.user, async (c) => {
    const session = c.get("session");
    const { id } = readParams(c, idPathSchema);
    const { ops } = await readJson(c, fmeaOpsBodySchema);
    const answer = await db.transaction(async (tx) => {
      const t = tx as unknown as Db;
      // The FMEA row's lock orders batches on this FMEA (also across server processes); the statement that
      // takes it also answers who may edit, and finds the FMEA deleted meanwhile.
      const access = await fmeaAccess(t, session, module, id, true);
      if (!access.canEdit) throw forbidden("fmea.notEditor");
      // Only the rows the batch's rules look at (a rename reads its node; a move its subtree, the links
      // touching it and the chains above), so an edit costs what it touches, not the FMEA's size.
      const tree = await neighbourhood(ops, treeReader(t, id));
      const result = applyOps(docOf({ variant, ...tree }), ops);
      if (!result.ok) {
        if (result.conflicts.length > 0)
          throw new AppError(STATUS.conflict, "fmea.editConflict", {}, 409, { conflicts: result.conflicts });
        const issues = result.problems.map(issueOf);
        throw invalid(result.problems[0].key, result.problems[0].params ?? {}, { issues });
      }
      const { doc, changes } = result;
      if (changes.removedNodes.size > 0)
        await t
          .delete(fmeaNodes)
          .where(and(eq(fmeaNodes.fmeaId, id), inArray(fmeaNodes.id, [...changes.removedNodes])));
      if (changes.removedLinks.size > 0)
        await t
          .delete(fmeaLinks)
          .where(and(eq(fmeaLinks.fmeaId, id), inArray(fmeaLinks.id, [...changes.removedLinks])));
      const nodeRows = [...changes.nodes].map((nodeId) => {
        const n = doc.nodes.get(nodeId) as FmeaNode;
        return {
          fmeaId: id,
          id: n.id,
          parentId: n.parentId,
          kind: n.kind,
          elementType: n.elementType,
          name: n.name,
          ord: n.ord,
          hidden: n.hidden,
          attrs: n.attrs,
          version: n.version,
        };
      });
      for (let i = 0; i < nodeRows.length; i += 500)
        await t
          .insert(fmeaNodes)
          .values(nodeRows.slice(i, i + 500))
          .onConflictDoUpdate({
            target: [fmeaNodes.fmeaId, fmeaNodes.id],
            set: {
              parentId: sql`excluded.parent_id`,
              kind: sql`excluded.kind`,
              elementType: sql`excluded.element_type`,
              name: sql`excluded.name`,
              ord: sql`excluded.ord`,
              hidden: sql`excluded.hidden`,
              attrs: sql`excluded.attrs`,
              version: sql`excluded.version`,
            },
          });
      const linkRows = [...changes.links].map((linkId) => {
        const l = doc.links.get(linkId) as FmeaLink;
        return { fmeaId: id, id: l.id, kind: l.kind, fromId: l.from, toId: l.to };
      });
      for (let i = 0; i < linkRows.length; i += 500)
        await t.insert(fmeaLinks).values(linkRows.slice(i, i + 500));
      const nodeIds = [...changes.nodes, ...changes.removedNodes];
      const linkIds = [...changes.links, ...changes.removedLinks];
      // The next change number and its row in one statement (the lock above keeps the numbers gapless).
      const logged = await t.execute(sql`
        insert into ${fmeaChanges} (fmea_id, seq, user_id, node_ids, link_ids)
        select ${id}, coalesce(max(seq), 0) + 1, ${session.userId}, ${JSON.stringify(nodeIds)}::jsonb,
          ${JSON.stringify(linkIds)}::jsonb
        from ${fmeaChanges} where fmea_id = ${id}
        returning seq`);
      const seq = Number((logged as unknown as { rows: { seq: number }[] }).rows[0].seq);
      const answer: FmeaChangesAnswer = {
        seq,
        nodes: [...changes.nodes].map((n) => doc.nodes.get(n) as FmeaNode),
        removedNodes: [...changes.removedNodes],
        links: [...changes.links].map((l) => doc.links.get(l) as FmeaLink),
        removedLinks: [...changes.removedLinks],
      };
      return answer;
    });
    return ok(c, answer);
  });

  return app;
}
