// Pure parts of the ePDT editor: tree edits on the assembly list, the tree's visible order for the arrow keys,
// and the stored body (/api/prediction) to and from the editor's assemblies, part rows and dictionary rows.
import type {
  PredictionAssembly,
  PredictionModel,
  PredictionPart,
  PredictionSettings,
} from "../../../kernels/prediction/model.ts";
import { METHODS, PART_CLASSES, RATE_UNITS } from "../../../kernels/prediction/model.ts";
import { fromSpec } from "../../../shared/failure-model.ts";
import type { DeviceEntry } from "../../../shared/schemas/dictionary.ts";
import type { StoredPredictionBody } from "../../api/prediction.ts";
import type { SheetData } from "../../components/spreadsheet/store.ts";
import { entriesToSheet, sheetToEntries } from "../dictionary/sheets.ts";
import { PARTS_SCHEMA } from "./schema.ts";

export const ROOT_ID = "system";

export function newTree(systemName: string): PredictionAssembly[] {
  return [{ id: ROOT_ID, name: systemName, parent: null, environment: "GB", temperature: 25, duty: 1 }];
}

/** Depth-first order with each assembly's depth: the tree as drawn. */
export function treeOrder(
  assemblies: readonly PredictionAssembly[],
): { assembly: PredictionAssembly; depth: number }[] {
  const kids = new Map<string | null, PredictionAssembly[]>();
  for (const a of assemblies) {
    const list = kids.get(a.parent) ?? [];
    list.push(a);
    kids.set(a.parent, list);
  }
  const out: { assembly: PredictionAssembly; depth: number }[] = [];
  const seen = new Set<string>();
  const walk = (parent: string | null, depth: number) => {
    for (const a of kids.get(parent) ?? []) {
      if (seen.has(a.id)) continue;
      seen.add(a.id);
      out.push({ assembly: a, depth });
      walk(a.id, depth + 1);
    }
  };
  walk(null, 0);
  return out;
}

/** A new child of `parent`, named `name`, with an id unused so far. */
export function addAssembly(
  assemblies: readonly PredictionAssembly[],
  parent: string,
  name: string,
): { assemblies: PredictionAssembly[]; id: string } {
  const ids = new Set(assemblies.map((a) => a.id));
  let n = assemblies.length;
  let id = `A${n}`;
  while (ids.has(id)) id = `A${++n}`;
  return { assemblies: [...assemblies, { id, name, parent }], id };
}

export function updateAssembly(
  assemblies: readonly PredictionAssembly[],
  id: string,
  change: Partial<Omit<PredictionAssembly, "id" | "parent">>,
): PredictionAssembly[] {
  return assemblies.map((a) => (a.id === id ? { ...a, ...change } : a));
}

/** Removes an assembly and everything below it (never the system); returns the removed ids too. */
export function removeAssembly(
  assemblies: readonly PredictionAssembly[],
  id: string,
): { assemblies: PredictionAssembly[]; removed: Set<string> } {
  const removed = new Set<string>();
  const target = assemblies.find((a) => a.id === id);
  if (!target || target.parent === null) return { assemblies: [...assemblies], removed };
  removed.add(id);
  let grew = true;
  while (grew) {
    grew = false;
    for (const a of assemblies)
      if (a.parent !== null && removed.has(a.parent) && !removed.has(a.id)) {
        removed.add(a.id);
        grew = true;
      }
  }
  return { assemblies: assemblies.filter((a) => !removed.has(a.id)), removed };
}

const column = (key: string) => PARTS_SCHEMA.columns.find((c) => c.key === key);
const codeOf = (values: readonly string[], v: string | null | undefined) => {
  const i = v == null ? -1 : values.indexOf(v);
  return i < 0 ? Number.NaN : i;
};

/** The part lines of one assembly as sheet data (the stored body's parts, in their order). */
export function partsToSheet(parts: readonly PredictionPart[]): SheetData {
  const rows = parts.length;
  const values: Record<string, Float64Array | string[]> = {};
  for (const c of PARTS_SCHEMA.columns)
    values[c.key] = c.kind === "text" ? [] : new Float64Array(rows).fill(Number.NaN);
  parts.forEach((p, r) => {
    const set = (key: string, v: unknown) => {
      const col = column(key);
      if (!col || v == null) return;
      if (col.kind === "text") (values[key] as string[])[r] = String(v);
      else (values[key] as Float64Array)[r] = typeof v === "number" ? v : Number.NaN;
    };
    set("ref", p.ref);
    set("name", p.name ?? "");
    set("partClass", codeOf(PART_CLASSES, p.partClass));
    set("subtype", p.subtype ?? "");
    set("quantity", p.quantity);
    set("quality", p.quality ?? "");
    set("method", codeOf(METHODS, p.method));
    for (const [k, v] of Object.entries(p.stress ?? {})) set(k, v);
    set("userRate", p.userRate);
    set("userRateUnit", codeOf(RATE_UNITS, p.userRateUnit));
    set("source", p.source ?? "");
    set("device", p.device ?? "");
  });
  for (const c of PARTS_SCHEMA.columns)
    if (c.kind === "text") {
      const list = values[c.key] as string[];
      for (let r = 0; r < rows; r++) list[r] ??= "";
    }
  return { rows, values };
}

/** A device dictionary entry: the one definition of the FMEA dictionaries (src/shared/schemas/dictionary.ts). */
export type DictionaryEntry = DeviceEntry;

export function dictionaryToSheet(entries: readonly DictionaryEntry[]): SheetData {
  return entriesToSheet("device", entries);
}

/** Dictionary rows with a code or a name, their parameters as numbers or null. */
export function sheetToDictionary(data: SheetData): DictionaryEntry[] {
  return sheetToEntries("device", data) as DictionaryEntry[];
}

/** A dictionary entry's rate per hour when it is exponential (a rate a part line can use), else null. */
export function dictionaryRate(entry: DictionaryEntry): number | null {
  if (!entry.distribution) return null;
  const d = fromSpec("rbd", entry.distribution, [entry.p1 ?? null, entry.p2 ?? null, entry.p3 ?? null]);
  return d?.type === "exponential" && !d.gamma ? d.lambda : null;
}

export interface EditorState {
  name: string;
  description: string;
  settings: PredictionSettings;
  assemblies: PredictionAssembly[];
  parts: PredictionPart[];
  dictionary: DictionaryEntry[];
}

/** The stored body; numbers being typed (NaN) are stored as null. */
export function toStoredBody(
  state: EditorState,
  results?: Record<string, unknown> | null,
): StoredPredictionBody {
  const n = (v: number | null | undefined) => (typeof v === "number" && Number.isFinite(v) ? v : null);
  const parts = state.parts.map((p) => {
    const stress = Object.fromEntries(
      Object.entries(p.stress ?? {}).map(([k, v]) => [k, typeof v === "number" ? n(v) : v]),
    );
    return { ...p, quantity: n(p.quantity), userRate: n(p.userRate), stress };
  });
  return {
    description: state.description,
    settings: {
      method: state.settings.method,
      missionTime: n(state.settings.missionTime),
      target: n(state.settings.target ?? null),
      allocation: state.settings.allocation ?? null,
    },
    assemblies: state.assemblies.map((a) => ({
      ...a,
      temperature: n(a.temperature),
      duty: n(a.duty),
      importance: n(a.importance),
    })),
    parts,
    dictionary: state.dictionary,
    ...(results ? { results } : {}),
  };
}

export function fromStoredBody(name: string, body: StoredPredictionBody): EditorState {
  const settings = body.settings;
  return {
    name,
    description: body.description ?? "",
    settings: {
      method: settings.method,
      missionTime: settings.missionTime ?? Number.NaN,
      target: settings.target ?? null,
      allocation: settings.allocation ?? null,
    },
    assemblies: body.assemblies as PredictionAssembly[],
    parts: body.parts.map((p) => ({ ...p, quantity: p.quantity ?? Number.NaN }) as PredictionPart),
    dictionary: (body.dictionary ?? []) as DictionaryEntry[],
  };
}

/** The kernel's model of an editor state. */
export function toModel(state: EditorState): PredictionModel {
  return {
    assemblies: state.assemblies,
    parts: state.parts,
    settings: state.settings,
    dictionary: state.dictionary,
  };
}
