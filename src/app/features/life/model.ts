// A life-data set as the workbench holds it: its stored identity (id, revision), name, description,
// analysis settings, the sheet, and the results of the last analysis with the sheet revision they were
// computed on (results of other data are marked stale, never shown as current).
import { signal } from "@preact/signals-react";
import type { LifeDistribution, LifeFit } from "../../../kernels/life/types.ts";
import {
  LIFE_BOUNDS,
  LIFE_DISTRIBUTIONS,
  LIFE_METHODS,
  LIFE_RANKS,
  LIFE_SIDES,
  LIMITS,
  TIME_UNITS,
  type TimeUnit,
  withinLimit,
} from "../../../shared/constants.ts";
import { SheetStore } from "../../components/spreadsheet/store.ts";
import { LIFE_TABLE } from "./table.ts";

export { LIFE_BOUNDS, LIFE_DISTRIBUTIONS, LIFE_METHODS, LIFE_RANKS, LIFE_SIDES, TIME_UNITS };

export interface LifeSettings {
  distribution: LifeDistribution;
  estimationMethod: (typeof LIFE_METHODS)[number];
  rankMethod: (typeof LIFE_RANKS)[number];
  confidenceType: (typeof LIFE_BOUNDS)[number];
  /** Percent, within LIMITS.analysisConfidence. */
  confidenceLevel: number;
  sidedness: (typeof LIFE_SIDES)[number];
  timeUnit: TimeUnit;
  /** Weibull 1P: the fixed beta. */
  beta?: number;
  /** Only rows of these groups are analysed (none = all rows). */
  groups?: number[];
}

export const DEFAULT_SETTINGS: LifeSettings = {
  distribution: "weibull2p",
  estimationMethod: "mle",
  rankMethod: "exact",
  confidenceType: "fisher",
  confidenceLevel: 90,
  sidedness: "two",
  timeUnit: "hours",
};

export interface LifeResults {
  fit: LifeFit;
  /** The settings the fit was run with. */
  settings: LifeSettings;
  /** Data rows analysed and when. */
  rows: number;
  computedAt: string;
  /** Milliseconds the kernel call took, as the user waited for it. */
  elapsedMs: number;
}

let lifeSetCount = 0;

/** A key for one create request (kept across its retries), where crypto.randomUUID needs a secure page. */
function newRequestKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

export class LifeSet {
  /** Stays the same for the life of this object (the sheet's React key: a first save keeps the sheet). */
  readonly uid = ++lifeSetCount;
  /** The Idempotency-Key of this set's create, until the server has answered it. */
  createKey: string | null = null;
  id: number | null;
  version: number | null;
  projectId: number | null;
  readonly name = signal("");
  readonly description = signal("");
  readonly settings = signal<LifeSettings>({ ...DEFAULT_SETTINGS });
  readonly results = signal<LifeResults | null>(null);
  readonly store: SheetStore;
  /** Sheet revision when last saved or loaded, and when the results were computed. */
  readonly savedRevision = signal(0);
  readonly resultsRevision = signal(-1);
  /** Bumped on every sheet change (signals cannot see inside the store). */
  readonly sheetRevision = signal(0);
  /** Name, description, settings or results changed since the last save. */
  readonly metaDirty = signal(false);

  constructor(init: {
    id?: number | null;
    version?: number | null;
    projectId?: number | null;
    name: string;
  }) {
    this.id = init.id ?? null;
    this.version = init.version ?? null;
    this.projectId = init.projectId ?? null;
    this.name.value = init.name;
    this.store = new SheetStore(LIFE_TABLE);
    this.store.subscribe((event) => {
      // The same rows in another order fit the same: results current before a sort stay current.
      if (event.kind === "rows" && event.reordered && this.resultsRevision.value === this.sheetRevision.value)
        this.resultsRevision.value = this.store.revision;
      this.sheetRevision.value = this.store.revision;
    });
  }

  get dirty(): boolean {
    return this.metaDirty.value || this.sheetRevision.value !== this.savedRevision.value;
  }

  /** The results belong to the sheet as it is now. */
  get resultsCurrent(): boolean {
    return this.results.value !== null && this.resultsRevision.value === this.sheetRevision.value;
  }

  /** The create key, made on first use and kept for every retry of the same create. */
  requestKey(): string {
    this.createKey ??= newRequestKey();
    return this.createKey;
  }

  markSaved(): void {
    this.savedRevision.value = this.store.revision;
    this.sheetRevision.value = this.store.revision;
    this.metaDirty.value = false;
  }
}

/** Settings from a stored body, keeping only known values (an older or foreign document may hold others). */
export function settingsFrom(value: unknown): LifeSettings {
  const v = (value && typeof value === "object" ? value : {}) as Record<string, unknown>;
  const pick = <T extends string>(x: unknown, allowed: readonly T[], fallback: T): T =>
    allowed.includes(x as T) ? (x as T) : fallback;
  const level = Number(v.confidenceLevel);
  const settings: LifeSettings = {
    distribution: pick(v.distribution, LIFE_DISTRIBUTIONS, DEFAULT_SETTINGS.distribution),
    estimationMethod: pick(v.estimationMethod, LIFE_METHODS, DEFAULT_SETTINGS.estimationMethod),
    rankMethod: pick(v.rankMethod, LIFE_RANKS, DEFAULT_SETTINGS.rankMethod),
    confidenceType: pick(v.confidenceType, LIFE_BOUNDS, DEFAULT_SETTINGS.confidenceType),
    confidenceLevel: withinLimit(level, LIMITS.analysisConfidence) ? level : DEFAULT_SETTINGS.confidenceLevel,
    sidedness: pick(v.sidedness, LIFE_SIDES, DEFAULT_SETTINGS.sidedness),
    timeUnit: pick(v.timeUnit, TIME_UNITS, DEFAULT_SETTINGS.timeUnit),
  };
  if (typeof v.beta === "number") settings.beta = v.beta;
  if (Array.isArray(v.groups) && v.groups.every((g) => Number.isInteger(g)))
    settings.groups = v.groups as number[];
  return settings;
}

/** Sets the workbench has open, by stored id: the analysis, guide and calculator pages share them. */
export const openSets = new Map<number, LifeSet>();
/** The set in front on the life-data page. */
export const currentSet = signal<LifeSet | null>(null);
/** Ids picked in the data-set list (for multi-plot). */
export const pickedIds = signal<number[]>([]);
