import { describe, expect, it } from "vitest";
import { filterRoutes } from "../../../src/app/router/permissions.ts";
import type { AppRoute } from "../../../src/app/router/types.ts";
import { routes } from "../../../src/app/routes.ts";

const paths = (table: AppRoute[]): string[] =>
  table.flatMap((r) => [r.path, ...(r.children ? paths(r.children) : [])]);

describe("route filter by roles (spec 6)", () => {
  it("gives an admin every route, including /userList", () => {
    expect(paths(filterRoutes(routes, ["admin"]))).toEqual(paths(routes));
  });

  it("keeps /userList from everyone else; a user with no roles is a visitor", () => {
    for (const roles of [["owner"], ["counselor"], ["visitor"], [], ["owner", "counselor"]]) {
      const p = paths(filterRoutes(routes, roles));
      expect(p, roles.join(",")).not.toContain("/userList");
      expect(p).toContain("/statistic/index");
      expect(p).toContain("/lifeData/weibull");
    }
  });

  it("applies rolePermission first, then meta.roles, recursively through children", () => {
    const table: AppRoute[] = [
      { path: "/open", meta: { title: "a" } },
      { path: "/ownerOnly", meta: { title: "b", rolePermission: ["owner"] } },
      { path: "/metaRoles", meta: { title: "c", roles: ["counselor"] } },
      // rolePermission wins over meta.roles when both are set
      { path: "/both", meta: { title: "d", rolePermission: ["visitor"], roles: ["owner"] } },
      {
        path: "/group",
        meta: { title: "e" },
        children: [
          { path: "/group/open", meta: { title: "f" } },
          { path: "/group/counselor", meta: { title: "g", rolePermission: ["counselor"] } },
        ],
      },
      {
        path: "/closedGroup",
        meta: { title: "h", rolePermission: ["counselor"] },
        children: [{ path: "/closedGroup/x" }],
      },
    ];
    expect(paths(filterRoutes(table, ["owner"]))).toEqual(["/open", "/ownerOnly", "/group", "/group/open"]);
    expect(paths(filterRoutes(table, ["counselor"]))).toEqual([
      "/open",
      "/metaRoles",
      "/group",
      "/group/open",
      "/group/counselor",
      "/closedGroup",
      "/closedGroup/x",
    ]);
    expect(paths(filterRoutes(table, []))).toEqual(["/open", "/both", "/group", "/group/open"]);
  });

  it("does not change the table it filters", () => {
    const before = JSON.stringify(paths(routes));
    filterRoutes(routes, ["visitor"]);
    expect(JSON.stringify(paths(routes))).toBe(before);
  });
});
