// Where the current route lives in the URL. History mode: `/lifeData/weibull?name=a`. Hash mode keeps
// path AND query inside the hash (`/#/lifeData/weibull?name=a`), as links produced by the original product
// and by other tools look; wouter's own hash hook would move the query before the hash instead.
import { useSyncExternalStore } from "react";
import type { BaseLocationHook } from "wouter";
import { config, type RouterMode, routerModeFor } from "../config.ts";

export interface NavigateOptions {
  replace?: boolean;
}

export interface AppLocation {
  mode: RouterMode;
  /** Path without query, always starting with `/`. */
  path(): string;
  /** Query without the leading `?`. */
  search(): string;
  navigate(to: string, options?: NavigateOptions): void;
  subscribe(listener: () => void): () => void;
  /** The href an anchor needs to reach `to`. */
  href(to: string): string;
}

export function splitTarget(to: string): { path: string; search: string } {
  const q = to.indexOf("?");
  const rawPath = q < 0 ? to : to.slice(0, q);
  const search = q < 0 ? "" : to.slice(q + 1);
  return { path: rawPath.startsWith("/") ? rawPath : `/${rawPath}`, search };
}

function subscribeTo(events: string[]) {
  return (listener: () => void) => {
    for (const e of events) addEventListener(e, listener);
    return () => {
      for (const e of events) removeEventListener(e, listener);
    };
  };
}

export function hashLocation(): AppLocation {
  const hashTarget = () => splitTarget(decodeURI(location.hash.replace(/^#/, "")) || "/");
  return {
    mode: "hash",
    path: () => hashTarget().path,
    search: () => hashTarget().search,
    navigate(to, { replace = false } = {}) {
      const url = new URL(location.href);
      url.hash = to.startsWith("/") ? to : `/${to}`;
      history[replace ? "replaceState" : "pushState"](null, "", url.href);
      dispatchEvent(new HashChangeEvent("hashchange"));
    },
    subscribe: subscribeTo(["hashchange", "popstate"]),
    href: (to) => `#${to}`,
  };
}

export function browserLocation(): AppLocation {
  const changed = "relbench:navigate";
  return {
    mode: "history",
    path: () => location.pathname,
    search: () => location.search.replace(/^\?/, ""),
    navigate(to, { replace = false } = {}) {
      history[replace ? "replaceState" : "pushState"](null, "", to);
      dispatchEvent(new Event(changed));
    },
    subscribe: subscribeTo(["popstate", changed]),
    href: (to) => to,
  };
}

/** An in-memory location for unit tests; `entries` records every navigation. */
export function memoryLocation(initial = "/"): AppLocation & { entries: string[] } {
  let current = splitTarget(initial);
  const listeners = new Set<() => void>();
  const entries = [initial];
  return {
    mode: "hash",
    entries,
    path: () => current.path,
    search: () => current.search,
    navigate(to, { replace = false } = {}) {
      current = splitTarget(to);
      if (replace) entries[entries.length - 1] = to;
      else entries.push(to);
      for (const l of listeners) l();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    href: (to) => to,
  };
}

export function createAppLocation(): AppLocation {
  return routerModeFor(location.host) === "history" || config.historyHosts.includes(location.hostname)
    ? browserLocation()
    : hashLocation();
}

/** Adapts an AppLocation to wouter's Router `hook` / `searchHook` / `hrefs` options. */
export function wouterHooks(loc: AppLocation): { hook: BaseLocationHook; searchHook: () => string } {
  const hook: BaseLocationHook = () => [
    useSyncExternalStore(loc.subscribe, loc.path, loc.path),
    (to: string, options?: NavigateOptions) => loc.navigate(to, options),
  ];
  const searchHook = () => useSyncExternalStore(loc.subscribe, loc.search, loc.search);
  return { hook, searchHook };
}
