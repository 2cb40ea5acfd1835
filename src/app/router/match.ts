// Flattening and matching of the route table. A leaf inherits its group's layout; its `chain` (groups then
// itself) is what the breadcrumb shows.
import type { AppRoute, LayoutKind } from "./types.ts";

export interface FlatRoute {
  route: AppRoute;
  layout: LayoutKind;
  /** Ancestor groups, outermost first, then the route itself. */
  chain: AppRoute[];
}

export function flattenRoutes(table: readonly AppRoute[], parents: AppRoute[] = []): FlatRoute[] {
  const out: FlatRoute[] = [];
  for (const route of table) {
    const chain = [...parents, route];
    if (route.screen || route.redirect) {
      const layout = [...chain].reverse().find((r) => r.layout)?.layout ?? "main";
      out.push({ route, layout, chain });
    }
    if (route.children) out.push(...flattenRoutes(route.children, chain));
  }
  return out;
}

/** `/task/detail/:id` style patterns; `*` at the end captures the rest of the path as `rest`. */
export function compilePattern(pattern: string): { regex: RegExp; keys: string[] } {
  const keys: string[] = [];
  const source = pattern
    .split("/")
    .map((segment) => {
      if (segment === "*") {
        keys.push("rest");
        return "(.*)";
      }
      if (segment.startsWith(":")) {
        keys.push(segment.slice(1));
        return "([^/]+)";
      }
      return segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    })
    .join("/");
  return { regex: new RegExp(`^${source}/?$`), keys };
}

const compiled = new Map<string, { regex: RegExp; keys: string[] }>();

export function matchPattern(pattern: string, path: string): Record<string, string> | undefined {
  let c = compiled.get(pattern);
  if (!c) {
    c = compilePattern(pattern);
    compiled.set(pattern, c);
  }
  const m = c.regex.exec(path);
  if (!m) return undefined;
  const params: Record<string, string> = {};
  c.keys.forEach((k, i) => {
    params[k] = decodeURIComponent(m[i + 1] ?? "");
  });
  return params;
}

export interface RouteMatch extends FlatRoute {
  params: Record<string, string>;
}

export function matchPath(flat: readonly FlatRoute[], path: string): RouteMatch | undefined {
  for (const f of flat) {
    const params = matchPattern(f.route.path, path);
    if (params) return { ...f, params };
  }
  return undefined;
}

/** True when the pattern needs values (`:id`, `*`) that a bare "Go to" cannot supply. */
export function hasParameters(path: string): boolean {
  return /[:*]/.test(path);
}
