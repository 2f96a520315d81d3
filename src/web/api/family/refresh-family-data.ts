import type { QueryClient } from "@tanstack/react-query";
import { categoriesQueryOptions } from "../categories/get-categories";
import { familyQueryOptions } from "./get-family";
import { familyMembersQueryKey } from "./get-family-members";

/**
 * Creating or joining a family (by form or by invite link) changes everything the budget screens
 * show: the family, its members, its categories, and every expense list and month summary (hence
 * the ["/api/expenses"] and ["/api/summary"] prefixes).
 */
export function refreshFamilyData(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: familyQueryOptions().queryKey }),
    queryClient.invalidateQueries({ queryKey: familyMembersQueryKey }),
    queryClient.invalidateQueries({ queryKey: categoriesQueryOptions().queryKey }),
    queryClient.invalidateQueries({ queryKey: ["/api/expenses"] }),
    queryClient.invalidateQueries({ queryKey: ["/api/summary"] }),
  ]);
}
