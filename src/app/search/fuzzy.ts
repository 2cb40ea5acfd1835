// Approximate string search with the scoring of Fuse.js's bitap, the library the original route search used
// (threshold 0.4, location 0, distance 100): score = errors / pattern length + |match start| / distance,
// 0 is a perfect match at the start, and anything above the threshold is not a match. Written out here
// (Sellers' edit-distance recurrence) because the shell needs twenty lines of it, not a dependency.

export const DEFAULT_THRESHOLD = 0.4;
const DISTANCE = 100;

/** Best score of `pattern` against any substring of `text`; Infinity when nothing is within the threshold. */
export function fuzzyScore(pattern: string, text: string, threshold = DEFAULT_THRESHOLD): number {
  const p = pattern.trim().toLowerCase();
  const t = text.toLowerCase();
  if (p.length === 0) return 0;
  const m = p.length;
  const maxErrors = Math.floor(threshold * m);

  const exact = t.indexOf(p);
  let best = exact >= 0 ? exact / DISTANCE : Number.POSITIVE_INFINITY;

  // prev[i] = fewest edits turning p[0..i) into a substring of t ending at the current column.
  let prev = Array.from({ length: m + 1 }, (_, i) => i);
  // start[i] = where that substring begins in t.
  let prevStart = new Array<number>(m + 1).fill(0);
  for (let j = 1; j <= t.length; j++) {
    const cur = new Array<number>(m + 1);
    const curStart = new Array<number>(m + 1);
    cur[0] = 0;
    curStart[0] = j;
    for (let i = 1; i <= m; i++) {
      const substitute = prev[i - 1] + (p[i - 1] === t[j - 1] ? 0 : 1);
      const skipText = prev[i] + 1;
      const skipPattern = cur[i - 1] + 1;
      if (substitute <= skipText && substitute <= skipPattern) {
        cur[i] = substitute;
        curStart[i] = prevStart[i - 1];
      } else if (skipText <= skipPattern) {
        cur[i] = skipText;
        curStart[i] = prevStart[i];
      } else {
        cur[i] = skipPattern;
        curStart[i] = curStart[i - 1];
      }
    }
    if (cur[m] <= maxErrors) {
      const score = cur[m] / m + curStart[m] / DISTANCE;
      if (score < best) best = score;
    }
    prev = cur;
    prevStart = curStart;
  }
  return best <= threshold ? best : Number.POSITIVE_INFINITY;
}

export interface SearchDoc<T> {
  item: T;
  /** Every text the item can be found by: title, path, keywords, pinyin. */
  fields: readonly string[];
}

export interface SearchHit<T> {
  item: T;
  score: number;
}

/** Items whose best field scores within the threshold, best first (stable for equal scores). */
export function fuzzySearch<T>(
  docs: readonly SearchDoc<T>[],
  pattern: string,
  threshold = DEFAULT_THRESHOLD,
): SearchHit<T>[] {
  if (!pattern.trim()) return docs.map((d) => ({ item: d.item, score: 0 }));
  const hits: SearchHit<T>[] = [];
  for (const doc of docs) {
    let score = Number.POSITIVE_INFINITY;
    for (const field of doc.fields) score = Math.min(score, fuzzyScore(pattern, field, threshold));
    if (Number.isFinite(score)) hits.push({ item: doc.item, score });
  }
  return hits.sort((a, b) => a.score - b.score);
}
