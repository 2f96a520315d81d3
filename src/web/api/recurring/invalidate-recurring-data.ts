import type { QueryClient } from "@tanstack/react-query";
import { invalidateExpenseData } from "../expenses/invalidate-expense-data";

/**
 * What a rule change can alter: the rules and every month's bills still due (all under
 * "/api/recurring"), and the expenses a rule starting in the past creates at once.
 */
export const invalidateRecurringData = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: ["/api/recurring"] }),
    invalidateExpenseData(queryClient),
  ]);
