// The grids' look through AG Grid's Theming API (no legacy CSS classes, no --ag-* variables): Quartz sized
// for the UI size of spec 9 (mini by default) and tinted with the theme colour from the settings panel.
import { themeQuartz } from "ag-grid-community";
import type { UiSize } from "../../config.ts";

const METRICS: Record<
  UiSize,
  { fontSize: number; rowHeight: number; headerHeight: number; spacing: number }
> = {
  mini: { fontSize: 12, rowHeight: 24, headerHeight: 26, spacing: 3 },
  small: { fontSize: 13, rowHeight: 28, headerHeight: 30, spacing: 4 },
  default: { fontSize: 14, rowHeight: 32, headerHeight: 34, spacing: 5 },
};

const cache = new Map<string, ReturnType<typeof themeQuartz.withParams>>();

export function gridTheme(size: UiSize, accent: string) {
  const key = `${size}|${accent}`;
  let theme = cache.get(key);
  if (!theme) {
    const m = METRICS[size] ?? METRICS.mini;
    theme = themeQuartz.withParams({
      ...m,
      accentColor: accent,
      fontFamily: "inherit",
      headerFontSize: m.fontSize,
      headerFontWeight: 600,
      borderRadius: 2,
      wrapperBorderRadius: 3,
      browserColorScheme: "light",
      headerBackgroundColor: "#f7f8fa",
      cellHorizontalPaddingScale: 0.7,
    });
    cache.set(key, theme);
  }
  return theme;
}

export function gridRowHeight(size: UiSize): number {
  return (METRICS[size] ?? METRICS.mini).rowHeight;
}
