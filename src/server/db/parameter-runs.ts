/**
 * PostgreSQL's wire protocol counts a statement's bind parameters in 16 bits: an INSERT of many
 * rows, a parameter per column of each, fails past 65,535 of them (an import of 6,000 income
 * credits did). Writers whose row count the request decides insert in runs that fit.
 */
const MAX_BIND_PARAMETERS = 65_535;

/** `rows` in runs of at most as many rows as fit the limit at `columns` parameters a row. */
export function parameterRuns<T>(rows: readonly T[], columns: number): T[][] {
  const size = Math.max(1, Math.floor(MAX_BIND_PARAMETERS / Math.max(1, columns)));
  const runs: T[][] = [];
  for (let start = 0; start < rows.length; start += size) {
    runs.push(rows.slice(start, start + size));
  }
  return runs;
}
