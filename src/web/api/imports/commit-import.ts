import { useMutation, useQueryClient } from "@tanstack/react-query";
import { IDEMPOTENCY_KEY_HEADER } from "../../../contract/expenses";
import type { ImportCommitInput, ImportResult } from "../../../contract/imports";
import { sendJson } from "../../lib/api-client";
import { invalidateTopics } from "../../lib/query-keys";

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

/**
 * An import is an expense write of many lines; into a card they land in its bills, and a marked
 * line joins (or makes) a purchase in installments (docs/product.md#into-a-card): the same reads
 * as a series write refresh, the history's included.
 */
export function useCommitImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: commitImport,
    onSuccess: () => invalidateTopics(queryClient, ["expenses"]),
  });
}
