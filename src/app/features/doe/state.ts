// The screen's state: one worksheet per tool (a SheetStore with its own undo), its settings, the last outcome
// and the stored document it came from. Kept across visits, so switching tools never loses a sheet.
import { signal } from "@preact/signals-react";
import type { DoeOutcome, DoeRequest } from "../../../kernels/doe.ts";
import { SheetStore } from "../../components/spreadsheet/store.ts";
import {
  DEFAULT_POWER_FORM,
  DEFAULT_SETTINGS,
  type DoeSettings,
  type DoeTool,
  exampleSheet,
  type PowerForm,
  TOOL_SCHEMAS,
} from "./tools.ts";

export class ToolState {
  readonly store: SheetStore;
  readonly settings = signal<DoeSettings>(DEFAULT_SETTINGS);
  /** The hypothesis tool's power and sample size fields (not part of the stored worksheet). */
  readonly power = signal<PowerForm>(DEFAULT_POWER_FORM);
  readonly outcome = signal<DoeOutcome | null>(null);
  /** The request the outcome answers (its data draws the charts). */
  readonly request = signal<DoeRequest | null>(null);
  /** The sheet and settings the outcome was computed from changed since. */
  readonly stale = signal(false);
  readonly running = signal(false);
  readonly stored = signal<{ id: number; version: number; name: string } | null>(null);
  readonly revision = signal(0);
  /** The name typed for the stored document. */
  readonly name = signal("");
  /** The worksheet, settings or name changed since it was opened or saved (kept as a draft: drafts.ts). */
  readonly dirty = signal(false);

  constructor(readonly tool: DoeTool) {
    this.store = new SheetStore(TOOL_SCHEMAS[tool], exampleSheet(tool));
    this.store.subscribe(() => {
      this.revision.value++;
      this.dirty.value = true;
      if (this.outcome.value) this.stale.value = true;
    });
  }

  setSettings(patch: Partial<DoeSettings>): void {
    this.settings.value = { ...this.settings.value, ...patch };
    this.dirty.value = true;
    if (this.outcome.value) this.stale.value = true;
  }
}

const states = new Map<DoeTool, ToolState>();

export function toolState(tool: DoeTool): ToolState {
  let s = states.get(tool);
  if (!s) {
    s = new ToolState(tool);
    states.set(tool, s);
  }
  return s;
}
