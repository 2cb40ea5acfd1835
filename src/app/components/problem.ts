// The app's one renderer of validation problems (src/shared/problem.ts): the message key translated from
// the messages namespace with the problem's parameters. The server's envelope issues, the editors' problem
// lists, the life kernels' issues and the import summaries all come through here.

import type { Problem } from "../../shared/problem.ts";
import { i18n } from "../i18n.ts";

export function problemMessage(problem: Pick<Problem, "key" | "params">): string {
  return String(i18n.t(`messages:${problem.key}`, { ...(problem.params ?? {}) }));
}
