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

export const isCheckViolation = (error: unknown, constraint?: string) => {
  const e = pgError(error);
  return e?.code === "23514" && (!constraint || e.constraint === constraint);
};

/** 2201B: a regular expression PostgreSQL cannot read, or one too complex for it. */
export const isInvalidRegularExpression = (error: unknown) => pgError(error)?.code === "2201B";

export const isForeignKeyViolation = (error: unknown, constraint?: string) => {
  const e = pgError(error);
  return e?.code === "23503" && (!constraint || e.constraint === constraint);
};

/** What of a database error may be logged: names from the schema, never values. */
export type DatabaseErrorSummary = {
  type: "DatabaseError";
  /** The SQLSTATE, e.g. 23505 (unique violation), 22021 (a NUL byte in text). */
  code?: string;
  constraint?: string;
  table?: string;
  column?: string;
};

type PgFields = { code?: unknown; constraint?: unknown; table?: unknown; column?: unknown };

const isPgError = (value: object) =>
  "severity" in value && typeof (value as { code?: unknown }).code === "string";
// Drizzle's DrizzleQueryError: its message is the query text and its parameters.
const isQueryError = (value: object) => "query" in value && "params" in value;

/**
 * A database error (the driver's, or Drizzle's wrapping it, anywhere in the `cause` chain) reduced
 * to what identifies it: its code, constraint, table and column. Its message, `detail` ("Key
 * (email)=(ana@...) already exists"), `where`, and Drizzle's query text and parameters (a password
 * hash or a token among them) are left out, so a log never holds a user's values (docs/architecture.md#the-life-of-a-request).
 * undefined for any other error.
 */
export function databaseErrorSummary(error: unknown): DatabaseErrorSummary | undefined {
  let found = false;
  let pg: PgFields | undefined;
  const seen = new Set<unknown>();
  for (let e: unknown = error; e && typeof e === "object" && !seen.has(e); ) {
    seen.add(e);
    if (isQueryError(e)) found = true;
    if (isPgError(e)) {
      found = true;
      pg ??= e as PgFields;
    }
    e = (e as { cause?: unknown }).cause;
  }
  if (!found) return undefined;
  const summary: DatabaseErrorSummary = { type: "DatabaseError" };
  for (const key of ["code", "constraint", "table", "column"] as const) {
    const value = pg?.[key];
    if (typeof value === "string") summary[key] = value;
  }
  return summary;
}
