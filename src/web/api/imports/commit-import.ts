import { useMutation, useQueryClient } from "@tanstack/react-query";
import { IDEMPOTENCY_KEY_HEADER } from "../../../contract/expenses";
import type { ImportCommitInput, ImportResult } from "../../../contract/imports";
import { sendJson } from "../../lib/api-client";
import { invalidateExpenseData } from "../expenses/invalidate-expense-data";

type CommitImportVariables = {
  input: ImportCommitInput;
  /** One per preview: a retried or repeated submission then imports nothing twice. */
  idempotencyKey: string;
};

/** POST /api/imports: the ticked lines, all or none. */
export const commitImport = ({ input, idempotencyKey }: CommitImportVariables) =>
  sendJson<ImportResult>("POST", "/api/imports", input, {
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });

export function useCommitImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: commitImport,
    onSuccess: () => invalidateExpenseData(queryClient),
  });
}
