// The suggestion indexes of the FMEA trees' name editor (every device or failure dictionary the user may read,
// the server's visibility) and the risk events the trees mark failures with, loaded once per kind when first
// asked for and kept until a dictionary is saved, copied or deleted here. A failed load leaves no index, so the next editor asks again.
import { signal } from "@preact/signals-react";
import { PAGE_SIZE_MAX } from "../../../shared/constants.ts";
import type { DictionaryBody, DictionaryKind } from "../../../shared/schemas/dictionary.ts";
import { dictionaryStore } from "../../api/dictionary.ts";
import type { RiskEventRef } from "./risk-events.ts";
import { type Suggestion, SuggestionIndex } from "./suggest.ts";

type Kind = Extract<DictionaryKind, "device" | "failure">;

export const suggestionIndexes = signal<Partial<Record<Kind, SuggestionIndex>>>({});
const loading = new Map<Kind, Promise<void>>();

type EntryOf<K extends DictionaryKind> = Extract<DictionaryBody, { kind: K }>["entries"][number];

/** Every entry of every `kind` dictionary the user may read, with the dictionary's name. */
async function readEntries<K extends DictionaryKind>(
  kind: K,
): Promise<{ dictionary: string; entry: EntryOf<K> }[]> {
  const out: { dictionary: string; entry: EntryOf<K> }[] = [];
  for (let page = 1; ; page++) {
    const list = (await dictionaryStore.list({ kind, page, pageSize: PAGE_SIZE_MAX })).data;
    for (const meta of list.items) {
      const doc = (await dictionaryStore.get(meta.id)).data;
      const body = doc.body;
      if (body.kind !== kind) continue;
      for (const entry of body.entries) out.push({ dictionary: doc.name, entry: entry as EntryOf<K> });
    }
    if (page * list.pageSize >= list.total) break;
  }
  return out;
}

async function load(kind: Kind): Promise<void> {
  const entries: Suggestion[] = (await readEntries(kind)).map(({ dictionary, entry: e }) => ({
    name: e.name,
    code: e.code,
    dictionary,
    ...("level" in e && e.level ? { level: e.level } : {}),
  }));
  suggestionIndexes.value = { ...suggestionIndexes.value, [kind]: new SuggestionIndex(entries) };
}

/** Starts loading `kind`'s index unless it is there or on its way. */
export function ensureSuggestions(kind: Kind): void {
  if (suggestionIndexes.value[kind] || loading.has(kind)) return;
  const p = load(kind).finally(() => loading.delete(kind));
  loading.set(kind, p);
  p.catch(() => undefined);
}

/** The risk event lists the user may read (null until loaded), for the FMEA trees' marks and check. */
export const riskEvents = signal<RiskEventRef[] | null>(null);
let riskLoading: Promise<void> | null = null;

/** Starts loading the risk events, and the failure dictionaries whose codes they may name. */
export function ensureRiskEvents(): void {
  ensureSuggestions("failure");
  if (riskEvents.value || riskLoading) return;
  riskLoading = readEntries("risk")
    .then((list) => {
      riskEvents.value = list.map(({ dictionary, entry }) => ({ ...entry, dictionary }));
    })
    .finally(() => {
      riskLoading = null;
    });
  riskLoading.catch(() => undefined);
}

/** Failure dictionary codes (as typed) to the names they stand for, from the loaded failure index. */
export function failureCodes(): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const e of suggestionIndexes.value.failure?.entries ?? []) {
    const list = out.get(e.code);
    if (list) list.push(e.name);
    else out.set(e.code, [e.name]);
  }
  return out;
}

/** A dictionary changed: the indexes and risk events are read again when next needed. */
export function dropSuggestions(): void {
  suggestionIndexes.value = {};
  riskEvents.value = null;
}
