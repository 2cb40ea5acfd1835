// The ALT data sheet's state, kept across visits: the life-data columns of the life sheet plus four stress
// columns (a relationship uses the first one or two; general log-linear one to four), the settings, the last
// fit and the stored data set it came from.
import { signal } from "@preact/signals-react";
import type { AltFit } from "../../../kernels/alt.ts";
import {
  type ALT_BOUNDS,
  type ALT_DISTRIBUTIONS,
  ALT_MAX_STRESSES,
  type ALT_RELATIONSHIPS,
  type LIFE_SIDES,
  type STRESS_TRANSFORMS,
  type TEMPERATURE_UNITS,
} from "../../../shared/constants.ts";
import { SheetStore } from "../../components/spreadsheet/store.ts";
import type { TableSchema } from "../../components/spreadsheet/table.ts";
import { LIFE_TABLE } from "../life/table.ts";

export interface AltSettings {
  relationship: (typeof ALT_RELATIONSHIPS)[number];
  distribution: (typeof ALT_DISTRIBUTIONS)[number];
  /** General log-linear: how many stress columns, each with its transform. */
  transforms: Array<(typeof STRESS_TRANSFORMS)[number]>;
  temperatureUnit: (typeof TEMPERATURE_UNITS)[number];
  stressNames: string[];
  /** The use stress as typed: one value per stress column, comma separated. */
  use: string;
  confidence: number;
  bounds: (typeof ALT_BOUNDS)[number];
  /** Times of the use-level reliability, as typed: comma separated. */
  at: string;
  /** Two-sided bounds, or one-sided lower or upper (at the confidence level). */
  sided: (typeof LIFE_SIDES)[number];
  /** Weibull reported as proportional hazards. */
  proportionalHazards: boolean;
  /** The life drawn in the life-versus-stress plot: a B-life (percent failing; 50 the median) or the mean. */
  lifeLine: { kind: "percent" | "mean"; percent: number };
  /** The acceleration factor between two stress levels, as typed (one value per stress column each). */
  afFrom: string;
  afTo: string;
}

/** The life lines offered: B-lives of these percents, and the mean life. */
export const LIFE_LINE_PERCENTS = [1, 5, 10, 50] as const;

export const DEFAULT_SETTINGS: AltSettings = {
  relationship: "arrhenius",
  distribution: "weibull",
  transforms: ["none"],
  temperatureUnit: "c",
  stressNames: ["Temperature", "Stress 2", "Stress 3", "Stress 4"],
  use: "",
  at: "",
  confidence: 90,
  bounds: "fisher",
  sided: "two",
  proportionalHazards: false,
  lifeLine: { kind: "percent", percent: 10 },
  afFrom: "",
  afTo: "",
};

export const STRESS_KEYS = Array.from({ length: ALT_MAX_STRESSES }, (_, j) => `stress${j + 1}`);

/** The sheet's schema: a stress column is found on import by the name the user gave it or by stressN. */
export function altTable(names: string[]): TableSchema {
  return {
    columns: [
      ...LIFE_TABLE.columns,
      ...STRESS_KEYS.map((key, j) => ({
        key,
        kind: "number" as const,
        headers: [names[j] || key, key],
        invalidKey: "messages:alt.stressNotNumber",
      })),
    ],
    rowRules: LIFE_TABLE.rowRules,
  };
}

/** Sheet column of stress j (after the five life-data columns). */
export const STRESS_COL = LIFE_TABLE.columns.length;

export const altState = {
  store: new SheetStore(altTable(DEFAULT_SETTINGS.stressNames)),
  settings: signal<AltSettings>(DEFAULT_SETTINGS),
  fit: signal<AltFit | null>(null),
  /** The fit no longer answers the sheet and settings. */
  stale: signal(false),
  running: signal<AbortController | null>(null),
  progress: signal<number | null>(null),
  stored: signal<{ id: number; version: number } | null>(null),
  name: signal(""),
  revision: signal(0),
  importLines: signal<string[]>([]),
  /** The sheet revision and settings last saved or opened: anything else is unsaved work. */
  saved: { revision: -1, settings: DEFAULT_SETTINGS as AltSettings },
};

/** The sheet holds rows or settings not saved since. */
export function hasUnsavedWork(): boolean {
  const st = altState;
  return (
    st.store.rows > 0 && (st.store.revision !== st.saved.revision || st.settings.value !== st.saved.settings)
  );
}

export function markSaved(): void {
  altState.saved = { revision: altState.store.revision, settings: altState.settings.value };
}

altState.store.subscribe(() => {
  altState.revision.value++;
  if (altState.fit.value) altState.stale.value = true;
});

/**
 * The acceleration factor's levels: with Fisher bounds the screen answers new levels at once from the fit (no
 * data needed), so the fit stays current; likelihood-ratio bounds need the data, i.e. a new fit.
 */
export function setAfLevels(patch: Pick<AltSettings, "afFrom" | "afTo">): void {
  altState.settings.value = { ...altState.settings.value, ...patch };
  if (altState.fit.value?.boundsType === "lr") altState.stale.value = true;
}

export function setSettings(patch: Partial<AltSettings>): void {
  altState.settings.value = { ...altState.settings.value, ...patch };
  if (altState.fit.value) altState.stale.value = true;
}
