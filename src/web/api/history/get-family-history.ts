import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import type { HistoryKind, HistoryPage, HistoryQuery } from "../../../contract/history";
import { getJson, withQuery } from "../../lib/api-client";
import { queryKeys } from "../../lib/query-keys";

/** The filters as the History screen's inputs hold them: "" when unset, dates as YYYY-MM-DD. */
export type HistoryFilters = { person: string; kind: "" | HistoryKind; from: string; to: string };

export const noHistoryFilters: HistoryFilters = { person: "", kind: "", from: "", to: "" };

/** A local calendar date's midnight as an instant (the server filters on instants). */
const localMidnight = (date: string, addDays = 0) => {
  const [year = 0, month = 1, day = 1] = date.split("-").map(Number);
  return new Date(year, month - 1, day + addDays).toISOString();
};

/**
 * The query for these filters: the period from the start of `from` to the end of `to` in the
 * person's own time zone, so what they did late on the last day of a month is in that month.
 */
export function historyQuery(filters: HistoryFilters): Omit<HistoryQuery, "cursor"> {
  const query: Omit<HistoryQuery, "cursor"> = {};
  if (filters.person !== "") query.actorUserId = filters.person;
  if (filters.kind !== "") query.kind = filters.kind;
  if (filters.from !== "") query.from = localMidnight(filters.from);
  if (filters.to !== "") query.to = localMidnight(filters.to, 1);
  return query;
}

/** A start after the end: not sent (the server would refuse it). */
export const historyRangeReversed = ({ from, to }: HistoryFilters) =>
  from !== "" && to !== "" && from > to;

/** GET /api/family/history: one page, newest first; `cursor` is the previous page's nextCursor. */
export const fetchFamilyHistory = (query: HistoryQuery, signal?: AbortSignal) =>
  getJson<HistoryPage>(
    withQuery("/api/family/history", {
      actorUserId: query.actorUserId,
      kind: query.kind,
      from: query.from,
      to: query.to,
      cursor: query.cursor,
    }),
    { signal },
  );

export const familyHistoryKey = queryKeys.familyHistory;

export const familyHistoryQueryOptions = (filters: HistoryFilters) => {
  const query = historyQuery(filters);
  return infiniteQueryOptions({
    queryKey: [...familyHistoryKey, query] as const,
    queryFn: ({ pageParam, signal }) =>
      fetchFamilyHistory(pageParam === null ? query : { ...query, cursor: pageParam }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last: HistoryPage) => last.nextCursor,
    // Every change anywhere in the app adds to the history: opening the screen asks again
    // rather than each mutation knowing about it.
    staleTime: 0,
  });
};

export const useFamilyHistory = (filters: HistoryFilters) =>
  useInfiniteQuery({
    ...familyHistoryQueryOptions(filters),
    enabled: !historyRangeReversed(filters),
    placeholderData: keepPreviousData,
  });
