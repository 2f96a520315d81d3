import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { CreateFamilyInput, Family } from "../../../contract/family";
import { type MutationCallbacks, sendJson } from "../../lib/api-client";
import { refreshFamilyData } from "./refresh-family-data";

/** POST /api/family: the caller becomes the owner of a new family. */
export const postFamily = (input: CreateFamilyInput) =>
  sendJson<Family>("POST", "/api/family", input);

/**
 * The screen's callback runs first (its toast), then the hook waits for the refetch, so the form
 * stays pending until the page can show the new family.
 */
export function useCreateFamily(callbacks: MutationCallbacks<Family, CreateFamilyInput> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postFamily,
    onSuccess: async (family, input) => {
      await callbacks.onSuccess?.(family, input);
      await refreshFamilyData(queryClient);
    },
    onError: callbacks.onError,
  });
}
