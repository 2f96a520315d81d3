import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Category, UpdateCategoryInput } from "../../../contract/categories";
import { sendJson } from "../../lib/api-client";
import { categoriesQueryOptions } from "./get-categories";

/** PATCH /api/categories/:id with only the fields that changed. */
export const patchCategory = ({ id, input }: { id: string; input: UpdateCategoryInput }) =>
  sendJson<Category>("PATCH", `/api/categories/${encodeURIComponent(id)}`, input);

/** A new name, colour or budget shows in the month summary too, so it is refetched. */
export function useUpdateCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: patchCategory,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: categoriesQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: ["/api/summary"] }),
      ]),
  });
}
