// The saveable charts on screen (every PlotFigure given a file name), for the plot.savePng and plot.saveSvg
// commands: they save the chart last pointed at or focused, else the one shown last. A figure hidden in a
// kept tab leaves the list (its effect clean-up runs), so the palette never saves a chart out of sight.
import { signal } from "@preact/signals-react";

export interface SaveableFigure {
  savePng(): Promise<void> | void;
  saveSvg(): void;
}

const shown = signal<readonly SaveableFigure[]>([]);

/** Adds a figure; returns its removal. */
export function showFigure(figure: SaveableFigure): () => void {
  shown.value = [...shown.value, figure];
  return () => {
    shown.value = shown.value.filter((f) => f !== figure);
  };
}

/** Makes a figure the commands' target (moved to the end of the list). */
export function touchFigure(figure: SaveableFigure): void {
  if (shown.value.at(-1) === figure || !shown.value.includes(figure)) return;
  shown.value = [...shown.value.filter((f) => f !== figure), figure];
}

export function currentFigure(): SaveableFigure | null {
  return shown.value.at(-1) ?? null;
}
