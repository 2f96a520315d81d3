import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Category } from "../../../contract/categories";
import { getJson } from "../../lib/api-client";
import { queryKeys } from "../../lib/query-keys";

/** GET /api/categories: every category of the caller's family, active or not. */
export const fetchCategories = (signal?: AbortSignal) =>
  getJson<Category[]>("/api/categories", { signal });

export const categoriesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.categories,
    queryFn: ({ signal }) => fetchCategories(signal),
  });

export const useCategories = () => useQuery(categoriesQueryOptions());
