// The one shape every validation rule answers with, wherever it runs: a message key of messages.ts
// (translated in locales/<lang>/messages.json), the values its {{placeholders}} take, and where the
// problem is (a field path, a row and column, an element id). The server's envelope (data.issues), the
// editors' problem lists, the import summary and the CLI all render this shape; none has its own.
import { type MessageKey, messageText } from "./messages.ts";

export interface Problem {
  key: MessageKey;
  params?: Readonly<Record<string, string | number>>;
  /** Path to the offending value: field names, array indices, row numbers, element ids. */
  where?: readonly (string | number)[];
  /** An error stops the action; a warning is shown and the action may go on. Default: error. */
  severity?: "error" | "warning";
}

/** The English text of a problem (the server's `msg`, the CLI); the app translates with components/problem.ts. */
export function problemText(problem: Pick<Problem, "key" | "params">): string {
  return messageText(problem.key, problem.params ? { ...problem.params } : undefined);
}

/** "where: text", the command line's one form of a problem. */
export function problemLine(problem: Problem): string {
  const where = (problem.where ?? []).join(" ");
  return where ? `${where}: ${problemText(problem)}` : problemText(problem);
}
