import type { QueryClient } from "@tanstack/react-query";

/**
 * Every read an expense change can alter: each filtered page list of the Expenses screen (all keyed
 * under "/api/expenses") and each month's summary the dashboard or the reports hold. Prefixes, so
 * one call covers every filter and every month without knowing which are cached.
 */
const expenseDataKeys = [["/api/expenses"], ["/api/summary"], ["/api/notifications"]] as const;

export function invalidateExpenseData(queryClient: QueryClient) {
  return Promise.all(
    expenseDataKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  );
}
