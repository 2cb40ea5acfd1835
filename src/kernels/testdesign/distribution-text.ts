// A distribution written as text, `weibull2p:BETA,ETA`, `normal:MU,SIGMA`, `lognormal:MU,SIGMA` (of ln t):
// the failure model's names with its parameters in its order (FAILURE_PARAMETERS), for the command line
// and the stored plans.
import {
  FAILURE_DISTRIBUTIONS,
  FAILURE_PARAMETERS,
  type FailureDistribution,
  isFailureDistributionType,
  OPTIONAL_PARAMETERS,
} from "../../shared/failure-model.ts";
import type { Problem } from "../../shared/problem.ts";

export function distributionForms(): string {
  return FAILURE_DISTRIBUTIONS.filter((t) => t !== "fixed")
    .map((t) => `${t}:${FAILURE_PARAMETERS[t].map((p) => p.toUpperCase()).join(",")}`)
    .join(", ");
}

/** The distribution, or the problem with the text (its range is checked by the failure model's rules). */
export function parseDistributionText(
  text: string,
  where: string,
): { distribution: FailureDistribution } | { problem: Problem } {
  const bad = {
    problem: {
      key: "testDesign.distributionText",
      params: { forms: distributionForms() },
      where: [where],
    } as Problem,
  };
  const [name, rest = ""] = text.split(":", 2);
  if (!isFailureDistributionType(name) || name === "fixed") return bad;
  const names = FAILURE_PARAMETERS[name];
  const parts = rest.split(",").filter((s) => s.trim() !== "");
  const optional = OPTIONAL_PARAMETERS[name]?.length ?? 0;
  if (parts.length > names.length || parts.length < names.length - optional) return bad;
  const numbers = parts.map(Number);
  if (numbers.some((n) => !Number.isFinite(n))) return bad;
  const d: Record<string, unknown> = { type: name };
  numbers.forEach((n, i) => {
    d[names[i]] = n;
  });
  return { distribution: d as unknown as FailureDistribution };
}

/** The text form of a distribution (parseDistributionText reads it back). */
export function distributionText(d: FailureDistribution): string {
  const values = d as unknown as Record<string, number | undefined>;
  return `${d.type}:${FAILURE_PARAMETERS[d.type]
    .map((p) => values[p])
    .filter((v) => v !== undefined)
    .join(",")}`;
}
