import { fromCents, toCents } from "../../../contract/money";
import type { Expense } from "../../lib/budget-queries";

/** The category filter: every expense, one category's, or those whose category was deleted. */
export const ALL_CATEGORIES = "all";
export const UNCATEGORIZED = "none";
export type CategoryFilter = typeof ALL_CATEGORIES | typeof UNCATEGORIZED | (string & {});

/** Lower case without accents, so "cafe" finds "Café" and "MERCADO" finds "mercado". */
export function searchable(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLocaleLowerCase();
}

/**
 * The expenses the list shows, in the order given (the server's newest first). An expense whose
 * category is unknown counts as uncategorised: it stays visible (DESIGN §5.10).
 */
export function filterExpenses(
  expenses: readonly Expense[],
  filter: { category: CategoryFilter; search: string; knownCategoryIds: ReadonlySet<string> },
): Expense[] {
  const needle = searchable(filter.search.trim());
  return expenses.filter((expense) => {
    const categoryId =
      expense.categoryId && filter.knownCategoryIds.has(expense.categoryId)
        ? expense.categoryId
        : null;
    if (filter.category === UNCATEGORIZED && categoryId !== null) return false;
    if (
      filter.category !== ALL_CATEGORIES &&
      filter.category !== UNCATEGORIZED &&
      categoryId !== filter.category
    ) {
      return false;
    }
    return needle === "" || searchable(expense.description).includes(needle);
  });
}

/** The sum of the amounts, in integer cents so no float ever rounds a cent. */
export function totalOf(expenses: readonly Pick<Expense, "amount">[]): string {
  return fromCents(expenses.reduce((sum, expense) => sum + toCents(expense.amount), 0));
}
