import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { LeaveFamilyResponse } from "../../../contract/account-actions";
import { type MutationCallbacks, sendJson } from "../../lib/api-client";
import { clearFamilyData } from "./clear-family-data";

/** POST /api/family/leave: a member leaves; their expenses stay with the family. */
export const postLeaveFamily = () => sendJson<LeaveFamilyResponse>("POST", "/api/family/leave");

/** The screen's callback first (toast, close the dialog), then the family is gone from the cache. */
export function useLeaveFamily(callbacks: MutationCallbacks<LeaveFamilyResponse, void> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postLeaveFamily,
    onSuccess: async (result, variables) => {
      await callbacks.onSuccess?.(result, variables);
      clearFamilyData(queryClient);
    },
    onError: callbacks.onError,
  });
}
