import { useMutation } from "@tanstack/react-query";
import type { CategoryRuleInput, CategoryRuleTest } from "../../../contract/category-rules";
import { sendJson } from "../../lib/api-client";

/**
 * POST /api/category-rules/test: of the past expenses, how many the draft would give another
 * category, and a few of them. Changes nothing, so nothing is refetched.
 */
export const postCategoryRuleTest = (input: CategoryRuleInput) =>
  sendJson<CategoryRuleTest>("POST", "/api/category-rules/test", input);

export const useTestCategoryRule = () => useMutation({ mutationFn: postCategoryRuleTest });
