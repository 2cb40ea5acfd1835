// The top bar's route search (spec 2) as an ARIA combobox: type, move with the arrows, Enter opens the
// screen, Escape clears and leaves. "/" focuses it from anywhere (shell.routeSearch).
import { useSignals } from "@preact/signals-react/runtime";
import { useEffect, useId, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { ROUTE_SEARCH_INPUT_ID } from "../commands/shell.ts";
import { permittedFlatRoutes } from "../router/access.ts";
import { navigate } from "../router/navigation.ts";
import { loadPinyin, pinyinReady } from "../search/pinyin.ts";
import { routeSearchDocs, searchRoutes } from "../search/routes.ts";
import { MAIN_REGION_ID } from "../state/overlays.ts";
import { settings } from "../state/settings.ts";
import { Icon } from "./Icon.tsx";

export function RouteSearch() {
  useSignals();
  const { t, i18n } = useTranslation();
  const [query, setQuery] = useState("");
  const [active, setActive] = useState(0);
  const [pinyinLoaded, setPinyinLoaded] = useState(pinyinReady());
  const listId = useId();
  const pinyin = i18n.language === "zh" && settings.value.supportPinyinSearch;
  const flat = permittedFlatRoutes.value;

  useEffect(() => {
    if (pinyin && !pinyinLoaded) loadPinyin().then(() => setPinyinLoaded(true));
  }, [pinyin, pinyinLoaded]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the language changes the titles
  const docs = useMemo(
    () => routeSearchDocs(flat, t, pinyin && pinyinLoaded),
    [flat, t, pinyin, pinyinLoaded, i18n.language],
  );
  const hits = useMemo(() => searchRoutes(docs, query), [docs, query]);
  const open = hits.length > 0;

  const go = (path: string) => {
    setQuery("");
    navigate(path);
    // The search is done: keyboard focus moves on to the screen it opened.
    requestAnimationFrame(() => document.getElementById(MAIN_REGION_ID)?.focus());
  };

  return (
    <div className="route-search">
      <Icon name="search" />
      <input
        id={ROUTE_SEARCH_INPUT_ID}
        type="text"
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open ? `${listId}-${active}` : undefined}
        aria-label={t("common:routeSearch")}
        placeholder={t("common:routeSearch")}
        value={query}
        autoComplete="off"
        onChange={(e) => {
          setQuery(e.target.value);
          setActive(0);
        }}
        onKeyDown={(e) => {
          if (e.key === "ArrowDown" && open) {
            e.preventDefault();
            setActive((active + 1) % hits.length);
          } else if (e.key === "ArrowUp" && open) {
            e.preventDefault();
            setActive((active - 1 + hits.length) % hits.length);
          } else if (e.key === "Enter" && open) {
            e.preventDefault();
            go(hits[active].path);
          } else if (e.key === "Escape") {
            e.preventDefault();
            setQuery("");
            e.currentTarget.blur();
            document.getElementById(MAIN_REGION_ID)?.focus();
          }
        }}
        onBlur={() => setTimeout(() => setQuery(""), 150)}
      />
      {open && (
        <div id={listId} role="listbox" className="route-search-list" aria-label={t("common:routeSearch")}>
          {hits.map((hit, i) => (
            // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox input handles the keyboard
            <div
              key={hit.path}
              id={`${listId}-${i}`}
              role="option"
              tabIndex={-1}
              aria-selected={i === active}
              className={i === active ? "active" : undefined}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => go(hit.path)}
            >
              <span>{hit.title}</span>
              <code>{hit.path}</code>
            </div>
          ))}
        </div>
      )}
    </div>
  );
}
