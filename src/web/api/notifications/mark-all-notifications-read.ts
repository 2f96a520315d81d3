import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { UnreadCount } from "../../../contract/notifications";
import { type MutationCallbacks, sendJson } from "../../lib/api-client";
import { invalidateTopics } from "../../lib/query-keys";

/** POST /api/notifications/read-all: every notification of the caller read. */
export const markAllNotificationsRead = () =>
  sendJson<UnreadCount>("POST", "/api/notifications/read-all");

/** Refreshes the list and the bell's count (both under "/api/notifications"). */
export function useMarkAllNotificationsRead(callbacks: MutationCallbacks<UnreadCount, void> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onSuccess: async (answer, variables) => {
      await invalidateTopics(queryClient, ["notifications"]);
      return callbacks.onSuccess?.(answer, variables);
    },
    onError: callbacks.onError,
  });
}
