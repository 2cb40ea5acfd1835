// Who may read whose records. Admins read everything. Others read their own records, those of members of
// any unit (department or team) they belong to, and those of members of units directly below one of
// theirs that allow access by the superior organisation (spec 6). Writing is narrower: canModifyRecord.
import { sql } from "drizzle-orm";
import { isAdmin } from "../../shared/permissions.ts";
import type { AuthSession } from "../context.ts";
import type { Db } from "../db/client.ts";

export type Visible = "all" | number[];

export async function visibleOwners(db: Db, session: AuthSession): Promise<Visible> {
  if (isAdmin(session)) return "all";
  const result = (await db.execute(sql`
    with mine as (select unit_id from org_members where user_id = ${session.userId}),
    readable as (
      select unit_id as id from mine
      union
      select u.id from org_units u where u.allow_superior_access and u.parent_id in (select unit_id from mine)
    )
    select distinct user_id from org_members where unit_id in (select id from readable)
  `)) as unknown as { rows: { user_id: number }[] };
  const ids = new Set<number>([session.userId]);
  for (const row of result.rows) ids.add(Number(row.user_id));
  return [...ids];
}

export function canSee(visible: Visible, ownerId: number): boolean {
  return visible === "all" || visible.includes(ownerId);
}
