// The validation problems of the kernels (validateRbd: spec 5 and 8) as the attribute panel and the
// analysis show them: translated by the app's one problem renderer; here only which field a problem is about.
import type { RbdProblem } from "../../../kernels/rbd/validate.ts";

/** The field a problem is about, as the attribute panel names its inputs ("distribution.beta", "k"). */
export function problemsFor(
  problems: readonly RbdProblem[],
  blockId: string | undefined,
  field?: string,
): RbdProblem[] {
  return problems.filter((p) => p.blockId === blockId && (field === undefined || p.field === field));
}
