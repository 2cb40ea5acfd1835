// The model's problems, recomputed when the model changes: the panel shows them beside their fields, the
// canvas marks their blocks, the problem list links to them.
import { computed } from "@preact/signals-react";
import { validateRbd } from "../../../kernels/rbd/validate.ts";
import { currentDocument, model } from "./store.ts";
import { simulationProblems } from "./timeline.ts";

export const problems = computed(() => validateRbd(model.value));
export const settingProblems = computed(() => simulationProblems(currentDocument.value.simulation));
export const blocksWithProblems = computed(
  () => new Set(problems.value.flatMap((p) => (p.blockId ? [p.blockId] : []))),
);
