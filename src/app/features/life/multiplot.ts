// Multi-plot rules (spec 5 and 8): at least two data sets, names non-empty and unique, one distribution
// across them, and no second multi-plot of the same data sets. Saved multi-plots live in the browser, per user.
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

/** The first broken rule as an i18next key, or null. */
export function multiPlotProblem(
  picked: MultiCandidate[],
  saved: MultiPlotDef[],
  editing?: string,
): string | null {
  if (picked.length < 2) return "messages:multiPlotNeedsTwo";
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
  return new Set(candidates.map((c) => c.distribution)).size > 1 ? "messages:differentDistributions" : null;
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
