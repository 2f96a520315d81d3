import type { QueryClient } from "@tanstack/react-query";
import type { YearMonth } from "../../domain/budget";
import { currentUserQueryOptions } from "../api/auth/get-current-user";
import { balancesQueryOptions } from "../api/balances/get-balances";
import { categoriesQueryOptions } from "../api/categories/get-categories";
import { expensesPageQueryOptions, noExpenseFilters } from "../api/expenses/get-expenses-page";
import { familyQueryOptions } from "../api/family/get-family";
import { familyPeopleQueryOptions } from "../api/family/get-family-people";
import { incomesQueryOptions } from "../api/incomes/get-incomes";
import { unreadCountQueryOptions } from "../api/notifications/get-unread-count";
import { recurringDueQueryOptions } from "../api/recurring/get-recurring-due";
import { monthSummaryQueryOptions } from "../api/summary/get-month-summary";
import { hasStoredUser } from "../lib/auth";
import { todayIso } from "../lib/format";
import { isPublicPath } from "../lib/routes";
import { selectedMonthOf } from "../lib/use-selected-month";
import { viewParamOf } from "../lib/view-param";

type Address = { pathname: string; search: string };

type Prefetch = (queryClient: QueryClient, address: Address) => void;

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

/**
 * What each signed-in screen reads as it opens (RequireFamily's family first), all of it: a call
 * its components made only once they rendered came back after the first paint and drew large
 * parts of the screen again (the bell, the due bills, the payers' names: ~45 ms of rendering and
 * ~50 ms of style and layout in a Chromium trace of the dashboard).
 */
const screenCalls: Record<string, Prefetch[]> = {
  "/": [family, monthSummary, dueBills, people, unreadCount],
  "/expenses": [family, firstExpensePage, categories, people, unreadCount],
  "/categories": [family, categories, unreadCount],
  "/reports": [family, monthSummary, people, unreadCount],
  "/family": [family, unreadCount],
  "/balances": [family, balances, people, unreadCount],
  "/incomes": [family, monthIncomes, people, unreadCount],
};

/**
 * Starts the calls the screen at `address` needs, all at once, before React mounts (main.tsx):
 * otherwise each waits for the one before it and for the screen's chunk (user, then family, then
 * the screen's own). The screens' hooks use the same query options, so they find each call in
 * flight or answered in the cache instead of making it again.
 *
 * The sign-in screens read nothing. Without a stored user the visitor is most likely signed out
 * and sees the landing page, which needs only the user; with one, the family and the screen's
 * data are asked for alongside the user. Should the session have ended, those calls fail with
 * 401 and the landing page shows as before (signing in clears the cache).
 */
export function prefetchScreenData(queryClient: QueryClient, address: Address) {
  if (isPublicPath(address.pathname)) return;
  void queryClient.prefetchQuery(currentUserQueryOptions());
  const calls = Object.hasOwn(screenCalls, address.pathname)
    ? screenCalls[address.pathname]
    : undefined;
  if (!calls || !hasStoredUser()) return;
  for (const call of calls) call(queryClient, address);
}
