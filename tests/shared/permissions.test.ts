import { describe, expect, it } from "vitest";
import {
  canCreateConfig,
  canCreateFmea,
  canModifyRecord,
  effectiveRoles,
  filterRoutesByRoles,
  isAdmin,
} from "../../src/shared/permissions.ts";

interface Route {
  path: string;
  meta?: { title?: string; rolePermission?: string[]; roles?: string[] };
  children?: Route[];
}

const routes: Route[] = [
  { path: "/statistic/index", meta: { title: "statistic" } },
  { path: "/userList", meta: { title: "userList", rolePermission: ["admin"] } },
  {
    path: "/fmea",
    meta: { roles: ["owner", "counselor"] },
    children: [
      { path: "/fmea/list" },
      { path: "/fmea/config", meta: { rolePermission: ["owner"] } },
      { path: "/fmea/legacy", meta: { roles: ["counselor"] } },
    ],
  },
  // rolePermission wins over meta.roles (spec 6: "otherwise" a route with meta roles needs a match).
  { path: "/both", meta: { rolePermission: ["visitor"], roles: ["admin"] } },
  { path: "/plain" },
];

const paths = (list: Route[]): string[] => list.flatMap((r) => [r.path, ...paths(r.children ?? [])]);

describe("filterRoutesByRoles (spec 6)", () => {
  it("gives an admin every route", () => {
    expect(paths(filterRoutesByRoles(routes, ["admin"]))).toEqual(paths(routes));
  });

  it("treats a user without roles as visitor", () => {
    expect(effectiveRoles([])).toEqual(["visitor"]);
    expect(paths(filterRoutesByRoles(routes, []))).toEqual(["/statistic/index", "/both", "/plain"]);
  });

  it("filters children recursively by rolePermission, then meta.roles", () => {
    expect(paths(filterRoutesByRoles(routes, ["owner"]))).toEqual([
      "/statistic/index",
      "/fmea",
      "/fmea/list",
      "/fmea/config",
      "/plain",
    ]);
    expect(paths(filterRoutesByRoles(routes, ["counselor"]))).toEqual([
      "/statistic/index",
      "/fmea",
      "/fmea/list",
      "/fmea/legacy",
      "/plain",
    ]);
  });

  it("does not change its input", () => {
    const before = JSON.stringify(routes);
    filterRoutesByRoles(routes, ["counselor"]);
    expect(JSON.stringify(routes)).toBe(before);
  });
});

describe("button rules (spec 6)", () => {
  it("createFMEA needs a role beyond visitor; createConfig needs owner or counselor", () => {
    expect(canCreateFmea({ roles: [] })).toBe(false);
    expect(canCreateFmea({ roles: ["visitor"] })).toBe(false);
    expect(canCreateFmea({ roles: ["counselor"] })).toBe(true);
    expect(canCreateConfig({ roles: ["admin"] })).toBe(false);
    expect(canCreateConfig({ roles: ["owner"] })).toBe(true);
    expect(canCreateConfig({ roles: ["counselor", "visitor"] })).toBe(true);
    expect(isAdmin({ roles: ["admin"] })).toBe(true);
  });

  it("lets only the compiler or an admin modify a record, falling back to the stored FMEA record", () => {
    const me = { userId: 7, roles: ["owner"] };
    expect(canModifyRecord(me, { compilerUserId: 7 })).toBe(true);
    expect(canModifyRecord(me, { compilerUserId: "7" })).toBe(true);
    expect(canModifyRecord(me, { compilerUserId: 8 })).toBe(false);
    expect(canModifyRecord(me, {}, { compilerUserId: 7 })).toBe(true);
    expect(canModifyRecord(me, null, { compilerUserId: 9 })).toBe(false);
    expect(canModifyRecord(me, null)).toBe(false);
    expect(canModifyRecord({ userId: 1, roles: ["admin"] }, { compilerUserId: 8 })).toBe(true);
  });
});
