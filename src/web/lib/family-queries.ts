import { useQuery } from "@tanstack/react-query";
import type { Family, FamilyMember } from "../../contract/family";
import { queryKeys } from "./budget-queries";

/**
 * The caller's family (with the caller's role), or null when they have none yet: GET /api/family
 * answers 200 null then, so "no family" is data, not an error.
 */
export function useFamily() {
  const query = useQuery<Family | null>({ queryKey: queryKeys.family });
  return {
    family: query.data ?? null,
    isLoading: query.isLoading,
    error: query.error,
    refetch: query.refetch,
  };
}

/** The members of the caller's family; only asked for once there is a family (else it is a 404). */
export function useFamilyMembers(enabled = true) {
  const query = useQuery<FamilyMember[]>({ queryKey: queryKeys.familyMembers, enabled });
  return {
    members: query.data ?? [],
    isLoading: query.isLoading,
    error: query.error,
    refetch: query.refetch,
  };
}
