// The degradation screen's state, kept across visits: the measurements sheet (unit, test time, measure value;
// spec 3's degradation unit), the settings, the last result and the stored analysis it came from.
import { signal } from "@preact/signals-react";
import type { DegradationResult } from "../../../kernels/degradation.ts";
import type { LifeDistribution, LifeMethod } from "../../../kernels/life.ts";
import {
  type DEGRADATION_DIRECTIONS,
  DEGRADATION_HEADERS,
  type DEGRADATION_MODELS,
  DEGRADATION_UNIT_MAX,
} from "../../../shared/schemas/degradation.ts";
import { SheetStore } from "../../components/spreadsheet/store.ts";
import type { TableSchema } from "../../components/spreadsheet/table.ts";

export interface DegradationSettings {
  model: (typeof DEGRADATION_MODELS)[number];
  /** As typed, so nothing the user typed is lost; checked before a run. */
  threshold: string;
  direction: (typeof DEGRADATION_DIRECTIONS)[number];
  /** Empty: no limit. */
  limit: string;
  distribution: LifeDistribution;
  method: LifeMethod;
  confidence: number;
}

export const DEFAULT_SETTINGS: DegradationSettings = {
  model: "linear",
  threshold: "",
  direction: "up",
  limit: "",
  distribution: "weibull2p",
  method: "mle",
  confidence: 90,
};

/** The sheet's schema: headers on import are the one list of src/shared/schemas/degradation.ts. */
export const DEGRADATION_TABLE: TableSchema = {
  columns: [
    {
      key: "unit",
      kind: "text",
      headers: DEGRADATION_HEADERS.unit,
      required: true,
      maxLength: DEGRADATION_UNIT_MAX,
    },
    {
      key: "time",
      kind: "number",
      headers: DEGRADATION_HEADERS.time,
      required: true,
      min: 0,
      invalidKey: "messages:degradation.timeInvalid",
    },
    {
      key: "value",
      kind: "number",
      headers: DEGRADATION_HEADERS.value,
      required: true,
      invalidKey: "messages:degradation.valueInvalid",
    },
  ],
};

export const MAX_ROWS = 400_000;
/** Units the paths chart draws (the first ones); the rest are counted. */
export const PLOTTED_UNITS = 50;

export const degradationState = {
  store: new SheetStore(DEGRADATION_TABLE),
  settings: signal<DegradationSettings>(DEFAULT_SETTINGS),
  result: signal<DegradationResult | null>(null),
  /** The measurements of the result's first units, as the paths chart draws them. */
  plotted: signal<Array<{ time: Float64Array; value: Float64Array }>>([]),
  /** The result no longer answers the sheet and settings. */
  stale: signal(false),
  running: signal<AbortController | null>(null),
  progress: signal<number | null>(null),
  /** A file being read: its name and how far (0 to 1), with its cancel. */
  importing: signal<{ name: string; progress: number; abort: AbortController } | null>(null),
  importLines: signal<string[]>([]),
  /** The problems of the last run, as translated lines. */
  problems: signal<string[]>([]),
  stored: signal<{ id: number; version: number } | null>(null),
  name: signal(""),
  revision: signal(0),
  /** Changed since it was saved or opened. */
  dirty: signal(false),
};

degradationState.store.subscribe(() => {
  degradationState.revision.value++;
  degradationState.dirty.value = true;
  if (degradationState.result.value) degradationState.stale.value = true;
});

export function setSettings(patch: Partial<DegradationSettings>): void {
  degradationState.settings.value = { ...degradationState.settings.value, ...patch };
  degradationState.dirty.value = true;
  if (degradationState.result.value) degradationState.stale.value = true;
}
