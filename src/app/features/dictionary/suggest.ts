// The names a dictionary offers while a node is named in the FMEA trees: a structure element from the device
// dictionaries, a failure from the failure dictionaries. Pure, so its ranking is tested without a browser.
// Ranking: the name starting with the typed text, then a word of it, then the text anywhere in the name, then
// in the code; when that leaves room, Fuse-style approximate matches (search/fuzzy.ts, threshold 0.4), only
// in indexes of at most FUZZY_MAX names, so a key press stays within a frame on 10,000-entry dictionaries.
import type { FmeaNode } from "../../../shared/fmea/model.ts";
import type { DictionaryKind } from "../../../shared/schemas/dictionary.ts";
import { fuzzyScore } from "../../search/fuzzy.ts";

export interface Suggestion {
  name: string;
  code: string;
  /** The dictionary it comes from. */
  dictionary: string;
  /** A failure entry's level (effect, mode, cause), when it has one. */
  level?: string;
}

/** The dictionary kind that names a node of this kind, if any. */
export function suggestionKind(
  node: Pick<FmeaNode, "kind">,
): Extract<DictionaryKind, "device" | "failure"> | null {
  if (node.kind === "stru") return "device";
  if (node.kind === "fail") return "failure";
  return null;
}

export const FUZZY_MAX = 20_000;

export class SuggestionIndex {
  private readonly names: string[];
  private readonly codes: string[];
  constructor(readonly entries: readonly Suggestion[]) {
    this.names = entries.map((e) => e.name.toLowerCase());
    this.codes = entries.map((e) => e.code.toLowerCase());
  }

  get size(): number {
    return this.entries.length;
  }

  /** At most `limit` suggestions for `query`, best first, each name once. */
  search(query: string, limit = 8): Suggestion[] {
    const q = query.trim().toLowerCase();
    if (!q) return [];
    const scored: { i: number; score: number }[] = [];
    const seen = new Set<number>();
    for (let i = 0; i < this.names.length; i++) {
      const name = this.names[i];
      const at = name.indexOf(q);
      let score = Number.POSITIVE_INFINITY;
      if (at === 0) score = 0;
      else if (at > 0) score = /[\s\-_/(,.]/.test(name[at - 1]) ? 1 + at / 1000 : 2 + at / 1000;
      else {
        const c = this.codes[i].indexOf(q);
        if (c >= 0) score = 3 + c / 1000;
      }
      if (score < Number.POSITIVE_INFINITY) {
        scored.push({ i, score });
        seen.add(i);
      }
    }
    if (scored.length < limit && this.names.length <= FUZZY_MAX && q.length >= 3)
      for (let i = 0; i < this.names.length; i++) {
        if (seen.has(i)) continue;
        const s = fuzzyScore(q, this.names[i]);
        if (s < Number.POSITIVE_INFINITY) scored.push({ i, score: 4 + s });
      }
    scored.sort(
      (a, b) =>
        a.score - b.score ||
        this.names[a.i].length - this.names[b.i].length ||
        this.names[a.i].localeCompare(this.names[b.i]),
    );
    const out: Suggestion[] = [];
    const names = new Set<string>();
    for (const { i } of scored) {
      if (names.has(this.names[i])) continue;
      names.add(this.names[i]);
      out.push(this.entries[i]);
      if (out.length === limit) break;
    }
    return out;
  }
}
