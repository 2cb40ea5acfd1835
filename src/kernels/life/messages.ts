// The life kernels' problems with their input, in the one Problem shape (src/shared/problem.ts). Texts live
// once in src/shared/messages.ts: the spec's keys (ciAnalysisRange, betaRange, ...) and life's own, "life.*".
import { MESSAGES, type MessageKey, type MessageParams, messageText } from "../../shared/messages.ts";
import type { Problem } from "../../shared/problem.ts";

/** The message keys the life kernels use. */
export type LifeMessageKey = Extract<
  MessageKey,
  | `life.${string}`
  | "ciAnalysisRange"
  | "addDataPoint"
  | "valuePositive"
  | "betaRange"
  | "reliabilityRange"
  | "growthNoFailureRecords"
>;

/** English texts of the life keys (the CLI's and the tests' view of MESSAGES). */
export const LIFE_MESSAGES = MESSAGES as Pick<typeof MESSAGES, LifeMessageKey>;

export function formatLifeMessage(key: LifeMessageKey, params: MessageParams = {}): string {
  return messageText(key, params);
}

/** One problem with the input: a Problem plus its English text and life's names for where it is. */
export interface LifeIssue extends Problem {
  key: LifeMessageKey;
  message: string;
  params?: Record<string, string | number>;
  /** 1-based data row (header not counted) when the problem is in a row. */
  row?: number;
  column?: "quantity" | "start" | "end" | "state" | "group";
  /** The option at fault, when it is an option. */
  option?: string;
}

/** Thrown by the life kernels for input a user can fix; carries every issue found, not just the first. */
export class LifeInputError extends Error {
  override name = "LifeInputError";
  constructor(readonly issues: LifeIssue[]) {
    super(issues.map((i) => (i.row ? `row ${i.row}: ${i.message}` : i.message)).join("; "));
  }
}

export function issue(
  key: LifeMessageKey,
  where: Omit<LifeIssue, "key" | "message" | "where"> = {},
): LifeIssue {
  const place: (string | number)[] =
    where.row !== undefined
      ? [where.row, ...(where.column ? [where.column] : [])]
      : where.option
        ? [where.option]
        : [];
  return { key, message: formatLifeMessage(key, where.params), ...where, where: place };
}
