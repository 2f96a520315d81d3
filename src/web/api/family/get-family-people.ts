import { queryOptions, useQuery } from "@tanstack/react-query";
import type { FamilyPerson } from "../../../contract/family";
import { getJson } from "../../lib/api-client";
import { familyMembersQueryKey } from "./get-family-members";

/**
 * GET /api/family/people: the current members, then the former members who paid one of the
 * family's expenses (404 without a family).
 */
export const fetchFamilyPeople = (signal?: AbortSignal) =>
  getJson<FamilyPerson[]>("/api/family/people", { signal });

/**
 * Under the members' key on purpose: every change that refreshes or drops the members (a renamed
 * profile, a removal, leaving the family) then refreshes or drops the people too.
 */
export const familyPeopleQueryKey = [...familyMembersQueryKey, "people"] as const;

export const familyPeopleQueryOptions = () =>
  queryOptions({
    queryKey: familyPeopleQueryKey,
    queryFn: ({ signal }) => fetchFamilyPeople(signal),
  });

export const useFamilyPeople = () => useQuery(familyPeopleQueryOptions());
