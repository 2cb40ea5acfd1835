// Risk events (field returns, complaints, test and audit findings) against an FMEA's failures: the AIAG & VDA
// FMEA Handbook (2019) asks the team, in step 1 and when rating occurrence, to check that what happened is in
// the analysis ("lessons learned"). An event names the failure it concerns by a failure dictionary code or by
// the failure's name; it is matched to the FMEA's failure nodes by name, case and surrounding spaces aside, a
// code first turned into its dictionary names. Pure, so the matching is tested without a browser.
import type { RiskEvent } from "../../../shared/schemas/dictionary.ts";

export interface RiskEventRef extends RiskEvent {
  /** The risk event list it comes from. */
  dictionary: string;
}

export interface RiskCoverage {
  /** Each failure node's events that are not closed, in the lists' order. */
  byNode: Map<string, RiskEventRef[]>;
  /** Every event with the failure nodes it matches (none: the failure is not in this FMEA). */
  events: { event: RiskEventRef; nodes: string[] }[];
}

const key = (text: string) => text.trim().toLowerCase();

/**
 * `failures`: the FMEA's failure nodes; `codes`: failure dictionary codes (any case) to the names they stand
 * for (a code may be used in several dictionaries).
 */
export function riskCoverage(
  failures: readonly { id: string; name: string }[],
  events: readonly RiskEventRef[],
  codes: ReadonlyMap<string, readonly string[]> = new Map(),
): RiskCoverage {
  const byName = new Map<string, string[]>();
  for (const f of failures) {
    const k = key(f.name);
    if (!k) continue;
    const list = byName.get(k);
    if (list) list.push(f.id);
    else byName.set(k, [f.id]);
  }
  const byCode = new Map<string, string[]>();
  for (const [code, names] of codes) {
    const k = key(code);
    byCode.set(k, [...(byCode.get(k) ?? []), ...names.map(key)]);
  }
  const byNode = new Map<string, RiskEventRef[]>();
  const out: RiskCoverage["events"] = [];
  for (const event of events) {
    const named = event.failure ? key(event.failure) : "";
    const names = new Set(named ? [named, ...(byCode.get(named) ?? [])] : []);
    const nodes = [...new Set([...names].flatMap((n) => byName.get(n) ?? []))];
    out.push({ event, nodes });
    if (event.status === "closed") continue;
    for (const id of nodes) {
      const list = byNode.get(id);
      if (list) list.push(event);
      else byNode.set(id, [event]);
    }
  }
  return { byNode, events: out };
}
