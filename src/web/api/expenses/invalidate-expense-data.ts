import type { QueryClient } from "@tanstack/react-query";
import { balancesKey } from "../balances/get-balances";

/**
 * Every read an expense change can alter: each filtered page list of the Expenses screen (all keyed
 * under "/api/expenses"), each month's summary the dashboard or the reports hold (what the coming
 * months already hold included), the accounts and cards, whose cards' limit used is what their
 * bills still owe (docs/product.md#already-committed), and who owes whom, which who paid and for
 * whom move (docs/product.md#who-owes-whom). Prefixes, so one call covers every filter and every
 * month without knowing which are cached.
 */
const expenseDataKeys = [
  ["/api/expenses"],
  ["/api/summary"],
  ["/api/notifications"],
  ["/api/payment-methods"],
  balancesKey,
] as const;

export function invalidateExpenseData(queryClient: QueryClient) {
  return Promise.all(
    expenseDataKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  );
}
