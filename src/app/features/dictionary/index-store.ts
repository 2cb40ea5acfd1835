// The suggestion indexes of the FMEA trees' name editor: every device or failure dictionary the user may read
// (the server's visibility), loaded once per kind when a name editor first asks and kept until a dictionary is
// saved, copied or deleted here. A failed load leaves no index, so the next editor asks again.
import { signal } from "@preact/signals-react";
import { PAGE_SIZE_MAX } from "../../../shared/constants.ts";
import type { DictionaryKind } from "../../../shared/schemas/dictionary.ts";
import { dictionaryStore } from "../../api/dictionary.ts";
import { type Suggestion, SuggestionIndex } from "./suggest.ts";

type Kind = Extract<DictionaryKind, "device" | "failure">;

export const suggestionIndexes = signal<Partial<Record<Kind, SuggestionIndex>>>({});
const loading = new Map<Kind, Promise<void>>();

async function load(kind: Kind): Promise<void> {
  const entries: Suggestion[] = [];
  for (let page = 1; ; page++) {
    const list = (await dictionaryStore.list({ kind, page, pageSize: PAGE_SIZE_MAX })).data;
    for (const meta of list.items) {
      const doc = (await dictionaryStore.get(meta.id)).data;
      const body = doc.body;
      if (body.kind !== kind) continue;
      for (const e of body.entries)
        entries.push({
          name: e.name,
          code: e.code,
          dictionary: doc.name,
          ...("level" in e && e.level ? { level: e.level } : {}),
        });
    }
    if (page * list.pageSize >= list.total) break;
  }
  suggestionIndexes.value = { ...suggestionIndexes.value, [kind]: new SuggestionIndex(entries) };
}

/** Starts loading `kind`'s index unless it is there or on its way. */
export function ensureSuggestions(kind: Kind): void {
  if (suggestionIndexes.value[kind] || loading.has(kind)) return;
  const p = load(kind).finally(() => loading.delete(kind));
  loading.set(kind, p);
  p.catch(() => undefined);
}

/** A dictionary changed: the indexes are read again when next needed. */
export function dropSuggestions(): void {
  suggestionIndexes.value = {};
}
