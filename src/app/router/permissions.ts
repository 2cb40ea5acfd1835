// Spec 6 applied to the route table, with the rules the server enforces (src/shared/permissions.ts): what
// the sidebar, palette, route search and guard may offer a user.
import { filterRoutesByRoles, ROUTE_ROLES } from "../../shared/permissions.ts";
import type { AppRoute, RoleCode } from "./types.ts";

export { effectiveRoles, isAdmin } from "../../shared/permissions.ts";

export function filterRoutes(
  table: readonly AppRoute[],
  roles: readonly string[] | null | undefined,
): AppRoute[] {
  return filterRoutesByRoles(table, roles);
}

/** The role rule the server enforces for a path, so the table cannot drift from it. */
export function serverRoles(path: keyof typeof ROUTE_ROLES): RoleCode[] {
  return [...ROUTE_ROLES[path]];
}
