// Recognising database errors the service answers on purpose (the driver wraps them differently).
function codeOf(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string") return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** A unique index refused the row (PostgreSQL 23505). */
export function isUniqueViolation(error: unknown): boolean {
  return codeOf(error) === "23505";
}
