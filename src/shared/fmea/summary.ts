// The one-page management summary of an FMEA (AIAG & VDA FMEA Handbook 2019, step 7, results
// documentation: management review of high-severity and high-AP items and of the open actions).
import type { ActionPriority } from "./ap.ts";
import { type Chain, failureChains } from "./risk.ts";
import type { FmeaDoc } from "./tree.ts";

export interface OwnerActions {
  owner: string;
  open: number;
  /** Open actions past their target date on `today`. */
  overdue: number;
}

export interface FmeaSummary {
  chains: number;
  byAp: Record<ActionPriority | "none", number>;
  /** The AP once every action's re-rating holds (the chain's best re-rated action, else its current AP). */
  byApAfter: Record<ActionPriority | "none", number>;
  /** Chains with S 9 or 10 (safety and regulation), worst first. */
  highSeverity: Chain[];
  /** AP H rows with unfinished actions: "(H)". */
  highOpen: number;
  actions: { total: number; open: number; completed: number; notImplemented: number };
  openByOwner: OwnerActions[];
}

const OPEN = new Set(["open", "decisionPending", "implementationPending"]);
const RANK: Record<string, number> = { H: 0, M: 1, L: 2 };

export function fmeaSummary(doc: FmeaDoc, today: string, chains: Chain[] = failureChains(doc)): FmeaSummary {
  const byAp = { H: 0, M: 0, L: 0, none: 0 };
  const byApAfter = { H: 0, M: 0, L: 0, none: 0 };
  const owners = new Map<string, OwnerActions>();
  const actions = { total: 0, open: 0, completed: 0, notImplemented: 0 };
  const seen = new Set<string>();
  let highOpen = 0;
  for (const chain of chains) {
    byAp[chain.ap ?? "none"]++;
    let after = chain.ap;
    for (const a of chain.actions)
      if (a.status === "completed" && a.ap && (after === null || RANK[a.ap] > RANK[after])) after = a.ap;
    byApAfter[after ?? "none"]++;
    if (chain.highOpen) highOpen++;
    for (const a of chain.actions) {
      // An action is counted once even when its cause is in several chains.
      if (seen.has(a.node.id)) continue;
      seen.add(a.node.id);
      actions.total++;
      if (a.status === "completed") actions.completed++;
      else if (a.status === "notImplemented") actions.notImplemented++;
      else if (OPEN.has(a.status)) {
        actions.open++;
        const owner = a.responsible.trim();
        const entry = owners.get(owner) ?? { owner, open: 0, overdue: 0 };
        entry.open++;
        const target = String(
          (a.node.attrs as Record<string, Record<string, unknown>>).responsible?.targetDate ?? "",
        );
        if (target !== "" && target < today) entry.overdue++;
        owners.set(owner, entry);
      }
    }
  }
  const highSeverity = chains
    .filter((c) => (c.sWorst ?? 0) >= 9)
    .sort((a, b) => (b.sWorst ?? 0) - (a.sWorst ?? 0) || (RANK[a.ap ?? ""] ?? 3) - (RANK[b.ap ?? ""] ?? 3));
  const openByOwner = [...owners.values()].sort((a, b) => b.open - a.open || a.owner.localeCompare(b.owner));
  return { chains: chains.length, byAp, byApAfter, highSeverity, highOpen, actions, openByOwner };
}
