import type { Category } from "../../../contract/categories";
import type { ExpenseListItem, ExpensePage } from "../../../contract/expenses";
import type { FamilyPerson } from "../../../contract/family";
import type { PaymentMethod } from "../../../contract/payment-methods";
import type { ExpenseFilters } from "../../api/expenses/get-expenses-page";

// What "Todos os Gastos" shows, computed from the loaded pages and the family's lists: which state
// the list is in, each row's names, the filters' choices and the totals line. The drawing
// (expense-list.tsx, expense-filters.tsx, virtual-expense-list.tsx, expense-rows.tsx) only lays
// it out. The table on a wide screen and the cards on a phone are different markup (a table's
// rows and cells against a list's items, the payer said in words on the card) of one row: both
// draw the ExpenseRow computed here.

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** What the list's area shows: nothing (the dates are reversed), an error, a skeleton, the empty text, or the rows. */
export type ListState = "reversed" | "error" | "loading" | "empty" | "rows";

export function listState({
  reversed,
  isError,
  loaded,
  count,
}: {
  reversed: boolean;
  isError: boolean;
  /** The first page has come. */
  loaded: boolean;
  /** Rows loaded. */
  count: number;
}): ListState {
  if (reversed) return "reversed";
  // An error on a later page keeps the rows shown, with its own retry under them.
  if (isError && !loaded) return "error";
  if (!loaded) return "loading";
  return count === 0 ? "empty" : "rows";
}

/** How long the list really is for screen readers: the server's count, or what is loaded if more. */
export const listLength = (totals: ExpensePage["totals"] | undefined, loaded: number) =>
  Math.max(totals?.count ?? 0, loaded);

/** The count and sum line over the list: shown when something matches and the dates are in order. */
export function totalsLine(
  totals: ExpensePage["totals"] | undefined,
  reversed: boolean,
  money: (amount: string) => string,
  t: Translate,
): string | null {
  if (reversed || !totals || totals.count === 0) return null;
  return t("expenses.list.summary", { count: totals.count, total: money(totals.amount) });
}

/** One row of the list, as both the table and the phone's cards draw it. */
export type ExpenseRow = {
  expense: ExpenseListItem;
  /** Another member's private expense: its amount and date, nothing to open or name. */
  hidden: boolean;
  /** Undefined reads as uncategorised: no category, or one no longer in the family's list. */
  category: Category | undefined;
  payer: string;
  /** "Pago com …", null when the expense says nothing of how it was paid (docs/product.md#payment-methods). */
  method: string | null;
};

/** Each row's names, from the family's categories and methods looked up once for the list. */
export function rowsOf(
  categories: readonly Category[] | undefined,
  methods: readonly PaymentMethod[] | undefined,
  payerName: (userId: string | null) => string,
  isHidden: (expense: ExpenseListItem) => boolean,
) {
  const categoryById = new Map((categories ?? []).map((c) => [c.id, c] as const));
  const methodNameById = new Map((methods ?? []).map((m) => [m.id, m.name] as const));
  return (expense: ExpenseListItem): ExpenseRow => ({
    expense,
    hidden: isHidden(expense),
    category: expense.categoryId ? categoryById.get(expense.categoryId) : undefined,
    payer: payerName(expense.paidByUserId),
    method: (expense.paymentMethodId && methodNameById.get(expense.paymentMethodId)) || null,
  });
}

/** The twelve installments of one purchase share its description: each row's buttons say which one. */
export function actionDescription(expense: ExpenseListItem, t: Translate): string {
  return expense.installment === null
    ? expense.description
    : t("expenses.list.installmentDescription", {
        description: expense.description,
        number: expense.installment,
        count: expense.installmentCount,
      });
}

/** An installment's deletion asks which installments (docs/product.md#installments). */
export const deletesAsInstallment = (expense: ExpenseListItem) => Boolean(expense.seriesId);

/** "Pago por": every person who paid, a former member marked so. */
export function payerChoices(
  people: readonly FamilyPerson[] | undefined,
  payerName: (userId: string | null) => string,
  t: Translate,
) {
  return (people ?? []).map((person) => ({
    value: person.userId,
    label: person.isMember
      ? payerName(person.userId)
      : t("payer.formerMember", { name: payerName(person.userId) }),
  }));
}

/** "Pago com": every method, an archived one marked so (its expenses are still found by it). */
export function methodChoices(methods: readonly PaymentMethod[], t: Translate) {
  return methods.map((method) => ({
    value: method.id,
    label: method.isActive ? method.name : t("paymentMethod.archived", { name: method.name }),
  }));
}

/** The filters with one of them changed. */
export const withFilter = (
  filters: ExpenseFilters,
  key: keyof ExpenseFilters,
  value: string,
): ExpenseFilters => ({ ...filters, [key]: value });
