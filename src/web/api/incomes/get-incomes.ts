import { queryOptions, useQuery } from "@tanstack/react-query";
import type { IncomeList } from "../../../contract/incomes";
import type { YearMonth } from "../../../domain/budget";
import { getJson, withQuery } from "../../lib/api-client";
import { queryKeys } from "../../lib/query-keys";

/**
 * Every read of income is keyed under this prefix, so an income's create, change and delete and
 * the live updates' `incomes` topic (api/live-updates) refresh them all at once.
 */
export const incomesKey = queryKeys.incomes;

/**
 * GET /api/incomes?month=&year=: the family's income of one budget month, newest first, and its
 * total (docs/product.md#income): others' private incomes are in the total, not in the list.
 */
export const fetchIncomes = ({ year, month }: YearMonth, signal?: AbortSignal) =>
  getJson<IncomeList>(withQuery("/api/incomes", { year, month }), { signal });

export const incomesQueryOptions = (month: YearMonth) =>
  queryOptions({
    queryKey: [...incomesKey, { year: month.year, month: month.month }] as const,
    queryFn: ({ signal }) => fetchIncomes(month, signal),
  });

export const useIncomes = (month: YearMonth) => useQuery(incomesQueryOptions(month));
