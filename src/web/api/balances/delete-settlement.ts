import { useMutation, useQueryClient } from "@tanstack/react-query";
import { sendJson } from "../../lib/api-client";
import { refreshAfterSettlement } from "./create-settlement";

/** DELETE /api/settlements/:id: "Desfazer acerto"; the history keeps both. */
export const deleteSettlement = (id: string) =>
  sendJson<{ id: string }>("DELETE", `/api/settlements/${encodeURIComponent(id)}`);

export function useDeleteSettlement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSettlement,
    onSuccess: () => refreshAfterSettlement(queryClient),
  });
}
