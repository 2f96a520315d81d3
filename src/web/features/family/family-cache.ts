import type { QueryClient } from "@tanstack/react-query";
import { queryKeys } from "../../lib/budget-queries";

/**
 * Joining or creating a family changes everything the budget screens show: the family itself,
 * its members, and the family's categories and expenses (every month's, hence the prefix).
 */
export function refreshFamilyData(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.family }),
    queryClient.invalidateQueries({ queryKey: queryKeys.familyMembers }),
    queryClient.invalidateQueries({ queryKey: queryKeys.categories }),
    queryClient.invalidateQueries({ queryKey: queryKeys.expenses }),
  ]);
}
