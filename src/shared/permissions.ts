// Roles and permissions of spec section 6, written once: the server enforces them, the app builds its
// sidebar and shows its buttons with the same functions.

export const ROLE_CODES = ["owner", "counselor", "visitor", "admin"] as const;
export type RoleCode = (typeof ROLE_CODES)[number];

export function isRoleCode(value: string): value is RoleCode {
  return (ROLE_CODES as readonly string[]).includes(value);
}

/** Who is acting: the user id and the role codes active in this session (after a role switch, one). */
export interface Actor {
  userId: number | string;
  roles: readonly string[];
}

/** A user with no roles is treated as visitor (spec 6). */
export function effectiveRoles(roles: readonly string[] | null | undefined): string[] {
  return roles && roles.length > 0 ? [...roles] : ["visitor"];
}

export function isAdmin(actor: Pick<Actor, "roles"> | null | undefined): boolean {
  return !!actor && effectiveRoles(actor.roles).includes("admin");
}

/**
 * Route rules of spec 2 and 6 that the server also enforces. The app's route table (src/app/routes.ts)
 * sets `meta.rolePermission` from here so the sidebar and the API agree.
 */
export const ROUTE_ROLES = {
  "/userList": ["admin"],
} as const satisfies Record<string, readonly RoleCode[]>;

export interface RouteMetaRoles {
  rolePermission?: readonly string[];
  roles?: readonly string[];
}

export interface RouteWithRoles<R> {
  meta?: RouteMetaRoles;
  children?: readonly R[];
}

function routeAllowed(route: RouteWithRoles<unknown>, roles: readonly string[]): boolean {
  const meta = route.meta;
  if (meta?.rolePermission) return meta.rolePermission.some((code) => roles.includes(code));
  if (!meta?.roles || meta.roles.length === 0) return true;
  return meta.roles.some((role) => roles.includes(role));
}

/**
 * Spec 6: an admin gets every route; anyone else gets the routes whose `rolePermission` lists one of
 * their role codes, or (without `rolePermission`) whose `meta.roles` is empty or shares a role with
 * them. Children are filtered the same way. Returns copies; the input is not changed.
 */
export function filterRoutesByRoles<R extends RouteWithRoles<R>>(
  routes: readonly R[],
  roles: readonly string[] | null | undefined,
): R[] {
  const active = effectiveRoles(roles);
  if (active.includes("admin")) return routes.map((route) => copyRoute(route));
  const filter = (list: readonly R[]): R[] => {
    const kept: R[] = [];
    for (const route of list) {
      if (!routeAllowed(route, active)) continue;
      kept.push(route.children ? { ...route, children: filter(route.children) } : { ...route });
    }
    return kept;
  };
  return filter(routes);
}

function copyRoute<R extends RouteWithRoles<R>>(route: R): R {
  return route.children
    ? { ...route, children: route.children.map((child) => copyRoute(child)) }
    : { ...route };
}

/**
 * Spec 6: "createFMEA only if the user has any role". A user without roles is a visitor (spec 6), so
 * "any role" is read as any role beyond that default: owner, counselor or admin.
 */
export function canCreateFmea(actor: Pick<Actor, "roles"> | null | undefined): boolean {
  if (!actor) return false;
  return effectiveRoles(actor.roles).some((role) => role !== "visitor" && isRoleCode(role));
}

/** Projects follow the FMEA rule: anyone beyond a visitor. */
export const canCreateProject = canCreateFmea;

/** Spec 6: "createConfig only to roleCode owner or counselor". */
export function canCreateConfig(actor: Pick<Actor, "roles"> | null | undefined): boolean {
  if (!actor) return false;
  const roles = effectiveRoles(actor.roles);
  return roles.includes("owner") || roles.includes("counselor");
}

/** The FMEA dictionaries (device, failure, risk events) are shared reference data like configurations: the
 * configuration rule decides who creates one; changing it follows `canModifyRecord`. */
export const canCreateDictionary = canCreateConfig;

export interface CompiledRecord {
  compilerUserId?: number | string | null;
}

/**
 * Spec 6 (with the admin override): update, delete and recycle actions on an FMEA, a
 * configuration or a stored analysis only for its compiler or an admin. When `record` carries no
 * compilerUserId, `fallback` (the stored FMEA record) decides, as in the original client.
 */
export function canModifyRecord(
  actor: Actor | null | undefined,
  record: CompiledRecord | null | undefined,
  fallback?: CompiledRecord | null,
): boolean {
  if (!actor) return false;
  if (isAdmin(actor)) return true;
  const compiler = record?.compilerUserId ?? fallback?.compilerUserId;
  if (compiler === undefined || compiler === null || compiler === "") return false;
  return String(compiler) === String(actor.userId);
}

/** Spec 6 for configurations: their compiler, a counselor or an admin enables or disables one. */
export function canToggleConfig(
  actor: Actor | null | undefined,
  record: CompiledRecord | null | undefined,
): boolean {
  if (!actor) return false;
  return canModifyRecord(actor, record) || effectiveRoles(actor.roles).includes("counselor");
}

/** Admin-only screens and endpoints (the user list, departments, feedback replies). */
export function canManageUsers(actor: Pick<Actor, "roles"> | null | undefined): boolean {
  return isAdmin(actor);
}
