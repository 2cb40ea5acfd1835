import type { ComponentType } from "react";
import type { IconName } from "../components/Icon.tsx";

export type { RoleCode } from "../../shared/permissions.ts";

import type { RoleCode } from "../../shared/permissions.ts";

/** Which frame a screen is drawn in (spec 2 "Layouts"). */
export type LayoutKind = "main" | "analysis" | "fmea" | "blank";

/** The failure-mode layout's tabs depend on the variant; life-data pages hide them (spec 2). */
export type FmeaVariant = "design" | "process" | "life";

export interface RouteMeta {
  /** Key in the `routes` namespace. */
  title: string;
  icon?: IconName;
  /** Tag tab that survives "close others" and "close all". */
  affix?: boolean;
  /** Sidebar entry to highlight while this (usually hidden) route is shown. */
  activeMenu?: string;
  /** Not in the sidebar; still reachable by link, palette and route search. */
  hidden?: boolean;
  /** The view is not kept alive when its tab is left. */
  noCache?: boolean;
  /** Spec 6: when set, any of the user's role codes must be listed here. */
  rolePermission?: RoleCode[];
  /** Spec 6: the older form of the same rule, consulted when rolePermission is absent. */
  roles?: RoleCode[];
  /** Needs a query or parameter to mean anything (edit pages): no "Go to" command. */
  noCommand?: boolean;
  /** Extra words for the palette and route search (any language). */
  keywords?: string[];
}

export interface ViewInfo {
  /** The path with its query, as shown in the address bar. */
  fullPath: string;
  path: string;
  params: Record<string, string>;
  query: URLSearchParams;
  route: AppRoute;
}

export interface ScreenProps {
  view: ViewInfo;
}

export type ScreenModule = { default: ComponentType<ScreenProps> };

export interface AppRoute {
  /** Absolute path pattern (wouter syntax, `:id` parameters, `*` rest). */
  path: string;
  layout?: LayoutKind;
  meta?: RouteMeta;
  /** Lazily loaded screen: heavy libraries load with the screen that imports them, never with the shell. */
  screen?: () => Promise<ScreenModule>;
  redirect?: string;
  /** Reachable without a token. */
  public?: boolean;
  fmea?: FmeaVariant;
  children?: AppRoute[];
}
