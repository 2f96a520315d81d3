import { queryOptions, useQuery } from "@tanstack/react-query";
import type { NotificationList } from "../../../contract/notifications";
import { getJson } from "../../lib/api-client";
import { queryKeys } from "../../lib/query-keys";

/** GET /api/notifications: the newest notifications (newest first) and the unread count. */
export const fetchNotifications = (signal?: AbortSignal) =>
  getJson<NotificationList>("/api/notifications", { signal });

export const notificationsQueryOptions = () =>
  queryOptions({
    queryKey: [...queryKeys.notifications, "list"] as const,
    queryFn: ({ signal }) => fetchNotifications(signal),
    // Opening the list shows what is new since it was last opened.
    staleTime: 0,
  });

export const useNotifications = () => useQuery(notificationsQueryOptions());
