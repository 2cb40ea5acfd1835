// Commands of the shell itself: palette, cheat sheet, settings, language, size, sidebar, header, full screen.

import { message } from "../components/message.ts";
import type { UiSize } from "../config.ts";
import { i18n, LANGUAGE_NAMES, LANGUAGES } from "../i18n.ts";
import { navigate } from "../router/navigation.ts";
import { switchLanguage } from "../session.ts";
import { headerHidden, SIZES, setSize, size, toggleSidebar } from "../state/app.ts";
import { cheatSheetOpen, openPalette, paletteOpen, settingsOpen } from "../state/overlays.ts";
import { resetSettings, settings } from "../state/settings.ts";
import { defineCommand } from "./registry.ts";

const GENERAL = "commands:groups.general";
const VIEW = "commands:groups.view";

const ENGLISH_NAMES = { en: "English", zh: "Chinese", es: "Spanish", ja: "Japanese" } as const;

export const ROUTE_SEARCH_INPUT_ID = "route-search-input";

/** Marks a screen's own search field (a list's filter): "/" goes there first. */
export const SCREEN_SEARCH_ATTRIBUTE = "data-screen-search";

/**
 * "/": the search of the screen shown when it has one, else the search of screens in the header, else (a
 * narrow window leaves the header's search out) the palette, whose "Go to" commands are that search.
 */
export function focusSearch(): void {
  const shown = (el: Element | null): el is HTMLElement => el !== null && el.getClientRects().length > 0;
  const local = [...document.querySelectorAll<HTMLInputElement>(`[${SCREEN_SEARCH_ATTRIBUTE}]`)].find(shown);
  const header = document.getElementById(ROUTE_SEARCH_INPUT_ID);
  const target = local ?? (shown(header) ? header : null);
  if (!target) {
    openPalette();
    return;
  }
  target.focus();
  if (target instanceof HTMLInputElement) target.select();
}

export async function toggleFullScreen(): Promise<void> {
  const doc = document as Document & { webkitFullscreenEnabled?: boolean };
  if (!(doc.fullscreenEnabled || doc.webkitFullscreenEnabled)) {
    message.warning(i18n.t("messages:fullScreenUnsupported"));
    return;
  }
  if (document.fullscreenElement) await document.exitFullscreen();
  else await document.documentElement.requestFullscreen();
}

export const shellCommands = [
  defineCommand({
    id: "shell.palette",
    titleKey: "commands:shell.palette",
    shortcut: "mod+k",
    group: GENERAL,
    when: { auth: "any" },
    inOverlays: true,
    paletteHidden: true,
    run: () => {
      paletteOpen.value = !paletteOpen.value;
    },
  }),
  defineCommand({
    id: "shell.cheatSheet",
    titleKey: "commands:shell.cheatSheet",
    keywords: ["shortcuts", "keys", "keyboard", "cheat sheet"],
    shortcut: "?",
    group: GENERAL,
    when: { auth: "any" },
    run: () => {
      cheatSheetOpen.value = true;
    },
  }),
  defineCommand({
    id: "shell.routeSearch",
    titleKey: "commands:shell.routeSearch",
    shortcut: "/",
    group: GENERAL,
    // Every layout, the editors' included: there "/" used to reach the diagram, and the letters typed after
    // it edited the diagram.
    when: { layouts: ["main", "analysis", "fmea"] },
    run: () => {
      // After the palette (if any) has closed and given focus back
      requestAnimationFrame(focusSearch);
    },
  }),
  defineCommand({
    id: "shell.home",
    titleKey: "commands:shell.home",
    keywords: ["dashboard", "statistic"],
    shortcut: "alt+shift+h",
    group: GENERAL,
    run: () => navigate("/"),
  }),
  defineCommand({
    id: "shell.back",
    titleKey: "commands:shell.back",
    keywords: ["return", "previous"],
    group: GENERAL,
    run: () => history.back(),
  }),
  defineCommand({
    id: "shell.settings",
    titleKey: "commands:shell.settings",
    keywords: ["preferences", "theme", "colour", "color", "about", "version"],
    shortcut: "mod+comma",
    group: GENERAL,
    when: { test: () => settings.value.showSettings },
    run: () => {
      settingsOpen.value = true;
    },
  }),
  defineCommand({
    // The settings panel's reset button.
    id: "shell.resetSettings",
    titleKey: "commands:shell.resetSettings",
    keywords: ["defaults", "preferences", "theme"],
    group: GENERAL,
    when: { test: () => settings.value.showSettings },
    run: () => resetSettings(),
  }),
  defineCommand({
    id: "shell.language",
    titleKey: "commands:shell.language",
    keywords: ["language", "语言", "idioma", "言語", "english", "中文", "español", "日本語"],
    shortcut: "alt+l",
    group: VIEW,
    when: { auth: "any" },
    run: () => openPalette("shell.language"),
    children: () =>
      LANGUAGES.map((lang) =>
        defineCommand({
          id: `shell.language.${lang}`,
          titleKey: "commands:shell.languageOption",
          titleArgs: { language: LANGUAGE_NAMES[lang] },
          keywords: [lang, LANGUAGE_NAMES[lang], ENGLISH_NAMES[lang]],
          keywordKeys: [`common:languages.${lang}`],
          group: VIEW,
          when: { auth: "any" },
          checked: () => i18n.language === lang,
          run: () => switchLanguage(lang),
        }),
      ),
  }),
  defineCommand({
    id: "shell.size",
    titleKey: "commands:shell.size",
    keywords: ["density", "font", "compact"],
    group: VIEW,
    when: { auth: "any" },
    run: () => openPalette("shell.size"),
    children: () =>
      SIZES.map((s: UiSize) =>
        defineCommand({
          id: `shell.size.${s}`,
          titleKey: "commands:shell.sizeOption",
          titleArgs: { size: { key: `common:sizes.${s}` } },
          group: VIEW,
          when: { auth: "any" },
          checked: () => size.value === s,
          run: () => {
            setSize(s);
            message.success(i18n.t("common:sizeChanged"));
          },
        }),
      ),
  }),
  defineCommand({
    id: "shell.toggleSidebar",
    titleKey: "commands:shell.toggleSidebar",
    keywords: ["menu", "navigation"],
    shortcut: "mod+b",
    group: VIEW,
    when: { layouts: ["main"] },
    run: () => toggleSidebar(),
  }),
  defineCommand({
    id: "shell.toggleHeader",
    titleKey: "commands:shell.toggleHeader",
    shortcut: "alt+h",
    group: VIEW,
    when: { layouts: ["main", "analysis", "fmea"] },
    run: () => {
      headerHidden.value = !headerHidden.value;
    },
  }),
  defineCommand({
    id: "shell.fullScreen",
    titleKey: "commands:shell.fullScreen",
    shortcut: "alt+shift+f",
    group: VIEW,
    when: { auth: "any" },
    run: () => toggleFullScreen(),
  }),
];
