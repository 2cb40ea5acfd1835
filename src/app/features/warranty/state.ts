// The warranty screen's state, kept across visits: the Nevada sheet (a SheetStore with its own undo; a new store
// when the number of return columns changes), the settings, the future sales, the last outcome and the stored
// document it came from.
import { signal } from "@preact/signals-react";
import type { WarrantyResult } from "../../../kernels/warranty/model.ts";
import type { Problem } from "../../../shared/problem.ts";
import { inclusiveOf, type WarrantyBody, type WarrantySettings } from "../../../shared/schemas/warranty.ts";
import { type SheetData, SheetStore } from "../../components/spreadsheet/store.ts";
import { chartOfSheet, EXAMPLE, nevadaSchema, resizeSheet, type SheetChart, sheetOfChart } from "./sheet.ts";

export const DEFAULT_SETTINGS: WarrantySettings = {
  isNevada: true,
  isNonNevada: false,
  convention: "exact-age",
  periodUnit: "months",
  start: "2010-06",
  numberOfPeriods: 3,
  increment: 1,
  roundingType: "round",
  distribution: "weibull2p",
  method: "mle",
  confidence: 95,
  forecastPeriods: 3,
};

export type WarrantyOutcome = { ok: true; value: WarrantyResult } | { ok: false; problems: Problem[] };

export class WarrantyState {
  readonly store = signal<SheetStore>(this.newStore(sheetOfChart(EXAMPLE, 3), 3));
  readonly settings = signal<WarrantySettings>(DEFAULT_SETTINGS);
  readonly futureSales = signal<number[]>([]);
  readonly outcome = signal<WarrantyOutcome | null>(null);
  /** The sheet, settings or future sales changed since the outcome was computed. */
  readonly stale = signal(false);
  readonly running = signal(false);
  readonly stored = signal<{ id: number; version: number; name: string } | null>(null);
  readonly name = signal("");
  readonly revision = signal(0);
  readonly dirty = signal(false);

  private newStore(data: SheetData, columns: number): SheetStore {
    const store = new SheetStore(nevadaSchema(columns), data);
    store.subscribe(() => this.changed());
    return store;
  }

  private changed(): void {
    this.revision.value++;
    this.dirty.value = true;
    if (this.outcome.value) this.stale.value = true;
  }

  setSettings(patch: Partial<WarrantySettings>): void {
    const before = this.settings.value;
    const next = { ...before, ...patch };
    this.settings.value = next;
    if (next.numberOfPeriods !== before.numberOfPeriods)
      this.store.value = this.newStore(
        resizeSheet(this.store.value.snapshot(), next.numberOfPeriods),
        next.numberOfPeriods,
      );
    this.changed();
  }

  setFutureSales(values: number[]): void {
    this.futureSales.value = values;
    this.changed();
  }

  chart(): SheetChart {
    return chartOfSheet(this.store.value.snapshot(), this.settings.value.numberOfPeriods);
  }

  /** Replaces the whole chart (import, a draft, a stored document): a fresh sheet, one undo step when the columns stay. */
  load(chart: SheetChart, settings: WarrantySettings, futureSales: number[], label = "replace"): void {
    const columns = settings.numberOfPeriods;
    this.settings.value = settings;
    this.futureSales.value = futureSales;
    if (this.store.value.columns.length === columns + 2)
      this.store.value.replace(sheetOfChart(chart, columns), label);
    else this.store.value = this.newStore(sheetOfChart(chart, columns), columns);
    this.changed();
  }

  body(result: WarrantyResult | null): WarrantyBody {
    const chart = this.chart();
    return {
      kind: "warranty",
      name: this.name.value || undefined,
      periods: chart.labels,
      sales: chart.sales.map((s) => (Number.isFinite(s) ? s : 0)),
      returns: chart.returns,
      futureSales: this.futureSales.value,
      settings: this.settings.value,
      results: result
        ? { parameters: result.fit.parameters, forecastTotal: result.forecastTotal.expected }
        : null,
    };
  }
}

export const warrantyState = new WarrantyState();
export { inclusiveOf };
