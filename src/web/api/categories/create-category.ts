import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Category, CreateCategoryInput } from "../../../contract/categories";
import { sendJson } from "../../lib/api-client";
import { categoriesQueryOptions } from "./get-categories";

/** POST /api/categories: a new category of the caller's family. */
export const postCategory = (input: CreateCategoryInput) =>
  sendJson<Category>("POST", "/api/categories", input);

/** The month summary lists every category with its budget, so it is refetched too. */
export function useCreateCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postCategory,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: categoriesQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: ["/api/summary"] }),
      ]),
  });
}
