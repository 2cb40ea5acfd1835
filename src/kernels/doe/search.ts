// Component search and variable search (Shainin; Bhote & Bhote, World Class Quality, 2nd ed. 2000, ch. 8
// and 10). Stage 1: three readings of the best (BOB) and the worst (WOW) unit, or of every factor at its best
// and at its worst levels; BOB must beat WOW in every reading and D / d-bar reach the ratio (Bhote: 5 in later
// editions, 1.25 in earlier ones, so it is a setting). Decision limits median +- t(0.975, 4) d-bar / d2*, d2* =
// 1.81 for two subgroups of three (Duncan, Quality Control and Industrial Statistics, table M). Stage 2: each
// swap (a component, or one factor at the other level) is read in both units and judged against the limits:
// both within their own limits, unimportant; a complete reversal, the Red X; anything else, important with
// interactions (Pink X). The capping run swaps every important one together.
import { checkSample, fail, mathCore, median } from "../stats/common.ts";

/** Duncan's d2* for two subgroups of size three. */
export const D2_STAR_2x3 = 1.81;

export interface SwapReading {
  name: string;
  /** The BOB unit (or all-best levels) with this component (factor) taken from WOW. */
  bob: number;
  /** The WOW unit (or all-worst levels) with this component taken from BOB. */
  wow: number;
}

export interface SearchInput {
  /** Three readings each. */
  bob: ArrayLike<number>;
  wow: ArrayLike<number>;
  better?: "higher" | "lower";
  /** D / d-bar needed to go on, default 5. */
  ratio?: number;
  swaps?: SwapReading[];
  /** Capping run: every important swap at once. */
  capping?: { bob: number; wow: number };
}

export type SwapVerdict = "unimportant" | "redX" | "pinkX";

export interface SearchResult {
  bobMedian: number;
  wowMedian: number;
  bobRange: number;
  wowRange: number;
  /** |median BOB - median WOW|. */
  d: number;
  /** The mean of the two ranges. */
  dBar: number;
  ratio: number;
  ratioNeeded: number;
  /** Every BOB reading better than every WOW reading. */
  separated: boolean;
  /** Stage 1 passed: separated and ratio >= needed. */
  proceed: boolean;
  tValue: number;
  bobLimits: [number, number];
  wowLimits: [number, number];
  swaps: (SwapReading & {
    verdict: SwapVerdict;
    bobInside: "bob" | "wow" | "between";
    wowInside: "bob" | "wow" | "between";
  })[];
  capping: { confirmed: boolean } | null;
  /** Names of the important swaps (Red X first), for the factorial that follows. */
  suspects: string[];
}

export async function swapSearch(input: SearchInput): Promise<SearchResult> {
  const bob = checkSample(input.bob, "BOB", 3);
  const wow = checkSample(input.wow, "WOW", 3);
  if (bob.length !== 3 || wow.length !== 3) fail("doe.readings");
  const ratioNeeded = input.ratio ?? 5;
  if (!(ratioNeeded > 0 && Number.isFinite(ratioNeeded))) fail("doe.positive", { name: "ratio" }, ["ratio"]);
  const sign = input.better === "lower" ? -1 : 1;
  const bobMedian = median(bob);
  const wowMedian = median(wow);
  const range = (x: Float64Array) => Math.max(...x) - Math.min(...x);
  const bobRange = range(bob);
  const wowRange = range(wow);
  const d = Math.abs(bobMedian - wowMedian);
  const dBar = (bobRange + wowRange) / 2;
  const separated = Math.min(...bob.map((v) => sign * v)) > Math.max(...wow.map((v) => sign * v));
  const ratio = dBar > 0 ? d / dBar : Number.POSITIVE_INFINITY;
  const m = await mathCore();
  const tValue = m.studentTQuantile(0.975, 2 * (3 - 1));
  const half = (tValue * dBar) / D2_STAR_2x3;
  const bobLimits: [number, number] = [bobMedian - half, bobMedian + half];
  const wowLimits: [number, number] = [wowMedian - half, wowMedian + half];
  const where = (v: number): "bob" | "wow" | "between" =>
    v >= bobLimits[0] && v <= bobLimits[1]
      ? "bob"
      : v >= wowLimits[0] && v <= wowLimits[1]
        ? "wow"
        : "between";
  const swaps = (input.swaps ?? []).map((s, i) => {
    if (!Number.isFinite(s.bob) || !Number.isFinite(s.wow))
      fail("doe.notNumber", { name: s.name, row: i + 1 }, ["swaps", i + 1]);
    const bobInside = where(s.bob);
    const wowInside = where(s.wow);
    const verdict: SwapVerdict =
      bobInside === "bob" && wowInside === "wow"
        ? "unimportant"
        : bobInside === "wow" && wowInside === "bob"
          ? "redX"
          : "pinkX";
    return { ...s, verdict, bobInside, wowInside };
  });
  const suspects = [
    ...swaps.filter((s) => s.verdict === "redX"),
    ...swaps.filter((s) => s.verdict === "pinkX"),
  ].map((s) => s.name);
  const capping = input.capping
    ? { confirmed: where(input.capping.bob) === "wow" && where(input.capping.wow) === "bob" }
    : null;
  return {
    bobMedian,
    wowMedian,
    bobRange,
    wowRange,
    d,
    dBar,
    ratio,
    ratioNeeded,
    separated,
    proceed: separated && ratio >= ratioNeeded,
    tValue,
    bobLimits,
    wowLimits,
    swaps,
    capping,
    suspects,
  };
}
