import { useMutation, useQueryClient } from "@tanstack/react-query";
import { sendJson } from "../../lib/api-client";
import { categoriesQueryOptions } from "./get-categories";

/** DELETE /api/categories/:id. */
export const deleteCategory = (id: string) =>
  sendJson<{ deleted: true }>("DELETE", `/api/categories/${encodeURIComponent(id)}`);

/**
 * The category's expenses stay, uncategorised, so every expense list (the ["/api/expenses"]
 * prefix covers each page and month) and every month summary are refetched with the categories.
 */
export function useDeleteCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCategory,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: categoriesQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: ["/api/expenses"] }),
        queryClient.invalidateQueries({ queryKey: ["/api/summary"] }),
      ]),
  });
}
