import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Family, JoinFamilyInput } from "../../../contract/family";
import { type MutationCallbacks, sendJson } from "../../lib/api-client";
import { refreshFamilyData } from "./refresh-family-data";

/** POST /api/family/join: joins the family of a typed invite code. */
export const postJoinFamily = (input: JoinFamilyInput) =>
  sendJson<Family>("POST", "/api/family/join", input);

/** As with creating one: the screen's toast, then the refetch the form waits for. */
export function useJoinFamily(callbacks: MutationCallbacks<Family, JoinFamilyInput> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postJoinFamily,
    onSuccess: async (family, input) => {
      await callbacks.onSuccess?.(family, input);
      await refreshFamilyData(queryClient);
    },
    onError: callbacks.onError,
  });
}
