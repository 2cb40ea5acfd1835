// Multi-plot rules (spec 5 and 8): at least two data sets, all analysed, names non-empty and unique, one
// distribution across them, and no second multi-plot of the same data sets. Saved multi-plots live in the browser, per user.
import { readStored, writeStored } from "../../state/storage.ts";

export interface MultiPlotDef {
  name: string;
  ids: number[];
  /** Legend name of each data set, by id. */
  labels: Record<number, string>;
}

export interface MultiCandidate {
  id: number;
  label: string;
  distribution: string | undefined;
  hasResults: boolean;
}

/** A stored data set as the list answers it (the summary the server keeps beside the body). */
export interface StoredSetSummary {
  id: number;
  name: string;
  summary: unknown;
}

export interface MultiPlotList {
  /** Every stored set, analysed ones first, each in the list's order. */
  candidates: MultiCandidate[];
  /** Picked sets that have no stored results: they cannot be drawn until fitted and saved. */
  needFit: MultiCandidate[];
}

/**
 * The sets the dialog offers: all of them, so a set picked in the data-set list is never dropped silently
 * (spec 5 draws analysed sets only; the dialog says which picked ones are not analysed and offers to fit them).
 * Picked ids that are no longer stored are left out.
 */
export function multiPlotList(items: readonly StoredSetSummary[], picked: readonly number[]): MultiPlotList {
  const all = items.map((m): MultiCandidate => {
    const summary = (m.summary ?? {}) as { distribution?: string; hasResults?: boolean };
    return { id: m.id, label: m.name, distribution: summary.distribution, hasResults: !!summary.hasResults };
  });
  const candidates = [...all.filter((c) => c.hasResults), ...all.filter((c) => !c.hasResults)];
  return { candidates, needFit: candidates.filter((c) => !c.hasResults && picked.includes(c.id)) };
}

/** The first broken rule as an i18next key, or null. */
export function multiPlotProblem(
  picked: MultiCandidate[],
  saved: MultiPlotDef[],
  editing?: string,
): string | null {
  if (picked.length < 2) return "messages:multiPlotNeedsTwo";
  if (picked.some((p) => !p.hasResults)) return "life:multi.notAnalysed";
  if (picked.some((p) => p.label.trim() === "")) return "messages:nameRequired";
  const names = picked.map((p) => p.label.trim().toLowerCase());
  if (new Set(names).size !== names.length) return "life:multi.namesUnique";
  if (new Set(picked.map((p) => p.distribution)).size > 1) return "messages:oneDistribution";
  const key = [...picked.map((p) => p.id)].sort((a, b) => a - b).join(",");
  if (saved.some((d) => d.name !== editing && [...d.ids].sort((a, b) => a - b).join(",") === key))
    return "messages:multiPlotDuplicated";
  return null;
}

/** "Select all" is refused when the data sets do not share one distribution. */
export function selectAllProblem(candidates: MultiCandidate[]): string | null {
  const analysed = candidates.filter((c) => c.hasResults);
  return new Set(analysed.map((c) => c.distribution)).size > 1 ? "messages:differentDistributions" : null;
}

const key = (userId: string | undefined) => `life.multiPlots.${userId ?? "anonymous"}`;

export function savedMultiPlots(userId: string | undefined): MultiPlotDef[] {
  const list = readStored<unknown>(key(userId), []);
  return Array.isArray(list) ? (list as MultiPlotDef[]).filter((d) => d && Array.isArray(d.ids)) : [];
}

export function saveMultiPlot(userId: string | undefined, def: MultiPlotDef): void {
  writeStored(key(userId), [...savedMultiPlots(userId).filter((d) => d.name !== def.name), def]);
}

export function removeMultiPlot(userId: string | undefined, name: string): void {
  writeStored(
    key(userId),
    savedMultiPlots(userId).filter((d) => d.name !== name),
  );
}
