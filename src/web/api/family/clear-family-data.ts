import type { QueryClient } from "@tanstack/react-query";
import { queryKeys } from "../../lib/query-keys";

/**
 * After leaving or deleting the family the caller has none: the family is set to null at once
 * (every screen gated on it shows family setup), and what belonged to the old family is dropped
 * rather than refetched, since asking for it now would only answer 404.
 */
export function clearFamilyData(queryClient: QueryClient) {
  queryClient.setQueryData(queryKeys.family, null);
  for (const queryKey of [
    queryKeys.familyMembers,
    queryKeys.categories,
    queryKeys.expenses,
    queryKeys.summary,
  ]) {
    queryClient.removeQueries({ queryKey });
  }
}
