// The life-data list (/lifeData/life): every /api/wb document the user may see, across projects and analysis
// kinds, as rows that search and sort on the page (the server answers every visible document; a few hundred
// rows sort in well under a frame). Pure functions, tested without a browser.
import type { AnalysisMeta } from "../../../shared/schemas/analyses.ts";
import { LIFE_KIND_PATHS, type LifeKind, lifeDocumentPath } from "../../routes.ts";

export const LIFE_LIST_SORT_KEYS = ["name", "kind", "project", "rows", "updated"] as const;
export type LifeListSortKey = (typeof LIFE_LIST_SORT_KEYS)[number];

export interface LifeListRow {
  id: number;
  name: string;
  /** summary.kind; a document stored before kinds existed is Weibull. */
  kind: LifeKind | string;
  projectName: string;
  /** Data rows (a kind whose summary has none: NaN, sorted last). */
  rows: number;
  updatedAt: string;
  /** Its own analysis page with ?wbId=. */
  path: string;
}

export function lifeListRow(meta: AnalysisMeta): LifeListRow {
  const kind = typeof meta.summary.kind === "string" ? meta.summary.kind : "weibull";
  const rows = meta.summary.rows;
  return {
    id: meta.id,
    name: meta.name,
    kind,
    projectName: meta.projectName ?? "",
    rows: typeof rows === "number" ? rows : Number.NaN,
    updatedAt: meta.updatedAt,
    path: lifeDocumentPath(kind, meta.id),
  };
}

/** The kinds the list can open in their own page (others open as Weibull). */
export const LIFE_LIST_KINDS = Object.keys(LIFE_KIND_PATHS) as LifeKind[];

/**
 * Rows whose name, project or kind (as shown, `kindLabel`) hold every word of the query, any case and order.
 */
export function filterLifeRows(
  rows: readonly LifeListRow[],
  query: string,
  kindLabel: (kind: string) => string = (k) => k,
): LifeListRow[] {
  const words = query.trim().toLocaleLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...rows];
  return rows.filter((r) => {
    const text = `${r.name}\n${r.projectName}\n${kindLabel(r.kind)}\n${r.kind}`.toLocaleLowerCase();
    return words.every((w) => text.includes(w));
  });
}

/**
 * Sorted by one column; ties by name, then id, so the order is stable across reloads. Text by the language's
 * collation, rows numerically (none last either way), updated by time.
 */
export function sortLifeRows(
  rows: readonly LifeListRow[],
  key: LifeListSortKey,
  descending: boolean,
  collator: Intl.Collator = new Intl.Collator(undefined, { numeric: true, sensitivity: "base" }),
  kindLabel: (kind: string) => string = (k) => k,
): LifeListRow[] {
  const sign = descending ? -1 : 1;
  const byName = (a: LifeListRow, b: LifeListRow) => collator.compare(a.name, b.name) || a.id - b.id;
  const primary = (a: LifeListRow, b: LifeListRow): number => {
    switch (key) {
      case "name":
        return collator.compare(a.name, b.name);
      case "kind":
        return collator.compare(kindLabel(a.kind), kindLabel(b.kind));
      case "project":
        // Documents outside any project last, whichever way.
        if (!a.projectName !== !b.projectName) return a.projectName ? -sign : sign;
        return collator.compare(a.projectName, b.projectName);
      case "rows":
        if (Number.isNaN(a.rows) !== Number.isNaN(b.rows)) return Number.isNaN(a.rows) ? sign : -sign;
        return Number.isNaN(a.rows) ? 0 : a.rows - b.rows;
      case "updated":
        return Date.parse(a.updatedAt) - Date.parse(b.updatedAt);
    }
  };
  return [...rows].sort((a, b) => sign * primary(a, b) || byName(a, b));
}
