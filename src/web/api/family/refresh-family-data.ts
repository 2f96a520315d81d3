import type { QueryClient } from "@tanstack/react-query";
import { queryKeys } from "../../lib/query-keys";

/**
 * Creating or joining a family (by form or by invite link) changes everything the budget screens
 * show: the family, its members, its categories, and every expense list and month summary (their
 * prefixes in lib/query-keys.ts).
 */
export function refreshFamilyData(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.family }),
    queryClient.invalidateQueries({ queryKey: queryKeys.familyMembers }),
    queryClient.invalidateQueries({ queryKey: queryKeys.categories }),
    queryClient.invalidateQueries({ queryKey: queryKeys.expenses }),
    queryClient.invalidateQueries({ queryKey: queryKeys.summary }),
  ]);
}
