import { useFamilyQuery } from "../api/family/get-family";

/**
 * The caller's family, or null when they have none yet, in the shape the expenses, dashboard and
 * reports screens still read; they move to RequireFamily, and then this file goes.
 */
export function useFamily() {
  const query = useFamilyQuery();
  return {
    family: query.data ?? null,
    isLoading: query.isLoading,
    error: query.error,
    refetch: query.refetch,
  };
}
