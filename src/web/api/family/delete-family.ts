import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { DeleteFamilyInput, DeleteFamilyResponse } from "../../../contract/account-actions";
import { type MutationCallbacks, sendJson } from "../../lib/api-client";
import { clearFamilyData } from "./clear-family-data";

/** DELETE /api/family: the owner, alone, deletes the family after typing its name. */
export const deleteFamily = (input: DeleteFamilyInput) =>
  sendJson<DeleteFamilyResponse>("DELETE", "/api/family", input);

/** The screen's callback first, then the family and everything in it leave the cache. */
export function useDeleteFamily(
  callbacks: MutationCallbacks<DeleteFamilyResponse, DeleteFamilyInput> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteFamily,
    onSuccess: async (result, input) => {
      await callbacks.onSuccess?.(result, input);
      clearFamilyData(queryClient);
    },
    onError: callbacks.onError,
  });
}
