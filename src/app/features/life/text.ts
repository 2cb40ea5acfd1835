// Texts of messages that come as keys: cell rules (full i18next keys such as "grid:cell.empty") and the
// kernels' issues, Problems whose keys are message keys (messages:<key>, life's own as messages:life.*).
import type { TFunction } from "i18next";
import type { Problem } from "../../../shared/problem.ts";
import { problemMessage } from "../../components/problem.ts";
import type { CellMessage } from "../../components/spreadsheet/table.ts";

export function messageText(t: TFunction, m: CellMessage): string {
  return String(t(m.key, { ...(m.params ?? {}) }));
}

/** A life kernel issue (a Problem) in the user's language: the app's one problem renderer. `t` is kept so
 * callers pass their screen's translator as for the other texts here. */
export function issueText(_t: TFunction, issue: Pick<Problem, "key" | "params">): string {
  return problemMessage(issue);
}

/** Numbers as engineers read them: 6 significant digits, exponent form when very large or small. */
export function num(value: number | null | undefined, digits = 6): string {
  if (value === null || value === undefined) return "—";
  if (Number.isNaN(value)) return "—";
  if (!Number.isFinite(value)) return value > 0 ? "∞" : "−∞";
  if (value !== 0 && (Math.abs(value) >= 1e7 || Math.abs(value) < 1e-4))
    return value.toExponential(digits - 2);
  return String(Number(value.toPrecision(digits)));
}
