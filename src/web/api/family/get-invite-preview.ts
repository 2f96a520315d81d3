import { queryOptions, useQuery } from "@tanstack/react-query";
import type { InvitePreview } from "../../../contract/family";
import { getJson } from "../../lib/api-client";
import { queryKeys } from "../../lib/query-keys";

/**
 * GET /api/family/invite/:code: the family's name and the inviter's name for the join
 * confirmation screen; fails with the join's own errors for a code that would not join.
 */
export const fetchInvitePreview = (code: string, signal?: AbortSignal) =>
  getJson<InvitePreview>(`/api/family/invite/${encodeURIComponent(code)}`, { signal });

export const invitePreviewQueryOptions = (code: string) =>
  queryOptions({
    queryKey: [...queryKeys.invitePreview, code] as const,
    queryFn: ({ signal }) => fetchInvitePreview(code, signal),
    // A preview is a join attempt for the rate limits: ask once per visit of the screen.
    gcTime: 0,
  });

export const useInvitePreview = (code: string) => useQuery(invitePreviewQueryOptions(code));
