// The rows of /fmeaProject/index: the design and process FMEAs of the chosen project (or all) in one list,
// grouped by project (by name; FMEAs without a project last), the most recently changed first within each.
import type { FmeaVariant } from "../../../shared/fmea/model.ts";
import type { AnalysisMeta } from "../../../shared/schemas/analyses.ts";

export type FmeaProjectRow = AnalysisMeta & { variant: FmeaVariant };

export function fmeaProjectRows(
  design: readonly AnalysisMeta[],
  process: readonly AnalysisMeta[],
): FmeaProjectRow[] {
  const rows: FmeaProjectRow[] = [
    ...design.map((d) => ({ ...d, variant: "design" as const })),
    ...process.map((d) => ({ ...d, variant: "process" as const })),
  ];
  return rows.sort((a, b) => {
    if ((a.projectName === null) !== (b.projectName === null)) return a.projectName === null ? 1 : -1;
    const byProject = (a.projectName ?? "").localeCompare(b.projectName ?? "");
    if (byProject !== 0) return byProject;
    return b.updatedAt.localeCompare(a.updatedAt) || a.variant.localeCompare(b.variant) || b.id - a.id;
  });
}
