import type { QueryClient } from "@tanstack/react-query";
import { cardBillsKey } from "../card-bills/get-card-bills";
import { invalidateExpenseData } from "../expenses/invalidate-expense-data";
import { familyHistoryKey } from "../history/get-family-history";

/** Every read of a series (GET /api/installments/:id) is keyed under this prefix. */
export const installmentsKey = ["/api/installments"] as const;

/**
 * A series write is an expense write of many installments at once (docs/product.md#installments):
 * the expense lists and months (the trend is under the summary's prefix), the card bills each
 * installment sits in, the series' reads, and its one history entry.
 */
export function invalidateInstallmentData(queryClient: QueryClient) {
  return Promise.all([
    invalidateExpenseData(queryClient),
    queryClient.invalidateQueries({ queryKey: cardBillsKey }),
    queryClient.invalidateQueries({ queryKey: familyHistoryKey }),
    queryClient.invalidateQueries({ queryKey: installmentsKey }),
  ]);
}
