// Action priority (AIAG & VDA FMEA Handbook, 1st ed. 2019, table of action priority for DFMEA and PFMEA; the
// same table is in SAE J1739:2021). One table, shared by both variants, kept as data: the handbook lets a
// company or customer replace it, and a table is checked cell by cell where code would hide a branch.
// AP is a priority for action, not a risk rank: it is never compared numerically here.

export type ActionPriority = "H" | "M" | "L";

/** Band edges (inclusive lower bounds, highest band first), as the handbook groups the ratings. */
export const S_BANDS = [9, 7, 4, 2, 1] as const; // 9-10, 7-8, 4-6, 2-3, 1
export const O_BANDS = [8, 6, 4, 2, 1] as const; // 8-10, 6-7, 4-5, 2-3, 1
export const D_BANDS = [7, 5, 2, 1] as const; // 7-10, 5-6, 2-4, 1

/**
 * AP_TABLE[s][o] is four letters for D 7-10, 5-6, 2-4, 1, with s and o the band indexes of S_BANDS and
 * O_BANDS (0 is the highest band).
 */
export const AP_TABLE: readonly (readonly string[])[] = [
  // O:  8-10    6-7     4-5     2-3     1
  ["HHHH", "HHHH", "HHHM", "HMLL", "LLLL"], // S 9-10
  ["HHHH", "HHHM", "HMMM", "MMLL", "LLLL"], // S 7-8
  ["HHMM", "MMML", "MLLL", "LLLL", "LLLL"], // S 4-6
  ["MMLL", "LLLL", "LLLL", "LLLL", "LLLL"], // S 2-3
  ["LLLL", "LLLL", "LLLL", "LLLL", "LLLL"], // S 1
];

function band(edges: readonly number[], rating: number): number {
  return edges.findIndex((edge) => rating >= edge);
}

export function isRating(value: unknown): value is number {
  return typeof value === "number" && Number.isInteger(value) && value >= 1 && value <= 10;
}

/** The action priority of S, O, D (each 1 to 10), or null while any of them is missing or out of range. */
export function actionPriority(s: unknown, o: unknown, d: unknown): ActionPriority | null {
  if (!isRating(s) || !isRating(o) || !isRating(d)) return null;
  return AP_TABLE[band(S_BANDS, s)][band(O_BANDS, o)][band(D_BANDS, d)] as ActionPriority;
}

/** Legacy risk priority number of the AIAG 4th edition: S x O x D (1 to 1000), or null. */
export function riskPriorityNumber(s: unknown, o: unknown, d: unknown): number | null {
  if (!isRating(s) || !isRating(o) || !isRating(d)) return null;
  return s * o * d;
}
