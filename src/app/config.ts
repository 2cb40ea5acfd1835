// Build-time settings of the shell. rsbuild inlines `import.meta.env.PUBLIC_*` variables, so a branded
// variant or a production host list is chosen when the app is built, never by editing code.

export type Variant = "standard" | "custom";
export type UiSize = "default" | "small" | "mini";
export type RouterMode = "history" | "hash";

function env(name: string): string | undefined {
  // Under vitest and tsx there is no bundler to inline these; import.meta.env may be absent.
  const value = (import.meta as { env?: Record<string, string | undefined> }).env?.[name];
  return value === undefined || value === "" ? undefined : value;
}

export const config = {
  /** Shown after the route title in the page title and in the sidebar logo. */
  appTitle: env("PUBLIC_APP_TITLE") ?? "relbench",
  /** In the custom variant the quick feedback button and the user-centre entry are hidden (spec 1). */
  variant: (env("PUBLIC_VARIANT") === "custom" ? "custom" : "standard") as Variant,
  /**
   * Hosts served behind a server with a history fallback use clean URLs; everywhere else the hash keeps
   * the route so that a plain static host still works (spec 2). `*` means every host.
   */
  historyHosts: (env("PUBLIC_HISTORY_HOSTS") ?? "")
    .split(",")
    .map((h) => h.trim())
    .filter(Boolean),
  copyright: env("PUBLIC_COPYRIGHT") ?? "relbench",
};

export const DEFAULTS = {
  size: "mini" as UiSize,
  theme: "#1890ff",
  sidebarWidth: 220,
  mobileBreakpoint: 992,
  contextMenuOffset: 105,
  searchThreshold: 0.4,
  requestTimeout: 50_000,
  httpWarningDuration: 4000,
} as const;

export function routerModeFor(
  host: string,
  historyHosts: readonly string[] = config.historyHosts,
): RouterMode {
  return historyHosts.includes("*") || historyHosts.includes(host) ? "history" : "hash";
}
