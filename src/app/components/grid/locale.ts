// AG Grid's own texts (loading, no rows, filter words) in the interface language; English is built in, the
// others load with the first grid that needs them.
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";

type LocaleText = Record<string, string>;
const loaded = new Map<string, LocaleText>();

async function loadLocale(language: string): Promise<LocaleText | undefined> {
  if (language === "en") return undefined;
  const cached = loaded.get(language);
  if (cached) return cached;
  const all = await import("@ag-grid-community/locale");
  const text = { zh: all.AG_GRID_LOCALE_CN, es: all.AG_GRID_LOCALE_ES, ja: all.AG_GRID_LOCALE_JP }[language];
  if (text) loaded.set(language, text);
  return text;
}

/** The locale text for the current language: undefined (English) until another language has loaded. */
export function useGridLocale(): LocaleText | undefined {
  const { i18n } = useTranslation();
  const language = i18n.language?.split("-")[0] ?? "en";
  const [text, setText] = useState<LocaleText | undefined>(() => loaded.get(language));
  useEffect(() => {
    let live = true;
    loadLocale(language).then((t) => live && setText(t));
    return () => {
      live = false;
    };
  }, [language]);
  return text;
}
