import type { Language } from "../../../contract/common";
import { withQuery } from "../../lib/api-client";
import { type ExpenseFilters, expensePageQuery } from "./get-expenses-page";

/**
 * GET /api/expenses/export.csv: the address of the CSV file of what the list shows. A plain
 * download link (the session cookie goes with it, and the browser saves the streamed file as it
 * comes, never holding it in the page), so there is no fetcher or hook. The filters go through
 * the page call's own normalisation, so the file and the list ask the server the same thing; the
 * language is the screen's, which may differ from the account's preferred one.
 */
export function expensesExportUrl(filters: ExpenseFilters, language: Language): string {
  const query = expensePageQuery(filters);
  return withQuery("/api/expenses/export.csv", {
    search: query.search,
    categoryId: query.categoryId,
    from: query.from,
    to: query.to,
    paidByUserId: query.paidByUserId,
    paymentMethodId: query.paymentMethodId,
    language,
  });
}
