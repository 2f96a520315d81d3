import { queryOptions, useQuery } from "@tanstack/react-query";
import type { CategoryRuleList } from "../../../contract/category-rules";
import { getJson } from "../../lib/api-client";
import { queryKeys } from "../../lib/query-keys";

/**
 * GET /api/category-rules: the rules the caller sees, in the order they apply, the first match
 * deciding (docs/product.md#category-rules).
 */
export const fetchCategoryRules = (signal?: AbortSignal) =>
  getJson<CategoryRuleList>("/api/category-rules", { signal });

export const categoryRulesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.categoryRules,
    queryFn: ({ signal }) => fetchCategoryRules(signal),
  });

export const useCategoryRules = () => useQuery(categoryRulesQueryOptions());
