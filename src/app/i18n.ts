// i18next with one JSON file per language and namespace under locales/, loaded on demand: only the
// language in use is fetched, and a screen's namespace arrives with the screen.
import i18n from "i18next";
import resourcesToBackend from "i18next-resources-to-backend";
import { initReactI18next } from "react-i18next";
import { withLimits } from "../shared/messages.ts";
import { readStored, writeStored } from "./state/storage.ts";

export const LANGUAGES = ["en", "zh", "es", "ja"] as const;
export type Language = (typeof LANGUAGES)[number];

/** Each language's name in itself, for the language switch. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: "English",
  zh: "中文",
  es: "Español",
  ja: "日本語",
};

/** Loaded before the first render: what the shell itself shows. */
export const SHELL_NAMESPACES = ["common", "routes", "commands", "messages", "account"] as const;
/** Loaded with the screens that use them. */
export const SCREEN_NAMESPACES = ["work", "admin", "help"] as const;

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}

/** "zh-CN" → zh, "es-419" → es; undefined when none of ours. */
export function languageFromTag(tag: string | undefined): Language | undefined {
  const base = tag?.toLowerCase().split(/[-_]/)[0];
  return isLanguage(base) ? base : undefined;
}

/** Spec 1: the saved setting, else the browser language, else English. */
export function detectLanguage(
  saved: unknown = readStored<unknown>("language", undefined),
  browser: readonly string[] = typeof navigator === "undefined" ? [] : navigator.languages,
): Language {
  if (isLanguage(saved)) return saved;
  for (const tag of browser) {
    const lang = languageFromTag(tag);
    if (lang) return lang;
  }
  return "en";
}

export function saveLanguage(language: Language): void {
  writeStored("language", language);
}

export function initI18n(language: Language = detectLanguage()): Promise<unknown> {
  return i18n
    .use(
      resourcesToBackend(async (lng: string, ns: string) => {
        const resource = await import(`../../locales/${lng}/${ns}.json`);
        // Range messages state their limits as {{min}}-{{max}}; the numbers come from LIMITS, in this language.
        return ns === "messages" ? withLimits(resource.default ?? resource, lng) : resource;
      }),
    )
    .use(initReactI18next)
    .init({
      lng: language,
      fallbackLng: "en",
      supportedLngs: [...LANGUAGES],
      ns: [...SHELL_NAMESPACES],
      defaultNS: "common",
      interpolation: { escapeValue: false },
      returnNull: false,
    });
}

export { i18n };
