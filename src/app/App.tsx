// The shell: router, navigation guard, the frame of the current layout, and the overlays every screen
// shares (palette, cheat sheet, settings, change password, quick feedback, confirm, messages).
import { useSignals } from "@preact/signals-react/runtime";
import { useEffect, useMemo, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Router, useLocation, useSearch } from "wouter";
import { commandContext } from "./commands/context.ts";
import { registerAllCommands } from "./commands/index.ts";
import { executeCommand, resolveShortcut } from "./commands/registry.ts";
import { CheatSheet } from "./components/CheatSheet.tsx";
import { ConfirmHost } from "./components/confirm.tsx";
import { MessageHost } from "./components/MessageHost.tsx";
import { CommandPalette } from "./components/palette/CommandPalette.tsx";
import { config } from "./config.ts";
import { ChangePasswordDialog } from "./features/account/ChangePasswordDialog.tsx";
import { FeedbackDialog } from "./features/feedback/FeedbackDialog.tsx";
import { Frame } from "./layouts/Frame.tsx";
import { SettingsPanel } from "./layouts/SettingsPanel.tsx";
import { Loading, type ShownView, ViewHost } from "./layouts/ViewHost.tsx";
import { allFlatRoutes, permittedFlatRoutes } from "./router/access.ts";
import { resolveNavigation } from "./router/guard.ts";
import { wouterHooks } from "./router/location.ts";
import {
  appLocationInstance,
  currentMatch,
  currentPath,
  currentSearch,
  navigate,
} from "./router/navigation.ts";
import { loadUserInfo } from "./session.ts";
import { device, setSidebar, sidebarOpened, size, updateDevice } from "./state/app.ts";
import { loginUnfinished, roles, setToken, token } from "./state/session.ts";
import { settings } from "./state/settings.ts";
import { addView, initAffixViews } from "./state/tags.ts";

registerAllCommands();

function useGlobalShortcuts() {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const ctx = commandContext();
      const found = resolveShortcut(event, ctx);
      if (found.kind === "one") {
        event.preventDefault();
        executeCommand(found.command, ctx, "keyboard");
      } else if (found.kind === "ambiguous") {
        console.warn(
          `Shortcut refused: ${found.commands.map((c) => c.id).join(", ")} all match; fix their \`when\` rules`,
        );
      }
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, []);
}

function useDeviceAndLook() {
  useSignals();
  useEffect(() => {
    const onResize = () => updateDevice(document.body.clientWidth);
    onResize();
    window.addEventListener("resize", onResize);
    return () => window.removeEventListener("resize", onResize);
  }, []);
  const theme = settings.value.theme;
  const uiSize = size.value;
  // biome-ignore lint/correctness/useExhaustiveDependencies: signal values change between renders
  useEffect(() => applyLook(theme, uiSize), [theme, uiSize]);
}

function applyLook(theme: string, uiSize: string): void {
  document.documentElement.dataset.size = uiSize;
  document.documentElement.style.setProperty("--primary", theme);
}

function Shell() {
  useSignals();
  const { t, i18n } = useTranslation();
  const [path] = useLocation();
  const search = useSearch();
  const tokenValue = token.value;
  const pending = loginUnfinished.value;
  const roleList = roles.value;
  const permitted = permittedFlatRoutes.value;

  // biome-ignore lint/correctness/useExhaustiveDependencies: signal values change between renders
  const decision = useMemo(
    () =>
      resolveNavigation({
        path,
        search,
        token: tokenValue,
        loginUnfinished: pending,
        roles: roleList,
        all: allFlatRoutes,
        permitted,
      }),
    [path, search, tokenValue, pending, roleList, permitted],
  );

  useEffect(() => {
    switch (decision.kind) {
      case "storeToken":
        setToken(decision.token);
        navigate(decision.to, { replace: true });
        break;
      case "redirect":
        navigate(decision.to, { replace: true });
        break;
      case "loadRoles":
        currentPath.value = path;
        currentSearch.value = search;
        loadUserInfo();
        break;
      case "render": {
        const { match } = decision;
        currentMatch.value = match;
        currentPath.value = path;
        currentSearch.value = search;
        const meta = match.route.meta;
        if (!match.route.public && meta) {
          addView({
            path,
            fullPath: search ? `${path}?${search}` : path,
            title: meta.title,
            affix: Boolean(meta.affix),
            noCache: Boolean(meta.noCache),
          });
        }
        // Spec 4: the sidebar closes by itself on route change on mobile.
        if (device.value === "mobile" && sidebarOpened.value) setSidebar(false);
        break;
      }
    }
  }, [decision, path, search]);

  // Affixed tabs (the statistic page) are there from the first screen on.
  // biome-ignore lint/correctness/useExhaustiveDependencies: signal values change between renders
  useEffect(() => {
    if (roleList === null) return;
    initAffixViews(
      permitted
        .filter((f) => f.route.meta?.affix && f.route.screen)
        .map((f) => ({
          path: f.route.path,
          fullPath: f.route.path,
          title: f.route.meta?.title ?? "",
          affix: true,
          noCache: Boolean(f.route.meta?.noCache),
        })),
    );
  }, [roleList, permitted]);

  // Spec 2: the translated route title followed by the application title.
  const title = decision.kind === "render" ? decision.match.route.meta?.title : undefined;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the language changes the translation
  useEffect(() => {
    document.title = title ? `${t(`routes:${title}`)} - ${config.appTitle}` : config.appTitle;
  }, [title, t, i18n.language]);

  // While a redirect is under way the last screen stays up, so the frame (and the views it keeps alive)
  // is not torn down for a hop such as / → /statistic/index.
  const last = useRef<ShownView | null>(null);
  if (decision.kind === "render") last.current = { match: decision.match, path, search };
  const shown = last.current;
  if (!shown) return <Loading />;
  if (shown.match.layout === "blank") {
    return (
      <main id="main-content" tabIndex={-1} className="blank-layout">
        <ViewHost shown={shown} />
      </main>
    );
  }
  return <Frame layout={shown.match.layout} shown={shown} />;
}

export function App() {
  useGlobalShortcuts();
  useDeviceAndLook();
  const loc = appLocationInstance();
  const hooks = useMemo(() => wouterHooks(loc), [loc]);
  return (
    <Router hook={hooks.hook} searchHook={hooks.searchHook} hrefs={loc.href}>
      <Shell />
      <CommandPalette />
      <CheatSheet />
      <SettingsPanel />
      <ChangePasswordDialog />
      <FeedbackDialog />
      <ConfirmHost />
      <MessageHost />
    </Router>
  );
}
