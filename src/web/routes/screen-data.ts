import type { QueryClient } from "@tanstack/react-query";
import type { YearMonth } from "../../domain/budget";
import { balancesQueryOptions } from "../api/balances/get-balances";
import { categoriesQueryOptions } from "../api/categories/get-categories";
import { expensesPageQueryOptions, noExpenseFilters } from "../api/expenses/get-expenses-page";
import { familyQueryOptions } from "../api/family/get-family";
import { familyPeopleQueryOptions } from "../api/family/get-family-people";
import { incomesQueryOptions } from "../api/incomes/get-incomes";
import { unreadCountQueryOptions } from "../api/notifications/get-unread-count";
import { recurringDueQueryOptions } from "../api/recurring/get-recurring-due";
import { monthSummaryQueryOptions } from "../api/summary/get-month-summary";
import { todayIso } from "../lib/format";
import { selectedMonthOf } from "../lib/use-selected-month";
import { viewParamOf } from "../lib/view-param";

export type Address = { pathname: string; search: string };

/** One early call of a screen, made from the opened address (registry.tsx). */
export type Prefetch = (queryClient: QueryClient, address: Address) => void;

const family: Prefetch = (queryClient) => void queryClient.prefetchQuery(familyQueryOptions());
const categories: Prefetch = (queryClient) =>
  void queryClient.prefetchQuery(categoriesQueryOptions());
/**
 * Asks for what a month screen reads of its shown month, as useSelectedMonth picks it: the
 * address's month, else the family's current budget month, known once GET /api/family has
 * answered (docs/product.md#choosing-the-month). Meanwhile the calendar month's is asked for: it
 * is every family's by default, and on most days another rule's too; when the family's rule makes
 * it another month, that one is asked for as soon as the rule is known.
 */
function shownMonth(
  prefetch: (queryClient: QueryClient, month: YearMonth, params: URLSearchParams) => unknown,
): Prefetch {
  return (queryClient, { search }) => {
    const params = new URLSearchParams(search);
    void prefetch(queryClient, selectedMonthOf(params), params);
    queryClient.ensureQueryData(familyQueryOptions()).then(
      (found) => {
        if (found)
          void prefetch(
            queryClient,
            selectedMonthOf(params, todayIso(), found.budgetPeriod),
            params,
          );
      },
      // The screen shows the family's failure itself.
      () => undefined,
    );
  };
}

/**
 * The shown month as the address's view has it (docs/product.md#viewing-as-a-member): the
 * family's, or the member's whose id is in ?view=, asked for at once like the family's, before the
 * people's call says whether the id is a member's (one that is not answers an empty month, and the
 * screen then asks for the family's).
 */
const monthSummary = shownMonth((queryClient, month, params) =>
  queryClient.prefetchQuery(monthSummaryQueryOptions(month, viewParamOf(params))),
);
/** The month's due recurring bills (the dashboard's card). */
const dueBills = shownMonth((queryClient, month) =>
  queryClient.prefetchQuery(recurringDueQueryOptions(month)),
);
/** Who paid, by name (the recent expenses, the list, the payer select, the reports), and 'Ver como'. */
const people: Prefetch = (queryClient) =>
  void queryClient.prefetchQuery(familyPeopleQueryOptions());
/** The bell's number, in the frame of every signed-in screen. */
const unreadCount: Prefetch = (queryClient) =>
  void queryClient.prefetchQuery(unreadCountQueryOptions());
/** The shown budget month's income and its total. */
const monthIncomes = shownMonth((queryClient, month) =>
  queryClient.prefetchQuery(incomesQueryOptions(month)),
);
/** Who owes whom: all time at /balances, the named budget month with ?month=&year=. */
const balances: Prefetch = (queryClient, { search }) => {
  const params = new URLSearchParams(search);
  const month = params.has("month") && params.has("year") ? selectedMonthOf(params) : null;
  void queryClient.prefetchQuery(balancesQueryOptions(month));
};
/** The unfiltered first page: ExpenseList starts with noExpenseFilters. */
const firstExpensePage: Prefetch = (queryClient) =>
  void queryClient.prefetchInfiniteQuery(expensesPageQueryOptions(noExpenseFilters));

/** The calls the screens' entries in registry.tsx name as their early ones. */
export const earlyCalls = {
  family,
  categories,
  monthSummary,
  dueBills,
  people,
  unreadCount,
  monthIncomes,
  balances,
  firstExpensePage,
};
