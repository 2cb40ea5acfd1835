// Tag-tab actions (spec 2): the tab bar, its context menu and the tab commands all call these.
import { currentPath, navigate } from "./router/navigation.ts";
import {
  closeAllViews,
  closeOtherViews,
  closeView,
  nextViewAfterClose,
  refreshView,
  visitedViews,
} from "./state/tags.ts";

export function closeTab(path: string): void {
  const remaining = closeView(path);
  if (path === currentPath.value && !remaining.some((v) => v.path === path)) {
    navigate(nextViewAfterClose(remaining));
  }
}

export function closeOtherTabs(path: string): void {
  closeOtherViews(path);
  if (path !== currentPath.value) {
    const view = visitedViews.value.find((v) => v.path === path);
    if (view) navigate(view.fullPath);
  }
}

export function closeAllTabs(): void {
  const remaining = closeAllViews();
  if (!remaining.some((v) => v.path === currentPath.value)) navigate(nextViewAfterClose(remaining));
}

/**
 * Remounts the view, dropping its kept state. (The original did this by a hop through /redirect/<path>; a
 * hop through the blank layout would also drop every other kept view, so the view's key changes instead.)
 */
export function refreshTab(path: string = currentPath.value): void {
  refreshView(path);
  const view = visitedViews.value.find((v) => v.path === path);
  if (view && path !== currentPath.value) navigate(view.fullPath);
}

export function gotoTab(offset: number, relative: boolean): void {
  const views = visitedViews.value;
  if (views.length === 0) return;
  const i = views.findIndex((v) => v.path === currentPath.value);
  const target = relative ? (Math.max(i, 0) + offset + views.length) % views.length : offset;
  const view = views[target];
  if (view && view.path !== currentPath.value) navigate(view.fullPath);
}
