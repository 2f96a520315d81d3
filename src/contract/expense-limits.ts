// The expense list's limits without zod: the web's early calls (routes/screen-data.ts) read them
// before anything else loads, and must not download zod (the landing page's budget,
// docs/internals/web.md#what-the-landing-page-loads). expenses.ts re-exports them.
export const EXPENSE_PAGE_SIZE = 50;
export const EXPENSE_PAGE_SIZE_MAX = 200;
export const EXPENSE_SEARCH_MAX = 100;
/**
 * The most rows one unpaged list answers (GET /api/expenses without a month, a month of
 * GET /api/incomes): more is refused with `too_many_rows`, so one request cannot build an answer
 * of tens of megabytes; the paged list and the CSV export read any number.
 */
export const LIST_ROWS_MAX = 10_000;
