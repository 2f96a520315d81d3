/**
 * How long PostgreSQL lets one of the app's connections work or wait
 * (docs/internals/data.md#databases): sent as startup parameters on every connection of the
 * pool, embedded server or DATABASE_URL alike, so a request that hangs (a runaway statement, a
 * transaction left open while something else is awaited) is ended by the server and its pooled connection comes back, instead
 * of ten of them holding the whole app.
 *
 * - A statement: the slowest the app sends are ten years of a family summed (tens of ms,
 *   docs/benchmarks.md); 30 s is far past any of them and short of a person giving up.
 * - Idle inside a transaction: nothing of a request waits on the network inside one (the CSV
 *   export reads in separate statements, features/expenses/export.ts). The alert outbox awaits one
 *   SMTP send in its transaction: a send still unanswered after a minute loses the connection, the
 *   transaction rolls back and the mail stays pending for the next poll.
 */
export type DatabaseTimeouts = { statementMs: number; idleInTransactionMs: number };

export const APP_TIMEOUTS: DatabaseTimeouts = { statementMs: 30_000, idleInTransactionMs: 60_000 };

/** As node-postgres sends them at connection time (PostgreSQL reads milliseconds). */
export const timeoutSettings = (timeouts: DatabaseTimeouts) => ({
  statement_timeout: timeouts.statementMs,
  idle_in_transaction_session_timeout: timeouts.idleInTransactionMs,
});

/**
 * Run first inside the transaction of work that legitimately lasts: a backup's one snapshot is
 * read while gzip and the disk take each batch, a restore or the PGlite import loads 50,000 rows,
 * a migration may rewrite a table. SET LOCAL ends with the transaction, so the connection goes
 * back to the pool with the app's limits.
 */
export const LIFT_TIMEOUTS_LOCALLY =
  "set local statement_timeout = 0; set local idle_in_transaction_session_timeout = 0";

/** The same for a whole session (a connection that is then discarded, never reused). */
export const LIFT_TIMEOUTS_FOR_SESSION =
  "set statement_timeout = 0; set idle_in_transaction_session_timeout = 0";
