// The expense list's limits without zod: the web's early calls (routes/screen-data.ts) read them
// before anything else loads, and must not download zod (the landing page's budget,
// docs/internals/web.md#what-the-landing-page-loads). expenses.ts re-exports them.
export const EXPENSE_PAGE_SIZE = 50;
export const EXPENSE_PAGE_SIZE_MAX = 200;
export const EXPENSE_SEARCH_MAX = 100;
