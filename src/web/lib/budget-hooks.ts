import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Category, CreateCategoryInput, UpdateCategoryInput } from "../../contract/categories";
import {
  type CreateExpenseInput,
  type Expense,
  IDEMPOTENCY_KEY_HEADER,
  type UpdateExpenseInput,
} from "../../contract/expenses";
import { apiFetch, apiRequest, readBody } from "./api";
import { queryKeys } from "./budget-queries";

/**
 * Reads and writes of categories and expenses, shared by every screen so each mutation refetches
 * every list it changed (SPEC §4). Toasts are left to the screens: the same call reads differently
 * in a dialog and on a page.
 */

/** Pass `enabled: false` while the family is unknown or absent: without one the API answers 404. */
type ReadOptions = { enabled?: boolean };

export function useCategories(options: ReadOptions = {}) {
  return useQuery<Category[]>({ queryKey: queryKeys.categories, enabled: options.enabled });
}

/** Every expense of the family, newest date first. */
export function useExpenses(options: ReadOptions = {}) {
  return useQuery<Expense[]>({ queryKey: queryKeys.expenses, enabled: options.enabled });
}

/** One month's expenses (month 1-12), newest date first. */
export function useMonthExpenses(year: number, month: number, options: ReadOptions = {}) {
  return useQuery<Expense[]>({
    queryKey: queryKeys.monthExpenses(year, month),
    enabled: options.enabled,
  });
}

async function json<T>(response: Response): Promise<T> {
  return (await readBody(response)) as T;
}

/**
 * A fresh Idempotency-Key. crypto.randomUUID exists only in secure contexts, and the app may be
 * served over plain http on a home network (HOST=0.0.0.0), so fall back to getRandomValues.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/**
 * Every expense query starts with ["/api/expenses"], so this one prefix refetches the full list
 * and every month the dashboard or reports hold.
 */
function useInvalidateExpenses() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.expenses });
}

export type CreateExpenseVariables = {
  input: CreateExpenseInput;
  /** One per submission: a retried request then returns the first expense instead of a second. */
  idempotencyKey: string;
};

export function useCreateExpense() {
  const invalidateExpenses = useInvalidateExpenses();
  return useMutation({
    mutationFn: async ({ input, idempotencyKey }: CreateExpenseVariables) =>
      json<Expense>(
        await apiFetch("/api/expenses", {
          method: "POST",
          headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
          body: JSON.stringify(input),
        }),
      ),
    onSuccess: () => invalidateExpenses(),
  });
}

export function useUpdateExpense() {
  const invalidateExpenses = useInvalidateExpenses();
  return useMutation({
    mutationFn: async ({ id, input }: { id: string; input: UpdateExpenseInput }) =>
      json<Expense>(await apiRequest("PATCH", `/api/expenses/${encodeURIComponent(id)}`, input)),
    onSuccess: () => invalidateExpenses(),
  });
}

export function useDeleteExpense() {
  const invalidateExpenses = useInvalidateExpenses();
  return useMutation({
    mutationFn: async (id: string) =>
      json<{ deleted: true }>(
        await apiRequest("DELETE", `/api/expenses/${encodeURIComponent(id)}`),
      ),
    onSuccess: () => invalidateExpenses(),
  });
}

/** Removes the example expenses a new family starts with; resolves with how many went. */
export function useClearExampleExpenses() {
  const invalidateExpenses = useInvalidateExpenses();
  return useMutation({
    mutationFn: async () =>
      json<{ deletedCount: number }>(await apiRequest("DELETE", "/api/expenses/examples/clear")),
    onSuccess: () => invalidateExpenses(),
  });
}

function useInvalidateCategories() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.categories });
}

export function useCreateCategory() {
  const invalidateCategories = useInvalidateCategories();
  return useMutation({
    mutationFn: async (input: CreateCategoryInput) =>
      json<Category>(await apiRequest("POST", "/api/categories", input)),
    onSuccess: () => invalidateCategories(),
  });
}

export function useUpdateCategory() {
  const invalidateCategories = useInvalidateCategories();
  return useMutation({
    mutationFn: async ({ id, input }: { id: string; input: UpdateCategoryInput }) =>
      json<Category>(await apiRequest("PATCH", `/api/categories/${encodeURIComponent(id)}`, input)),
    onSuccess: () => invalidateCategories(),
  });
}

/** The category's expenses stay, uncategorised, so the expense lists are refetched too. */
export function useDeleteCategory() {
  const invalidateCategories = useInvalidateCategories();
  const invalidateExpenses = useInvalidateExpenses();
  return useMutation({
    mutationFn: async (id: string) =>
      json<{ deleted: true }>(
        await apiRequest("DELETE", `/api/categories/${encodeURIComponent(id)}`),
      ),
    onSuccess: () => Promise.all([invalidateCategories(), invalidateExpenses()]),
  });
}
