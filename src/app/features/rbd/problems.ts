// The validation problems of the kernels (validateRbd: spec 5 and 8) in the user's language. A problem
// carries its English text; its message key is the RBD_MESSAGES template that text was made from, and the
// rbd namespace has one translation per key with the same {{parameters}}.
import type { TFunction } from "i18next";
import { RBD_MESSAGES, type RbdProblem } from "../../../kernels/rbd/validate.ts";

type MessageKey = keyof typeof RBD_MESSAGES;

const fill = (template: string, params?: Record<string, string | number>) =>
  template.replace(/\{(\w+)\}/g, (_, key: string) => String(params?.[key] ?? `{${key}}`));

export function problemKey(problem: RbdProblem): MessageKey | undefined {
  return (Object.keys(RBD_MESSAGES) as MessageKey[]).find(
    (key) => fill(RBD_MESSAGES[key], problem.params) === problem.message,
  );
}

export function problemText(problem: RbdProblem, t: TFunction): string {
  // A failure model problem carries its message key of the shared messages namespace.
  if (problem.key) return t(`messages:${problem.key}`, { ...problem.params });
  const key = problemKey(problem);
  return key ? t(`rbd:problems.${key}`, problem.params ?? {}) : problem.message;
}

/** The field a problem is about, as the attribute panel names its inputs ("distribution.beta", "k"). */
export function problemsFor(
  problems: readonly RbdProblem[],
  blockId: string | undefined,
  field?: string,
): RbdProblem[] {
  return problems.filter((p) => p.blockId === blockId && (field === undefined || p.field === field));
}
