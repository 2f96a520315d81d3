import type { QueryClient } from "@tanstack/react-query";
import { categoriesQueryOptions } from "../categories/get-categories";
import { familyQueryOptions } from "./get-family";
import { familyMembersQueryKey } from "./get-family-members";

/**
 * After leaving or deleting the family the caller has none: the family is set to null at once
 * (every screen gated on it shows family setup), and what belonged to the old family is dropped
 * rather than refetched, since asking for it now would only answer 404.
 */
export function clearFamilyData(queryClient: QueryClient) {
  queryClient.setQueryData(familyQueryOptions().queryKey, null);
  for (const queryKey of [
    familyMembersQueryKey,
    categoriesQueryOptions().queryKey,
    ["/api/expenses"],
    ["/api/summary"],
  ]) {
    queryClient.removeQueries({ queryKey });
  }
}
