import { describe, expect, it } from "vitest";
import { routerModeFor } from "../../../src/app/config.ts";
import { resolveNavigation, safeRedirectTarget } from "../../../src/app/router/guard.ts";
import { splitTarget } from "../../../src/app/router/location.ts";
import { flattenRoutes, matchPattern } from "../../../src/app/router/match.ts";
import { filterRoutes } from "../../../src/app/router/permissions.ts";
import { routes } from "../../../src/app/routes.ts";

const all = flattenRoutes(routes);
const permittedFor = (roles: string[]) => flattenRoutes(filterRoutes(routes, roles));

function nav(path: string, opts: { search?: string; token?: string; roles?: string[] | null } = {}) {
  const roles = opts.roles === undefined ? ["owner"] : opts.roles;
  return resolveNavigation({
    path,
    search: opts.search ?? "",
    token: opts.token,
    roles,
    all,
    permitted: roles ? permittedFor(roles) : [],
  });
}

describe("navigation guard (spec 2 and 4)", () => {
  it("renders the public routes without a token", () => {
    for (const path of ["/login", "/auth-redirect", "/404", "/401", "/redirect/task/index"]) {
      const d = nav(path, { roles: null });
      expect(d.kind, path).toBe("render");
    }
  });

  it("sends any other path to /login with the target in the redirect query", () => {
    expect(nav("/lifeData/weibull", { search: "analysisName=a b", roles: null })).toEqual({
      kind: "redirect",
      to: `/login?redirect=${encodeURIComponent("/lifeData/weibull?analysisName=a b")}`,
    });
    expect(nav("/", { roles: null })).toEqual({ kind: "redirect", to: "/login?redirect=%2F" });
  });

  it("sends a logged-in user from /login to / (or to the redirect target), and / to /statistic/index", () => {
    expect(nav("/login", { token: "t" })).toEqual({ kind: "redirect", to: "/" });
    expect(nav("/login", { token: "t", search: "redirect=%2Ftask%2Findex" })).toEqual({
      kind: "redirect",
      to: "/task/index",
    });
    expect(nav("/login", { token: "t", search: "redirect=https%3A%2F%2Fevil" })).toEqual({
      kind: "redirect",
      to: "/",
    });
    expect(nav("/", { token: "t" })).toEqual({ kind: "redirect", to: "/statistic/index" });
  });

  it("asks for the roles before deciding on a protected route", () => {
    expect(nav("/userList", { token: "t", roles: null })).toEqual({ kind: "loadRoles" });
  });

  it("renders permitted routes with their parameters and layout", () => {
    const d = nav("/task/detail/42", { token: "t" });
    expect(d.kind).toBe("render");
    if (d.kind !== "render") return;
    expect(d.match.params).toEqual({ id: "42" });
    expect(d.match.layout).toBe("main");
    expect(d.match.chain.map((r) => r.path)).toEqual(["/work", "/task/detail/:id"]);
  });

  it("sends unknown paths to /404 and forbidden ones to /401", () => {
    expect(nav("/no/such/screen", { token: "t" })).toEqual({ kind: "redirect", to: "/404" });
    expect(nav("/userList", { token: "t", roles: ["owner"] })).toEqual({ kind: "redirect", to: "/401" });
    expect(nav("/userList", { token: "t", roles: [] })).toEqual({ kind: "redirect", to: "/401" });
    expect(nav("/userList", { token: "t", roles: ["admin"] }).kind).toBe("render");
  });

  it("stores a token from the query on /fmea… and /lifeData/life paths only, and drops it from the URL", () => {
    expect(nav("/fmeaTable", { search: "token=abc&fmeaId=7", roles: null })).toEqual({
      kind: "storeToken",
      token: "abc",
      to: "/fmeaTable?fmeaId=7",
    });
    expect(nav("/lifeData/life", { search: "token=abc", roles: null })).toEqual({
      kind: "storeToken",
      token: "abc",
      to: "/lifeData/life",
    });
    expect(nav("/task/index", { search: "token=abc", roles: null }).kind).toBe("redirect");
  });

  it("follows only same-app redirect targets after login", () => {
    expect(safeRedirectTarget("/lifeData/weibull?x=1")).toBe("/lifeData/weibull?x=1");
    expect(safeRedirectTarget("https://evil.example/")).toBe("/");
    expect(safeRedirectTarget("//evil.example/")).toBe("/");
    expect(safeRedirectTarget("/\\evil.example")).toBe("/");
    expect(safeRedirectTarget("/login?redirect=/x")).toBe("/");
    expect(safeRedirectTarget(null)).toBe("/");
  });

  it("matches patterns with parameters and rest segments", () => {
    expect(matchPattern("/task/detail/:id", "/task/detail/7")).toEqual({ id: "7" });
    expect(matchPattern("/task/detail/:id", "/task/detail")).toBeUndefined();
    expect(matchPattern("/redirect/*", "/redirect/lifeData/weibull")).toEqual({ rest: "lifeData/weibull" });
    expect(matchPattern("/lifeData/*", "/lifeData/weibull")).toEqual({ rest: "weibull" });
    expect(matchPattern("/alta", "/alta/life")).toBeUndefined();
  });

  it("keeps path and query together in hash targets", () => {
    expect(splitTarget("/login?redirect=%2Fx")).toEqual({ path: "/login", search: "redirect=%2Fx" });
    expect(splitTarget("task/index")).toEqual({ path: "/task/index", search: "" });
  });

  it("uses history mode only on configured production hosts", () => {
    expect(routerModeFor("relbench.example.com", ["relbench.example.com"])).toBe("history");
    expect(routerModeFor("127.0.0.1:8080", ["relbench.example.com"])).toBe("hash");
    expect(routerModeFor("anything", ["*"])).toBe("history");
    expect(routerModeFor("localhost", [])).toBe("hash");
  });
});

describe("route table", () => {
  it("holds every route of spec 2", () => {
    const paths = new Set(all.map((f) => f.route.path));
    const spec = [
      "/login",
      "/auth-redirect",
      "/404",
      "/401",
      "/redirect/*",
      "/",
      "/lifeData/weibull",
      "/lifeData/degradation",
      "/lifeData/costOpti",
      "/lifeData/nevadaNRI",
      "/analysis/index",
      "/alta/analysis/index",
      "/rbd/analysis/index",
      "/fta/analysis/index",
      "/experimentalDesign",
      "/alta",
      "/rbd",
      "/efta",
      "/rgt/draft/list",
      "/rgt/growthPlan/list",
      "/rgt/track/list",
      "/rgt/draft/new",
      "/rgt/draft/edit",
      "/rgt/growthPlan/new",
      "/rgt/growthPlan/edit",
      "/rgt/track/new",
      "/rgt/track/edit",
      "/userList",
      "/helpHome",
      "/weibullhelp",
      "/altahelp",
      "/ftahelp",
      "/feedBack",
      "/feedBackList",
      "/userCenter",
      "/paramBino",
      "/nonparamBino",
      "/indexChiSquare",
      "/weibullChiSquare",
      "/repairePoisson",
      "/fixEffectValidTest",
      "/stressStrength",
      "/distributionGuide",
      "/distributionGuideDe",
      "/calculator",
      "/ddashboard",
      "/pdashboard",
      "/topology",
      "/flowProcess",
      "/fmeaTree",
      "/pFmeaTree",
      "/fmeaTable",
      "/pFmeaTable",
      "/lifeData/life",
      "/alta/life",
      "/pfmea",
    ];
    for (const p of spec) expect(paths.has(p), p).toBe(true);
  });

  it("has no two routes with the same path, and a lazy screen or a redirect for each", () => {
    const seen = new Set<string>();
    for (const { route } of all) {
      expect(seen.has(route.path), route.path).toBe(false);
      seen.add(route.path);
      expect(Boolean(route.screen) !== Boolean(route.redirect), route.path).toBe(true);
    }
  });

  it("hides the statistic tests and edit pages but keeps them routable", () => {
    for (const p of ["/paramBino", "/rgt/draft/edit", "/task/detail/:id"]) {
      expect(all.find((f) => f.route.path === p)?.route.meta?.hidden, p).toBe(true);
    }
  });
});

describe("unfinished login (one-time password, second factor)", () => {
  it("keeps the user on the login page until the step is done", () => {
    const base = {
      search: "redirect=%2FuserList",
      token: "t",
      roles: null,
      all,
      permitted: [],
      loginUnfinished: true,
    };
    expect(resolveNavigation({ ...base, path: "/login" }).kind).toBe("render");
    expect(resolveNavigation({ ...base, path: "/userList", search: "" })).toEqual({
      kind: "redirect",
      to: "/login?redirect=%2FuserList",
    });
    expect(resolveNavigation({ ...base, path: "/login", loginUnfinished: false })).toEqual({
      kind: "redirect",
      to: "/userList",
    });
  });
});
