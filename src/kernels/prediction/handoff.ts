// What a prediction hands to the other areas: the system as a block diagram (eRBD: a series of the system's
// assemblies, each an exponential block with its predicted rate, rates per hour) and every line's rate as
// occurrence evidence for the FMEA (failures per 10^6 h, per hour and over the mission).
import type { RbdBlock, RbdEdge, RbdModel } from "../rbd/model.ts";
import type { PredictionModel } from "./model.ts";
import type { PredictionResult } from "./predict.ts";

/**
 * The series diagram of the system's direct assemblies (and one block for the parts placed directly under the
 * system). Its exact reliability at the mission time is exp(-lambda t) of the system's rate.
 */
export function toRbdModel(result: PredictionResult, name: string): RbdModel {
  const root = result.assemblies.find((a) => a.parent == null);
  const blocks: RbdBlock[] = [];
  if (root) {
    const children = result.assemblies.filter((a) => a.parent === root.id);
    const childRate = children.reduce((s, a) => s + a.rate, 0);
    const ownRate = root.rate - childRate;
    const used = new Set<string>();
    const blockId = (base: string) => {
      let id = base.replace(/[^A-Za-z0-9_.-]/g, "_") || "block";
      if (id === "start" || id === "end") id = `${id}_`;
      let k = 1;
      let out = id;
      while (used.has(out)) out = `${id}_${++k}`;
      used.add(out);
      return out;
    };
    for (const a of children)
      blocks.push({
        id: blockId(a.name),
        name: a.name,
        kind: "regular",
        distribution: { type: "exponential", lambda: a.rate / 1e6 },
      });
    if (ownRate > 0 || children.length === 0)
      blocks.push({
        id: blockId(root.name),
        name: root.name,
        kind: "regular",
        distribution: { type: "exponential", lambda: Math.max(ownRate, 0) / 1e6 },
      });
  }
  const edges: RbdEdge[] = [];
  let from = "start";
  for (const b of blocks) {
    edges.push([from, b.id]);
    from = b.id;
  }
  edges.push([from, "end"]);
  return { name, missionTime: result.system.missionTime, blocks, edges };
}

export interface OccurrenceEvidence {
  ref: string;
  name: string;
  assembly: string;
  method: string;
  source: string;
  /** Failures per 10^6 h of the line (quantity and duty included). */
  rate: number;
  perHour: number;
  /** Probability of at least one failure over the mission, 1 - exp(-lambda t). */
  missionProbability: number;
}

/** Every line with a rate, as the FMEA's occurrence evidence. */
export function occurrenceEvidence(model: PredictionModel, result: PredictionResult): OccurrenceEvidence[] {
  const names = new Map(model.assemblies.map((a) => [a.id, a.name]));
  const parts = new Map(model.parts.map((p) => [p.id, p]));
  const t = result.system.missionTime;
  return result.lines
    .filter((l) => Number.isFinite(l.rate))
    .map((l) => ({
      ref: l.ref,
      name: parts.get(l.id)?.name ?? "",
      assembly: names.get(l.assembly) ?? l.assembly,
      method: l.method,
      source: l.source,
      rate: l.rate,
      perHour: l.rate / 1e6,
      missionProbability: -Math.expm1((-l.rate * t) / 1e6),
    }));
}
