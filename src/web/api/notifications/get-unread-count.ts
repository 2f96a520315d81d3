import { queryOptions, useQuery } from "@tanstack/react-query";
import type { UnreadCount } from "../../../contract/notifications";
import { getJson } from "../../lib/api-client";
import { queryKeys } from "../../lib/query-keys";

/** GET /api/notifications/unread-count: the bell's number, one indexed count on the server. */
export const fetchUnreadCount = (signal?: AbortSignal) =>
  getJson<UnreadCount>("/api/notifications/unread-count", { signal });

/**
 * Under the "/api/notifications" prefix, which every expense mutation refreshes (an alert is
 * written in the expense's own transaction). Alerts also come from other members and from the
 * recurring rules, so the count is asked for again every minute while the app is open: one small
 * indexed read per open tab per minute.
 */
export const unreadCountQueryOptions = () =>
  queryOptions({
    queryKey: [...queryKeys.notifications, "unread-count"] as const,
    queryFn: ({ signal }) => fetchUnreadCount(signal),
    refetchInterval: 60_000,
    staleTime: 30_000,
  });

export const useUnreadCount = (enabled: boolean) =>
  useQuery({ ...unreadCountQueryOptions(), enabled });
