// The exploring tools: Pareto (Juran's vital few: categories by count, cumulative percent, the ones up to the
// 80 % line) and the multi-vari study (Seder 1950, "Diagnosis with diagrams", Industrial Quality Control 6;
// Bhote & Bhote ch. 7): families of variation within piece, piece to piece and time to time, each the range
// of the relevant readings or means, the largest the Red X family; for balanced data also the nested ANOVA
// variance components (Montgomery, Design and Analysis of Experiments, ch. 14).
import { fail, mathCore } from "../stats/common.ts";

export interface ParetoRow {
  category: string;
  count: number;
  percent: number;
  cumulative: number;
  /** Within the first 80 % (the category that crosses 80 % included). */
  vital: boolean;
}

export function pareto(categories: string[], counts: ArrayLike<number>): ParetoRow[] {
  if (categories.length !== counts.length) fail("doe.columnLength", { name: "counts" });
  const merged = new Map<string, number>();
  categories.forEach((c, i) => {
    const v = counts[i];
    if (!(Number.isFinite(v) && v >= 0))
      fail("doe.notNumber", { name: "counts", row: i + 1 }, ["counts", i + 1]);
    merged.set(c, (merged.get(c) ?? 0) + v);
  });
  const total = [...merged.values()].reduce((a, b) => a + b, 0);
  if (!(total > 0)) fail("doe.constant", { name: "counts" });
  const rows = [...merged].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  let cumulative = 0;
  return rows.map(([category, count]) => {
    const before = cumulative;
    cumulative += count;
    return {
      category,
      count,
      percent: (100 * count) / total,
      cumulative: (100 * cumulative) / total,
      vital: (100 * before) / total < 80,
    };
  });
}

export interface MultiVariInput {
  /** Per reading: its time period, its piece within the period, its value (positions within a piece). */
  time: ArrayLike<number | string>;
  piece: ArrayLike<number | string>;
  value: ArrayLike<number>;
}

export interface MultiVariResult {
  /** Largest range of the readings within one piece. */
  withinPiece: number;
  /** Largest range of the piece means within one period. */
  pieceToPiece: number;
  /** Range of the period means. */
  timeToTime: number;
  redX: "withinPiece" | "pieceToPiece" | "timeToTime";
  groups: { time: string; pieces: { piece: string; values: number[]; mean: number }[]; mean: number }[];
  /** Balanced data only: nested ANOVA (time, piece within time, within piece) and variance components. */
  components: {
    anova: { source: string; df: number; ss: number; ms: number; f: number | null; p: number | null }[];
    variance: { time: number; piece: number; within: number };
  } | null;
}

export async function multiVari(input: MultiVariInput): Promise<MultiVariResult> {
  const n = input.value.length;
  if (input.time.length !== n || input.piece.length !== n) fail("doe.columnLength", { name: "value" });
  const groups: MultiVariResult["groups"] = [];
  const byTime = new Map<string, Map<string, number[]>>();
  for (let r = 0; r < n; r++) {
    const v = input.value[r];
    if (!Number.isFinite(v)) fail("doe.notNumber", { name: "value", row: r + 1 }, ["value", r + 1]);
    const t = String(input.time[r]);
    const p = String(input.piece[r]);
    const pieces = byTime.get(t) ?? new Map<string, number[]>();
    byTime.set(t, pieces);
    const values = pieces.get(p) ?? [];
    values.push(v);
    pieces.set(p, values);
  }
  const avg = (x: number[]) => x.reduce((a, b) => a + b, 0) / x.length;
  const spread = (x: number[]) => Math.max(...x) - Math.min(...x);
  for (const [time, pieces] of byTime) {
    const list = [...pieces].map(([piece, values]) => ({ piece, values, mean: avg(values) }));
    groups.push({ time, pieces: list, mean: avg(list.flatMap((p) => p.values)) });
  }
  if (
    groups.length < 2 ||
    groups.some((g) => g.pieces.length < 2) ||
    groups.some((g) => g.pieces.some((p) => p.values.length < 2))
  )
    fail("doe.multiVariShape");
  const withinPiece = Math.max(...groups.flatMap((g) => g.pieces.map((p) => spread(p.values))));
  const pieceToPiece = Math.max(...groups.map((g) => spread(g.pieces.map((p) => p.mean))));
  const timeToTime = spread(groups.map((g) => g.mean));
  const families = { withinPiece, pieceToPiece, timeToTime };
  const redX = (Object.keys(families) as (keyof typeof families)[]).reduce((a, b) =>
    families[b] > families[a] ? b : a,
  );
  const a = groups.length;
  const b = groups[0].pieces.length;
  const k = groups[0].pieces[0].values.length;
  const balanced = groups.every((g) => g.pieces.length === b && g.pieces.every((p) => p.values.length === k));
  let components: MultiVariResult["components"] = null;
  if (balanced) {
    const grand = avg(groups.map((g) => g.mean));
    let ssT = 0;
    let ssP = 0;
    let ssW = 0;
    for (const g of groups) {
      ssT += b * k * (g.mean - grand) ** 2;
      for (const p of g.pieces) {
        ssP += k * (p.mean - g.mean) ** 2;
        for (const v of p.values) ssW += (v - p.mean) ** 2;
      }
    }
    const dfT = a - 1;
    const dfP = a * (b - 1);
    const dfW = a * b * (k - 1);
    const msT = ssT / dfT;
    const msP = ssP / dfP;
    const msW = ssW / dfW;
    const m = await mathCore();
    // Time is tested against pieces within time, pieces against the readings (random nested factors).
    components = {
      anova: [
        { source: "Time", df: dfT, ss: ssT, ms: msT, f: msT / msP, p: m.fSf(msT / msP, dfT, dfP) },
        { source: "Piece(Time)", df: dfP, ss: ssP, ms: msP, f: msP / msW, p: m.fSf(msP / msW, dfP, dfW) },
        { source: "Within piece", df: dfW, ss: ssW, ms: msW, f: null, p: null },
      ],
      variance: {
        time: Math.max(0, (msT - msP) / (b * k)),
        piece: Math.max(0, (msP - msW) / k),
        within: msW,
      },
    };
  }
  return { withinPiece, pieceToPiece, timeToTime, redX, groups, components };
}
