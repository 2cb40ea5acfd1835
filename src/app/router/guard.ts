// The navigation rules of spec 2 and 4 as one pure function, so they are tested without a browser.
// The shell calls it on every location change and acts on the answer.

import { PATHS } from "../routes.ts";
import { type FlatRoute, matchPath, type RouteMatch } from "./match.ts";

export interface GuardInput {
  path: string;
  /** Query without the leading `?`. */
  search: string;
  token: string | undefined;
  /** The login is not finished (one-time password, second factor): only the public pages are open. */
  loginUnfinished?: boolean;
  /** Null until the user's roles have been fetched for this token. */
  roles: readonly string[] | null;
  /** Every route of the table, flattened. */
  all: readonly FlatRoute[];
  /** The routes the user's roles allow (spec 6). Ignored until roles are known. */
  permitted: readonly FlatRoute[];
}

export type GuardDecision =
  | { kind: "render"; match: RouteMatch }
  | { kind: "redirect"; to: string }
  /** A token came in the query: store it, then navigate to `to` (the same place without it). */
  | { kind: "storeToken"; token: string; to: string }
  /** The token is known but the roles are not: fetch them, then ask again. */
  | { kind: "loadRoles" };

export const LOGIN = PATHS.login;
export const NOT_FOUND = PATHS.notFound;
export const UNAUTHORIZED = PATHS.unauthorized;

const TOKEN_QUERY_PATHS = [PATHS.fmeaGroup, PATHS.lifeDataLife];

export function withQuery(path: string, search: string): string {
  return search ? `${path}?${search}` : path;
}

export function loginRedirect(path: string, search: string): string {
  return `${LOGIN}?redirect=${encodeURIComponent(withQuery(path, search))}`;
}

/** Only same-app paths are followed after login; anything else (an absolute URL, `//host`) goes home. */
export function safeRedirectTarget(value: string | null | undefined): string {
  if (!value?.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return "/";
  if (value === LOGIN || value.startsWith(`${LOGIN}?`)) return "/";
  return value;
}

export function resolveNavigation(input: GuardInput): GuardDecision {
  const { path, search, token } = input;
  const query = new URLSearchParams(search);

  const queryToken = query.get("token");
  if (queryToken && TOKEN_QUERY_PATHS.some((p) => path.includes(p))) {
    query.delete("token");
    return { kind: "storeToken", token: queryToken, to: withQuery(path, query.toString()) };
  }

  const match = matchPath(input.all, path);
  const session = token && !input.loginUnfinished;
  if (match?.route.public) {
    // Logged in already: on to where the login was heading (spec 2 says "/"; a redirect query refines it).
    if (match.route.path === LOGIN && session)
      return { kind: "redirect", to: safeRedirectTarget(query.get("redirect")) };
    return { kind: "render", match };
  }
  if (!session) return { kind: "redirect", to: loginRedirect(path, search) };
  if (!match) return { kind: "redirect", to: NOT_FOUND };
  if (match.route.redirect) return { kind: "redirect", to: match.route.redirect };
  if (input.roles === null) return { kind: "loadRoles" };

  const permitted = matchPath(input.permitted, path);
  if (!permitted) return { kind: "redirect", to: UNAUTHORIZED };
  return { kind: "render", match: permitted };
}
