// Attribute edits from the panel. A mirror has no life of its own: its fields edit its original, so one
// change reaches every place the component is shown. Typing in one field is one undo step (coalesce key).
import type { RbdBlock, RbdDistribution, RbdDistributionType } from "../../../kernels/rbd/model.ts";
import { switchDistribution } from "../../../shared/failure-model.ts";
import { type SimulationSettings, updateBlock } from "./document.ts";
import { change, changeModel, currentDocument, model } from "./store.ts";

type ModelField = "missionTime" | "currentAge" | "warrantyLife";

export function setBlockName(id: string, name: string): void {
  changeModel(
    updateBlock(model.value, id, (b): RbdBlock => {
      const { name: _, ...rest } = b;
      return (name === "" ? rest : { ...rest, name }) as RbdBlock;
    }),
    `name:${id}`,
  );
}

function updateDistribution(id: string, next: (d: RbdDistribution) => RbdDistribution, coalesce?: string) {
  changeModel(
    updateBlock(model.value, id, (b) =>
      b.kind === "regular" || b.kind === "host" ? { ...b, distribution: next(b.distribution) } : b,
    ),
    coalesce,
  );
}

export function setDistributionType(id: string, type: RbdDistributionType): void {
  updateDistribution(id, (d) => switchDistribution(d, type));
}

/** `value` undefined removes an optional parameter (the exponential location). */
export function setParameter(id: string, parameter: string, value: number | undefined): void {
  updateDistribution(
    id,
    (d) => {
      const next = { ...d } as Record<string, unknown>;
      if (value === undefined) delete next[parameter];
      else next[parameter] = value;
      return next as unknown as RbdDistribution;
    },
    `parameter:${id}:${parameter}`,
  );
}

export function setK(id: string, k: number): void {
  changeModel(
    updateBlock(model.value, id, (b) => (b.kind === "kofn" ? { ...b, k } : b)),
    `k:${id}`,
  );
}

export function setDiagramName(name: string): void {
  changeModel({ ...model.value, name }, "diagram:name");
}

export function setModelTime(field: ModelField, value: number | undefined): void {
  const next = { ...model.value };
  if (value === undefined && field !== "missionTime") delete next[field];
  else next[field] = value ?? Number.NaN;
  changeModel(next, `diagram:${field}`);
}

export function setSimulation(field: keyof SimulationSettings, value: number | undefined): void {
  const doc = currentDocument.value;
  change({ ...doc, simulation: { ...doc.simulation, [field]: value ?? Number.NaN } }, `simulation:${field}`);
}
