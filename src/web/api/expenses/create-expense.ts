import { useMutation, useQueryClient } from "@tanstack/react-query";
import {
  type CreateExpenseInput,
  type Expense,
  IDEMPOTENCY_KEY_HEADER,
} from "../../../contract/expenses";
import { sendJson } from "../../lib/api-client";
import { invalidateExpenseData } from "./invalidate-expense-data";

/**
 * A fresh Idempotency-Key. crypto.randomUUID exists only in secure contexts, and the app may be
 * served over plain http on a home network (HOST=0.0.0.0), so fall back to getRandomValues.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

type CreateExpenseVariables = {
  input: CreateExpenseInput;
  /** One per submission: a retried request then returns the first expense instead of a second. */
  idempotencyKey: string;
};

/** POST /api/expenses. */
export const createExpense = ({ input, idempotencyKey }: CreateExpenseVariables) =>
  sendJson<Expense>("POST", "/api/expenses", input, {
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });

export function useCreateExpense() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createExpense,
    onSuccess: () => invalidateExpenseData(queryClient),
  });
}
