import { queryOptions, useQuery } from "@tanstack/react-query";
import type { CategorySuggestion } from "../../../contract/category-rules";
import { getJson, withQuery } from "../../lib/api-client";
import { queryKeys } from "../../lib/query-keys";

/**
 * GET /api/category-rules/suggestion: the category the family's first matching rule gives a
 * description, else the one it used most for the payee (docs/product.md#category-rules). The quick
 * add asks while a description is typed, with the description it settled on.
 */
export const fetchCategorySuggestion = (description: string, signal?: AbortSignal) =>
  getJson<CategorySuggestion>(withQuery("/api/category-rules/suggestion", { description }), {
    signal,
  });

export const categorySuggestionQueryOptions = (description: string) =>
  queryOptions({
    queryKey: [...queryKeys.categoryRules, "suggestion", description],
    queryFn: ({ signal }) => fetchCategorySuggestion(description, signal),
    // What the family's rules and history say of a payee moves slowly: kept while typing.
    staleTime: 60_000,
  });

/** Only for a description long enough to name a payee (three letters). */
export const useCategorySuggestion = (description: string) =>
  useQuery({
    ...categorySuggestionQueryOptions(description),
    enabled: description.trim().length >= 3,
  });
