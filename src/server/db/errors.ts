/** PostgreSQL error details as both drivers report them (Drizzle wraps the driver's error). */
function pgError(error: unknown): { code?: string; constraint?: string } | undefined {
  if (!error || typeof error !== "object") return undefined;
  const cause = (error as { cause?: unknown }).cause;
  if (cause && typeof cause === "object" && "code" in cause)
    return cause as { code?: string; constraint?: string };
  return error as { code?: string; constraint?: string };
}

export const isUniqueViolation = (error: unknown, constraint?: string) => {
  const e = pgError(error);
  return e?.code === "23505" && (!constraint || e.constraint === constraint);
};

export const isForeignKeyViolation = (error: unknown, constraint?: string) => {
  const e = pgError(error);
  return e?.code === "23503" && (!constraint || e.constraint === constraint);
};
