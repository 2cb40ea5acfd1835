// i18next with one JSON file per language and namespace under locales/, loaded on demand.
import i18n from "i18next";
import resourcesToBackend from "i18next-resources-to-backend";
import { initReactI18next } from "react-i18next";

export const LANGUAGES = ["en", "zh", "es", "ja"] as const;
export type Language = (typeof LANGUAGES)[number];

export function initI18n(language: Language): Promise<unknown> {
  return i18n
    .use(resourcesToBackend((lng: string, ns: string) => import(`../../locales/${lng}/${ns}.json`)))
    .use(initReactI18next)
    .init({
      lng: language,
      fallbackLng: "en",
      supportedLngs: [...LANGUAGES],
      ns: ["common"],
      defaultNS: "common",
      interpolation: { escapeValue: false },
    });
}

export { i18n };
