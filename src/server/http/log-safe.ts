// What an unexpected failure may put in the server log. A database error names its statement (verb and
// table) and counts the parameters, never shows them: the SQL text and PostgreSQL's own messages carry the
// user's content, passwords' hashes and token hashes. Other errors keep their name and stack.

/** "insert users", "select sessions", ...: enough to find the statement in the code, nothing typed by a user. */
export function statementName(query: string): string {
  const q = query.replace(/\s+/g, " ").trim();
  const verb = /^(with|select|insert|update|delete)\b/i.exec(q)?.[1]?.toLowerCase() ?? "statement";
  const table =
    /\b(?:into|update|from)\s+"?([a-z_][a-z0-9_]*)"?/i.exec(q)?.[1] ??
    (verb === "update" ? /^update\s+"?([a-z_][a-z0-9_]*)"?/i.exec(q)?.[1] : undefined);
  return table ? `${verb} ${table}` : verb;
}

interface QueryError {
  query: string;
  params: unknown[];
}

function isQueryError(e: unknown): e is QueryError {
  return !!e && typeof (e as QueryError).query === "string" && Array.isArray((e as QueryError).params);
}

function sqlState(e: unknown): string | undefined {
  for (let cur: unknown = e, depth = 0; cur && depth < 5; depth++) {
    const code = (cur as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
    cur = (cur as { cause?: unknown }).cause;
  }
  return undefined;
}

/** One log line's worth of an unexpected error, safe to keep. */
export function describeFailure(err: unknown): string {
  for (let cur: unknown = err, depth = 0; cur && depth < 5; depth++) {
    if (isQueryError(cur)) {
      const state = sqlState(cur);
      return `database statement "${statementName(cur.query)}" with ${cur.params.length} parameters failed${state ? ` (SQLSTATE ${state})` : ""}`;
    }
    cur = (cur as { cause?: unknown }).cause;
  }
  const state = sqlState(err);
  if (state) return `database error (SQLSTATE ${state})`;
  if (err instanceof Error) {
    const frames = (err.stack ?? "").split("\n").filter((line) => /^\s+at /.test(line));
    return [`${err.name}: ${err.message}`, ...frames].join("\n");
  }
  return typeof err;
}
