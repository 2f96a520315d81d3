import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ProfileUpdateInput } from "../../../contract/auth";
import type { User } from "../../../contract/user";
import { type MutationCallbacks, sendJson } from "../../lib/api-client";
import { currentUserQueryKey, setCurrentUser } from "../auth/get-current-user";
import { familyMembersQueryKey } from "../family/get-family-members";

/** PATCH /api/profile: the caller's own names; answers the updated user. */
export const patchProfile = (input: ProfileUpdateInput) =>
  sendJson<User>("PATCH", "/api/profile", input);

/** The header shows the user's name and member lists show everyone's, so both are refreshed. */
export function useUpdateProfile(callbacks: MutationCallbacks<User, ProfileUpdateInput> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: patchProfile,
    onSuccess: (user, input) => {
      setCurrentUser(queryClient, user);
      void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
      void queryClient.invalidateQueries({ queryKey: familyMembersQueryKey });
      return callbacks.onSuccess?.(user, input);
    },
    onError: callbacks.onError,
  });
}
