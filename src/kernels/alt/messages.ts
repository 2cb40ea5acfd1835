// The ALT kernels' problems in the one Problem shape; texts in src/shared/messages.ts ("alt.*" and the shared
// keys), so the CLI, the app and the server show the same sentence in four languages.
import { type MessageKey, type MessageParams, messageText } from "../../shared/messages.ts";
import type { Problem } from "../../shared/problem.ts";
import type { LifeIssue, LifeMessageKey } from "../life/messages.ts";

export type AltMessageKey = Extract<MessageKey, `alt.${string}` | LifeMessageKey>;

/** One problem: a Problem with its English text; rows are 1-based data rows, columns the kernel's names. */
export interface AltIssue extends Problem {
  key: AltMessageKey;
  message: string;
  params?: MessageParams;
  row?: number;
  /** "end", "start", "state", "quantity", or "stress1".."stress4". */
  column?: string;
  option?: string;
}

export class AltInputError extends Error {
  override name = "AltInputError";
  constructor(readonly issues: AltIssue[]) {
    super(issues.map((i) => (i.row ? `row ${i.row}: ${i.message}` : i.message)).join("; "));
  }
}

export function altIssue(
  key: AltMessageKey,
  where: Omit<AltIssue, "key" | "message" | "where"> = {},
): AltIssue {
  const place: (string | number)[] =
    where.row !== undefined
      ? [where.row, ...(where.column ? [where.column] : [])]
      : where.option
        ? [where.option]
        : [];
  return { key, message: messageText(key, where.params ?? {}), ...where, where: place };
}

/** A life-data row issue as an ALT issue (same key, row and column). */
export function fromLifeIssue(i: LifeIssue): AltIssue {
  return altIssue(i.key, { row: i.row, column: i.column, option: i.option, params: i.params });
}
