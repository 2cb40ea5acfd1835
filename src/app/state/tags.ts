// Tag tabs of spec 2: the visited views. A view is keyed by its path (a new query replaces the old one);
// affixed views survive "close others" and "close all"; views marked noCache are not kept alive.
import { computed, signal } from "@preact/signals-react";

export interface TagView {
  path: string;
  fullPath: string;
  /** Key in the `routes` namespace. */
  title: string;
  affix: boolean;
  noCache: boolean;
}

export const visitedViews = signal<TagView[]>([]);
/** Bumped per path on "refresh" so the kept-alive screen is remounted. */
export const viewGenerations = signal<Record<string, number>>({});

export const cachedPaths = computed(() => visitedViews.value.filter((v) => !v.noCache).map((v) => v.path));

export function addView(view: TagView): void {
  const views = visitedViews.value;
  const i = views.findIndex((v) => v.path === view.path);
  if (i < 0) visitedViews.value = [...views, view];
  else if (views[i].fullPath !== view.fullPath || views[i].title !== view.title) {
    const next = [...views];
    next[i] = { ...views[i], fullPath: view.fullPath, title: view.title };
    visitedViews.value = next;
  }
}

/** Adds the affixed views (e.g. the statistic page) ahead of the others. */
export function initAffixViews(affixed: TagView[]): void {
  const rest = visitedViews.value.filter((v) => !affixed.some((a) => a.path === v.path));
  visitedViews.value = [...affixed, ...rest];
}

export function closeView(path: string): TagView[] {
  visitedViews.value = visitedViews.value.filter((v) => v.path !== path || v.affix);
  return visitedViews.value;
}

export function closeOtherViews(path: string): TagView[] {
  visitedViews.value = visitedViews.value.filter((v) => v.affix || v.path === path);
  return visitedViews.value;
}

export function closeAllViews(): TagView[] {
  visitedViews.value = visitedViews.value.filter((v) => v.affix);
  return visitedViews.value;
}

export function refreshView(path: string): void {
  viewGenerations.value = { ...viewGenerations.value, [path]: (viewGenerations.value[path] ?? 0) + 1 };
}

export function resetViews(): void {
  visitedViews.value = [];
  viewGenerations.value = {};
}

/** Where to go after closing `closed`: the last remaining view, else home. */
export function nextViewAfterClose(remaining: readonly TagView[]): string {
  return remaining.at(-1)?.fullPath ?? "/";
}
