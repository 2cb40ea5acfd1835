// The route search of the top bar (spec 2): permitted routes by title, path and, in Chinese with
// supportPinyinSearch on, by pinyin. Fuzzy threshold 0.4.
import type { TFunction } from "i18next";
import type { FlatRoute } from "../router/match.ts";
import { hasParameters } from "../router/match.ts";
import { fuzzySearch, type SearchDoc } from "./fuzzy.ts";
import { pinyinFields } from "./pinyin.ts";

export interface RouteHit {
  path: string;
  /** "Life Data › Degradation" */
  title: string;
}

export function routeSearchDocs(
  flat: readonly FlatRoute[],
  t: TFunction,
  pinyin: boolean,
): SearchDoc<RouteHit>[] {
  const docs: SearchDoc<RouteHit>[] = [];
  for (const { route, chain } of flat) {
    if (!route.screen || route.public || !route.meta || route.meta.noCommand || hasParameters(route.path))
      continue;
    const titles = chain.filter((r) => r.meta?.title).map((r) => t(`routes:${r.meta?.title}`));
    const title = titles.join(" › ");
    const own = titles.at(-1) ?? title;
    const fields = [own, title, route.path, ...(route.meta.keywords ?? [])];
    if (pinyin) fields.push(...pinyinFields(own));
    docs.push({ item: { path: route.path, title }, fields });
  }
  return docs;
}

export function searchRoutes(docs: readonly SearchDoc<RouteHit>[], query: string, limit = 12): RouteHit[] {
  if (!query.trim()) return [];
  return fuzzySearch(docs, query)
    .slice(0, limit)
    .map((h) => h.item);
}
