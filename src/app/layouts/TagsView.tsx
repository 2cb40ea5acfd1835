// Tag tabs (spec 2): the visited views with refresh, close, close others and close all. Right click (or the
// context-menu key / Shift+F10 on a focused tab) opens the menu; it is placed like the original: 15 px right
// of the pointer inside the bar, never closer than the menu's 105 px width to the bar's right edge.
import { useSignals } from "@preact/signals-react/runtime";
import { DropdownMenu } from "radix-ui";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { useOverlayLayer } from "../components/Dialog.tsx";
import { Icon } from "../components/Icon.tsx";
import { DEFAULTS } from "../config.ts";
import { currentPath } from "../router/navigation.ts";
import { restoreFocus } from "../state/overlays.ts";
import { type TagView, visitedViews } from "../state/tags.ts";
import { closeAllTabs, closeOtherTabs, closeTab, refreshTab } from "../tabs.ts";

export function menuLeft(clientX: number, barLeft: number, barWidth: number): number {
  const left = clientX - barLeft + 15;
  return Math.min(left, barWidth - DEFAULTS.contextMenuOffset);
}

export function TagsView() {
  useSignals();
  const { t } = useTranslation();
  const bar = useRef<HTMLDivElement>(null);
  const [menu, setMenu] = useState<{ view: TagView; left: number; top: number } | null>(null);
  const remembered = useOverlayLayer(menu !== null);
  const views = visitedViews.value;
  const current = currentPath.value;

  // The tab of the screen shown is scrolled into view when the tabs overflow the bar.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the screen shown or the tabs change
  useEffect(() => {
    const list = bar.current?.querySelector(".tags-list");
    const tag = [...(list?.querySelectorAll<HTMLElement>("li[data-path]") ?? [])].find(
      (li) => li.dataset.path === current,
    );
    if (!list || !tag) return;
    const left = tag.offsetLeft - list.scrollLeft;
    if (left < 0 || left + tag.offsetWidth > list.clientWidth)
      list.scrollLeft = tag.offsetLeft - (list.clientWidth - tag.offsetWidth) / 2;
  }, [current, views.length]);

  const openMenu = (view: TagView, clientX: number, clientY: number, target: HTMLElement) => {
    const rect = bar.current?.getBoundingClientRect();
    const own = target.getBoundingClientRect();
    // Keyboard-opened menus have no pointer position: use the tab's own corner.
    const x = clientX || own.left;
    const y = clientY || own.bottom;
    setMenu({
      view,
      left: menuLeft(x, rect?.left ?? 0, rect?.width ?? window.innerWidth),
      top: y - (rect?.top ?? 0),
    });
  };

  return (
    <div className="tags-view" ref={bar} data-testid="tags-view">
      <ul className="tags-list" aria-label={t("common:openViews")}>
        {views.map((view) => {
          const active = view.path === current;
          return (
            <li key={view.path} className={`tag ${active ? "active" : ""}`} data-path={view.path}>
              <Link
                href={view.fullPath}
                aria-current={active ? "page" : undefined}
                onContextMenu={(e) => {
                  e.preventDefault();
                  openMenu(view, e.clientX, e.clientY, e.currentTarget);
                }}
                onKeyDown={(e) => {
                  // The context-menu key and Shift+F10 (not every browser turns them into a contextmenu event)
                  if (e.key === "ContextMenu" || (e.shiftKey && e.key === "F10")) {
                    e.preventDefault();
                    openMenu(view, 0, 0, e.currentTarget);
                  }
                }}
              >
                {t(`routes:${view.title}`)}
              </Link>
              {!view.affix && (
                <button
                  type="button"
                  className="tag-close"
                  aria-label={t("common:closeTab", { title: t(`routes:${view.title}`) })}
                  onClick={() => closeTab(view.path)}
                >
                  <Icon name="close" size={10} />
                </button>
              )}
            </li>
          );
        })}
      </ul>
      <DropdownMenu.Root open={menu !== null} onOpenChange={(o) => !o && setMenu(null)} modal={false}>
        <DropdownMenu.Trigger asChild>
          <span
            className="tags-menu-anchor"
            style={{ left: menu?.left ?? 0, top: menu?.top ?? 0 }}
            aria-hidden="true"
          />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            className="menu tags-menu"
            align="start"
            style={{ minWidth: DEFAULTS.contextMenuOffset }}
            onCloseAutoFocus={(e) => {
              e.preventDefault();
              restoreFocus(remembered.current);
            }}
            data-testid="tags-menu"
          >
            {menu && (
              <>
                <DropdownMenu.Item className="menu-item" onSelect={() => refreshTab(menu.view.path)}>
                  {t("commands:tabs.refresh")}
                </DropdownMenu.Item>
                {!menu.view.affix && (
                  <DropdownMenu.Item className="menu-item" onSelect={() => closeTab(menu.view.path)}>
                    {t("commands:tabs.close")}
                  </DropdownMenu.Item>
                )}
                <DropdownMenu.Item className="menu-item" onSelect={() => closeOtherTabs(menu.view.path)}>
                  {t("commands:tabs.closeOthers")}
                </DropdownMenu.Item>
                <DropdownMenu.Item className="menu-item" onSelect={() => closeAllTabs()}>
                  {t("commands:tabs.closeAll")}
                </DropdownMenu.Item>
              </>
            )}
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
    </div>
  );
}
