import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import { EXPENSE_SEARCH_MAX } from "../../../contract/expense-limits";
import type { ExpenseListItem, ExpensePage, ExpensePageQuery } from "../../../contract/expenses";
import { getJson, withQuery } from "../../lib/api-client";
import { queryKeys } from "../../lib/query-keys";

/** The category filter's value for "every category" (the contract's is simply no categoryId). */
export const ALL_CATEGORIES = "all";
/** The payer filter's value for "everyone" (no paidByUserId). */
export const ALL_PAYERS = "all";
/** The payment method filter's value for "any, or none" (no paymentMethodId). */
export const ALL_METHODS = "all";

/** The Expenses screen's filters as its inputs hold them: strings, "" when unset. */
export type ExpenseFilters = {
  search: string;
  /** ALL_CATEGORIES, a category id, or the contract's UNCATEGORISED ("none"). */
  category: string;
  /** YYYY-MM-DD or "". */
  from: string;
  to: string;
  /** ALL_PAYERS or a user id (a member, or a former member who paid). */
  payer: string;
  /** ALL_METHODS or a payment method's id (docs/product.md#payment-methods). */
  method: string;
};

export const noExpenseFilters: ExpenseFilters = {
  search: "",
  category: ALL_CATEGORIES,
  from: "",
  to: "",
  payer: ALL_PAYERS,
  method: ALL_METHODS,
};

/** The query as sent: the contract's input type, with `limit` a number (the schema coerces it). */
type PageRequest = Omit<ExpensePageQuery, "limit"> & { limit?: number };

/** A start after the end: the server would refuse it (validation.dateRangeOrder), so it is not sent. */
export function dateRangeReversed({ from, to }: Pick<ExpenseFilters, "from" | "to">): boolean {
  return from !== "" && to !== "" && from > to;
}

/**
 * The query of the first page for these filters, without what is unset. The search is trimmed
 * (so "  cafe " and "cafe" share one cache entry) and cut to what the server accepts.
 */
export function expensePageQuery(filters: ExpenseFilters): PageRequest {
  const query: PageRequest = {};
  const search = filters.search.trim().slice(0, EXPENSE_SEARCH_MAX);
  if (search !== "") query.search = search;
  if (filters.category !== ALL_CATEGORIES && filters.category !== "") {
    query.categoryId = filters.category;
  }
  if (filters.from !== "") query.from = filters.from;
  if (filters.to !== "") query.to = filters.to;
  if (filters.payer !== ALL_PAYERS && filters.payer !== "") query.paidByUserId = filters.payer;
  if (filters.method !== ALL_METHODS && filters.method !== "") {
    query.paymentMethodId = filters.method;
  }
  return query;
}

/** Whether any filter narrows the list (the empty state then says "adjust the filters"). */
export function hasActiveFilters(filters: ExpenseFilters): boolean {
  return Object.keys(expensePageQuery(filters)).length > 0;
}

/** GET /api/expenses/page: one page, newest first; `cursor` is the previous page's nextCursor. */
export const fetchExpensesPage = (query: PageRequest, signal?: AbortSignal) =>
  getJson<ExpensePage>(
    withQuery("/api/expenses/page", {
      search: query.search,
      categoryId: query.categoryId,
      from: query.from,
      to: query.to,
      paidByUserId: query.paidByUserId,
      paymentMethodId: query.paymentMethodId,
      cursor: query.cursor,
      limit: query.limit,
    }),
    { signal },
  );

/**
 * Under the "/api/expenses" prefix, so every expense mutation refetches every filtered list.
 * The key holds the normalised query, so equal filters share one cache entry.
 */
export const expensesPageQueryOptions = (filters: ExpenseFilters) => {
  const query = expensePageQuery(filters);
  return infiniteQueryOptions({
    queryKey: [...queryKeys.expenses, "page", query] as const,
    queryFn: ({ pageParam, signal }) =>
      fetchExpensesPage(pageParam === null ? query : { ...query, cursor: pageParam }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last: ExpensePage) => last.nextCursor,
  });
};

/** The loaded pages as one list, and the first page's count and sum of everything matching. */
export function flattenPages(pages: readonly ExpensePage[] | undefined): {
  items: ExpenseListItem[];
  totals: ExpensePage["totals"];
} {
  const seen = new Set<string>();
  const items: ExpenseListItem[] = [];
  for (const page of pages ?? []) {
    for (const expense of page.items) {
      // An expense edited between two page fetches can move into a later page: show it once.
      if (seen.has(expense.id)) continue;
      seen.add(expense.id);
      items.push(expense);
    }
  }
  return { items, totals: pages?.[0]?.totals ?? null };
}

/**
 * Disabled while the filters cannot be sent (a reversed date range). While new filters load, the
 * previous results stay on screen (dimmed by the list) instead of flashing a skeleton per letter.
 */
export const useExpensesPage = (filters: ExpenseFilters) =>
  useInfiniteQuery({
    ...expensesPageQueryOptions(filters),
    enabled: !dateRangeReversed(filters),
    placeholderData: keepPreviousData,
  });
