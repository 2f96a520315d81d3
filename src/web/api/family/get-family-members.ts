import { queryOptions, useQuery } from "@tanstack/react-query";
import type { FamilyMember } from "../../../contract/family";
import { getJson } from "../../lib/api-client";
import { queryKeys } from "../../lib/query-keys";

/** GET /api/family/members: the members of the caller's family (404 without one). */
export const fetchFamilyMembers = (signal?: AbortSignal) =>
  getJson<FamilyMember[]>("/api/family/members", { signal });

export const familyMembersQueryKey = queryKeys.familyMembers;

export const familyMembersQueryOptions = () =>
  queryOptions({
    queryKey: familyMembersQueryKey,
    queryFn: ({ signal }) => fetchFamilyMembers(signal),
  });

export const useFamilyMembers = () => useQuery(familyMembersQueryOptions());
