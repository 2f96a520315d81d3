import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { UnreadCount } from "../../../contract/notifications";
import { type MutationCallbacks, sendJson } from "../../lib/api-client";
import { invalidateTopics } from "../../lib/query-keys";

/** POST /api/notifications/:id/read: one of the caller's notifications read; answers the unread count. */
export const markNotificationRead = (id: string) =>
  sendJson<UnreadCount>("POST", `/api/notifications/${encodeURIComponent(id)}/read`);

/** Refreshes the list and the bell's count (both under "/api/notifications"). */
export function useMarkNotificationRead(callbacks: MutationCallbacks<UnreadCount, string> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationRead,
    onSuccess: async (answer, variables) => {
      await invalidateTopics(queryClient, ["notifications"]);
      return callbacks.onSuccess?.(answer, variables);
    },
    onError: callbacks.onError,
  });
}
