// The main layout's sidebar (spec 2): the permitted, non-hidden routes of the table, 220 px wide, collapsible
// to icons, a drawer over the page on mobile. Groups open with Enter/Space; links are ordinary links.
import { useSignals } from "@preact/signals-react/runtime";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { Icon } from "../components/Icon.tsx";
import { Logo } from "../components/Logo.tsx";
import { config } from "../config.ts";
import { permittedRoutes } from "../router/access.ts";
import { currentMatch } from "../router/navigation.ts";
import type { AppRoute } from "../router/types.ts";
import { device, setSidebar, sidebarOpened } from "../state/app.ts";
import { settings } from "../state/settings.ts";

function visibleChildren(route: AppRoute): AppRoute[] {
  return (route.children ?? []).filter((c) => !c.meta?.hidden && (c.screen || c.children));
}

export function Sidebar() {
  useSignals();
  const { t } = useTranslation();
  const collapsed = !sidebarOpened.value;
  const mobile = device.value === "mobile";
  const match = currentMatch.value;
  const active = match?.route.meta?.activeMenu ?? match?.route.path;
  const activeChain = new Set(match?.chain.map((r) => r.path));
  const entries = permittedRoutes.value.filter(
    (r) => !r.public && !r.redirect && !r.meta?.hidden && (r.screen || visibleChildren(r).length > 0),
  );
  const [openGroups, setOpenGroups] = useState<Set<string>>(() => new Set(activeChain));
  // The group of the screen on display opens by itself (a link, the palette or a tab may lead there).
  const activeGroup = match?.chain.length && match.chain.length > 1 ? match.chain[0].path : undefined;
  useEffect(() => {
    if (activeGroup)
      setOpenGroups((open) => (open.has(activeGroup) ? open : new Set([...open, activeGroup])));
  }, [activeGroup]);

  const toggleGroup = (path: string) => {
    const next = new Set(openGroups);
    if (next.has(path)) next.delete(path);
    else next.add(path);
    setOpenGroups(next);
  };

  return (
    <>
      {mobile && !collapsed && (
        <div className="sidebar-backdrop" onClick={() => setSidebar(false)} aria-hidden="true" />
      )}
      <nav
        className={`sidebar ${collapsed ? "sidebar-collapsed" : ""}`}
        aria-label={t("common:sidebar")}
        data-testid="sidebar"
        onKeyDown={(e) => {
          if (mobile && e.key === "Escape") setSidebar(false);
        }}
      >
        {settings.value.sidebarLogo && (
          <Link href="/" className="sidebar-logo" aria-label={config.appTitle}>
            <Logo />
            {!collapsed && <span>{config.appTitle}</span>}
          </Link>
        )}
        <ul className="sidebar-menu">
          {entries.map((route) => {
            const children = visibleChildren(route);
            if (children.length === 0) {
              return (
                <li key={route.path}>
                  <SidebarLink route={route} active={active === route.path} collapsed={collapsed} />
                </li>
              );
            }
            const open = openGroups.has(route.path);
            const title = t(`routes:${route.meta?.title}`);
            return (
              <li
                key={route.path}
                className={
                  activeChain.has(route.path) ? "sidebar-group sidebar-group-active" : "sidebar-group"
                }
              >
                <button
                  type="button"
                  className="sidebar-item sidebar-group-toggle"
                  aria-expanded={open}
                  title={collapsed ? title : undefined}
                  onClick={() => toggleGroup(route.path)}
                >
                  {route.meta?.icon && <Icon name={route.meta.icon} size={15} />}
                  <span className="sidebar-label">{title}</span>
                  <Icon name="chevronDown" className="sidebar-caret" />
                </button>
                {open && (
                  <ul className="sidebar-submenu">
                    {children.map((child) => (
                      <li key={child.path}>
                        <SidebarLink
                          route={child}
                          active={active === child.path}
                          collapsed={collapsed}
                          nested
                        />
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            );
          })}
        </ul>
      </nav>
    </>
  );
}

function SidebarLink({
  route,
  active,
  collapsed,
  nested,
}: {
  route: AppRoute;
  active: boolean;
  collapsed: boolean;
  nested?: boolean;
}) {
  const { t } = useTranslation();
  const title = t(`routes:${route.meta?.title}`);
  return (
    <Link
      href={route.path}
      className={`sidebar-item ${nested ? "sidebar-item-nested" : ""} ${active ? "active" : ""}`}
      aria-current={active ? "page" : undefined}
      title={collapsed ? title : undefined}
    >
      {route.meta?.icon && <Icon name={route.meta.icon} size={15} />}
      <span className="sidebar-label">{title}</span>
    </Link>
  );
}
