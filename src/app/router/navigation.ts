// The shell's one location (hash or history, see location.ts) and what is currently shown. Commands and
// services navigate through here; React components may also use wouter's hooks under <Router>.
import { computed, signal } from "@preact/signals-react";
import { type AppLocation, createAppLocation, type NavigateOptions } from "./location.ts";
import type { RouteMatch } from "./match.ts";

let appLocation: AppLocation | undefined;

export function appLocationInstance(): AppLocation {
  appLocation ??= createAppLocation();
  return appLocation;
}

/** Tests install a memory location; the app creates the hash or history one on first use. */
export function setAppLocation(loc: AppLocation): void {
  appLocation = loc;
}

export function navigate(to: string, options?: NavigateOptions): void {
  appLocationInstance().navigate(to, options);
}

/** The route on screen, set by the shell after the guard let it through. */
export const currentMatch = signal<RouteMatch | null>(null);
export const currentPath = signal<string>("/");
export const currentSearch = signal<string>("");
export const currentFullPath = computed(() =>
  currentSearch.value ? `${currentPath.value}?${currentSearch.value}` : currentPath.value,
);
