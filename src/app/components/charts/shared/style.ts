// The one look of every chart: font, colours, axes, number format, and a legend that sits in the top margin
// above the frame, never over the data. Chart specs take these instead of writing their own, so a change
// here changes every chart (and every snapshot in tests/app/components/charts/output/).
import * as Plot from "@observablehq/plot";

/** Plot's `style` option: the page's font at 11 px on white (the PNG and SVG exports keep it). */
export const CHART_STYLE = { fontSize: "11px", fontFamily: "system-ui, sans-serif", background: "white" };

export const CHART_COLORS = {
  /** Labels and legend text. */
  text: "#1f2329",
  /** Annotations (the mission time's label). */
  muted: "#606266",
  /** The frame around the data. */
  frame: "#c0c4cc",
  /** Reference lines (zero, the mission time). */
  rule: "#909399",
  /** Legend entries that stand for a kind of mark rather than a series (suspensions, bounds). */
  neutral: "#86909c",
};

/** Series in order: the first is the single series of a one-series chart. */
export const SERIES_COLORS = [
  "#1f77b4",
  "#d62728",
  "#2ca02c",
  "#9467bd",
  "#ff7f0e",
  "#17becf",
  "#8c564b",
  "#e377c2",
];

export const seriesColor = (k: number) => SERIES_COLORS[k % SERIES_COLORS.length];

/** Margins around the frame; the top one grows by the legend's rows (`legendMarks`). */
export const MARGIN = { top: 14, right: 18, bottom: 38, left: 56 };

/**
 * Read-outs and value labels: five significant digits, exponent form outside [1e-3, 1e6), infinities as
 * symbols. Tables show every digit; a chart only has to be read.
 */
export function formatNumber(v: number): string {
  if (Number.isNaN(v)) return "NaN";
  if (!Number.isFinite(v)) return v > 0 ? "∞" : "−∞";
  if (Math.abs(v) >= 1e6 || (v !== 0 && Math.abs(v) < 1e-3)) return v.toExponential(3);
  return `${+v.toPrecision(5)}`;
}

/** A position scale's options: label centred under (or beside) the axis, no arrow, grid lines. */
export function axis<T extends Record<string, unknown>>(label: string | null, options?: T) {
  return { label, labelAnchor: "center" as const, labelArrow: "none" as const, grid: true, ...options };
}

/** A linear value axis laid out here rather than by Plot, so the left margin can be made to fit its labels. */
export interface ValueAxis {
  /** From the first tick to the last: round values at or beyond the data's ends. */
  domain: [number, number];
  ticks: number[];
  tickFormat: (v: number) => string;
  /** Room for the widest tick label, the tick, and the rotated axis label beside them. */
  marginLeft: number;
}

/**
 * Ticks every 1, 2 or 5 times a power of ten, about one per 35 px of `length` (Plot's own spacing), over
 * [lo, hi]. Labels carry the decimals the step needs (0.00022), or exponent form (2.2e-5) where the step is
 * below 1e-4 or a value reaches 1e6. Plot places a centred axis label at the margin's outer edge, so a margin
 * narrower than the widest tick label puts the two on top of each other: the margin here grows to fit.
 */
export function valueAxis(lo: number, hi: number, length: number): ValueAxis {
  if (!(hi > lo)) hi = lo + (lo === 0 ? 1 : Math.abs(lo));
  const raw = (hi - lo) / Math.max(2, Math.round(length / 35));
  const power = 10 ** Math.floor(Math.log10(raw));
  const e = raw / power;
  const step = (e >= Math.sqrt(50) ? 10 : e >= Math.sqrt(10) ? 5 : e >= Math.sqrt(2) ? 2 : 1) * power;
  const first = Math.floor(lo / step + 1e-9);
  const last = Math.ceil(hi / step - 1e-9);
  const ticks: number[] = [];
  for (let k = first; k <= last; k++) ticks.push(+(k * step).toPrecision(12));
  const stepExponent = Math.floor(Math.log10(step) + 1e-9);
  const largest = Math.max(Math.abs(ticks[0]), Math.abs(ticks[ticks.length - 1]));
  const tickFormat =
    step < 1e-4 || largest >= 1e6
      ? (v: number) =>
          v === 0 ? "0" : v.toExponential(Math.max(0, Math.floor(Math.log10(largest)) - stepExponent))
      : (v: number) =>
          v.toLocaleString("en-US", {
            minimumFractionDigits: Math.max(0, -stepExponent),
            maximumFractionDigits: Math.max(0, -stepExponent),
          });
  const widest = Math.max(...ticks.map((v) => textWidth(tickFormat(v))));
  return {
    domain: [ticks[0], ticks[ticks.length - 1]],
    ticks,
    tickFormat,
    marginLeft: Math.max(MARGIN.left, Math.ceil(widest) + 26),
  };
}

/**
 * The right margin that fits an x tick label centred on the frame's right edge: Plot centres a label on its
 * tick, and MARGIN.right is narrower than half of a label such as "10,000".
 */
export function marginRightFor(label: string): number {
  return Math.max(MARGIN.right, Math.ceil(textWidth(label) / 2) + 4);
}

export const frame = () => Plot.frame({ stroke: CHART_COLORS.frame });

export type LegendSymbol = "circle" | "dot" | "square" | "triangle" | "plus" | "line" | "dash";

export interface LegendItem {
  label: string;
  color: string;
  /** circle: open point; dot: filled point; line: a curve; dash: a dashed line (bounds). */
  symbol: LegendSymbol;
}

/** Height of one legend row. */
export const LEGEND_ROW = 15;
const ROW = LEGEND_ROW;
/** Where an entry's symbol is centred and where its label starts, from the entry's left edge. */
const SYMBOL_AT = 8;
const LABEL_AT = 20;
/** Width of text at 11 px in the system font, estimated (Node has no text metrics; generous for digits). */
const textWidth = (s: string) => 6.2 * [...s].length;

/**
 * The legend as marks in the top margin, left-aligned with the frame, wrapping to as many rows as the plot's
 * width needs; `marginTop` is the top margin that makes room for it. Marks are drawn once per plot (facet
 * "super"), so a faceted chart has one legend too.
 */
export function legendMarks(
  items: readonly LegendItem[],
  width: number,
  margin: { left: number; right: number },
): { marks: Plot.Markish[]; marginTop: number } {
  if (items.length === 0) return { marks: [], marginTop: MARGIN.top };
  const room = Math.max(80, width - margin.left - margin.right);
  const placed: Array<LegendItem & { x: number; row: number }> = [];
  let x = 0;
  let row = 0;
  for (const item of items) {
    const w = LABEL_AT + textWidth(item.label);
    if (x > 0 && x + w > room) {
      row++;
      x = 0;
    }
    placed.push({ ...item, x, row });
    x += w + 14;
  }
  const rows = row + 1;
  const marginTop = MARGIN.top + rows * ROW;
  const marks: Plot.Markish[] = [];
  for (const p of placed) {
    // dy from the frame's top edge: rows above it, the last one 10 px clear of the frame.
    const dy = -(rows - p.row) * ROW + 2;
    const at = { frameAnchor: "top-left" as const, dx: p.x + SYMBOL_AT, dy, facet: "super" as const };
    if (p.symbol === "dash" || p.symbol === "line")
      marks.push(
        Plot.text([p.symbol === "dash" ? "– –" : "—"], {
          ...at,
          fill: p.color,
          fontWeight: "bold",
          textAnchor: "middle",
          lineAnchor: "middle",
        }),
      );
    else
      marks.push(
        Plot.dot([0], {
          ...at,
          r: p.symbol === "square" ? 4 : 3.2,
          symbol: p.symbol === "dot" || p.symbol === "circle" ? "circle" : p.symbol,
          stroke: p.color,
          strokeWidth: p.symbol === "circle" ? 1.2 : 1,
          fill: p.symbol === "circle" || p.symbol === "plus" ? "white" : p.color,
        }),
      );
    marks.push(
      Plot.text([p.label], {
        ...at,
        dx: p.x + LABEL_AT,
        textAnchor: "start",
        lineAnchor: "middle",
        fill: CHART_COLORS.text,
      }),
    );
  }
  return { marks, marginTop };
}
