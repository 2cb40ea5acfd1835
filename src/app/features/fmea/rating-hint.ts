// Rating hints (issue 18): while an S, O or D cell of the risk table has focus, the criteria of the rating in it
// from the FMEA's configuration (its scales, settings.ts), so the team rates against the scale the
// configuration holds, not from memory. Pure; RatingHint.tsx shows it under the form.
import type { FmeaSettings } from "../../../shared/fmea/config.ts";
import type { ScaleKey } from "./config-form.ts";

/** The scale a form column is rated on: S (also the PFMEA's three severity columns and the re-rating), O, D. */
export function scaleOfColumn(key: string): ScaleKey | null {
  if (key === "severity" || key === "newSeverity" || /^severity(Plant|ShipTo|EndUser)$/.test(key))
    return "severity";
  if (key === "occurrence" || key === "newOccurrence") return "occurrence";
  if (key === "detection" || key === "newDetection") return "detection";
  return null;
}

export type RatingHintData =
  | { scale: ScaleKey; rating: number; criteria: string }
  /** No rating 1 to 10 in the cell: the scale's two ends. */
  | { scale: ScaleKey; rating: null; top: string; bottom: string };

/** The hint for a cell of column `key` holding `text`, or null for a column that is not rated. */
export function ratingHint(settings: FmeaSettings, key: string, text: string): RatingHintData | null {
  const scale = scaleOfColumn(key);
  if (!scale) return null;
  const rows = settings[scale];
  const typed = text.trim();
  const rating = /^\d{1,2}$/.test(typed) ? Number(typed) : Number.NaN;
  const row = rows.find((r) => r.rating === rating);
  if (row) return { scale, rating: row.rating, criteria: row.criteria };
  return {
    scale,
    rating: null,
    top: rows.find((r) => r.rating === 10)?.criteria ?? "",
    bottom: rows.find((r) => r.rating === 1)?.criteria ?? "",
  };
}
