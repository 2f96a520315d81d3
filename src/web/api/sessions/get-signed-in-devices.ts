import { queryOptions, useQuery } from "@tanstack/react-query";
import type { SignedInDevice } from "../../../contract/sessions";
import { getJson } from "../../lib/api-client";
import { queryKeys } from "../../lib/query-keys";

/** GET /api/profile/sessions: the caller's own logins, the current one first. */
export const fetchSignedInDevices = (signal?: AbortSignal) =>
  getJson<SignedInDevice[]>("/api/profile/sessions", { signal });

export const signedInDevicesQueryKey = queryKeys.signedInDevices;

export const signedInDevicesQueryOptions = () =>
  queryOptions({
    queryKey: signedInDevicesQueryKey,
    queryFn: ({ signal }) => fetchSignedInDevices(signal),
  });

export const useSignedInDevices = () => useQuery(signedInDevicesQueryOptions());
