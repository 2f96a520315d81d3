import { asc } from "drizzle-orm";
import type { BudgetPeriodRule } from "../contract/budget-period-rule";
import type { Category } from "../contract/categories";
import type { Expense, ExpenseListItem } from "../contract/expenses";
import type { Income } from "../contract/incomes";
import type { PaymentMethod } from "../contract/payment-methods";
import { categories, type expenses, type incomes, type paymentMethods } from "./db/schema";

/**
 * Database rows -> the contract's shapes, shared by the features that answer them (the expenses
 * list and page, the month summary; the categories list and the summary), so both answer the
 * same bytes. Keys in the contract's order: the trusted serializer (http/trusted-json.ts) writes
 * them as they are.
 */

export type ExpenseRow = typeof expenses.$inferSelect;
export type IncomeRow = typeof incomes.$inferSelect;
export type CategoryRow = typeof categories.$inferSelect;
export type PaymentMethodRow = typeof paymentMethods.$inferSelect;

/**
 * An expense as the answers carry it. The rows come from expenses_seen_by (db/seen-by.ts), which
 * has already masked another member's private expense (docs/product.md#private-expenses), or from
 * the caller's own write: nothing is masked here.
 */
export const toExpense = (row: ExpenseRow): Expense => ({
  id: row.id,
  familyId: row.familyId,
  description: row.description,
  amount: row.amount,
  categoryId: row.categoryId,
  addedByUserId: row.addedByUserId,
  paidByUserId: row.paidByUserId,
  paymentMethodId: row.paymentMethodId,
  billId: row.billId,
  seriesId: row.seriesId,
  installment: row.installment,
  installmentCount: row.installmentCount,
  refundOfId: row.refundOfId,
  split: row.split,
  private: row.private,
  date: row.date,
  isExample: row.isExample,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** An expense as a list carries it (contract/expenses.ts, expenseListItemSchema). */
export function toExpenseListItem(row: ExpenseRow): ExpenseListItem {
  const { familyId: _family, createdAt: _created, updatedAt: _updated, ...item } = toExpense(row);
  return item;
}

export const toCategory = (row: CategoryRow): Category => ({
  id: row.id,
  familyId: row.familyId,
  name: row.name,
  icon: row.icon,
  color: row.color,
  weeklyBudget: row.weeklyBudget,
  monthlyBudget: row.monthlyBudget,
  isActive: row.isActive,
  createdAt: row.createdAt.toISOString(),
});

/** The order of GET /api/categories, which the month summary repeats (oldest first). */
export const categoryListOrder = () => [
  asc(categories.createdAt),
  asc(categories.name),
  asc(categories.id),
];

/** A family's budget month rule from its columns (db/schema.ts, families.period_*). */
export const budgetPeriodRuleOf = (row: {
  periodStart: BudgetPeriodRule["start"];
  periodDay: number;
  periodSaturdays: boolean;
  periodClosedDay: BudgetPeriodRule["closedDay"];
}): BudgetPeriodRule => ({
  start: row.periodStart,
  day: row.periodDay,
  saturdays: row.periodSaturdays,
  closedDay: row.periodClosedDay,
});

export const toPaymentMethod = (
  row: PaymentMethodRow & { limitUsed: string | null; balance: string | null; hidden: boolean },
): PaymentMethod => ({
  id: row.id,
  familyId: row.familyId,
  kind: row.kind,
  name: row.name,
  ownerUserId: row.ownerUserId,
  closingDay: row.closingDay,
  dueDay: row.dueDay,
  creditLimit: row.creditLimit,
  limitUsed: row.limitUsed,
  openingBalance: row.openingBalance,
  openingDate: row.openingDate,
  balance: row.balance,
  isPrivate: row.isPrivate,
  hidden: row.hidden,
  isActive: row.isActive,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/**
 * An income as the lists and writes answer it. Only rows the reader may see in full reach here:
 * another member's private income is left out of every answer but its totals
 * (db/seen-by.ts; docs/product.md#income).
 */
export const toIncome = (row: IncomeRow): Income => ({
  id: row.id,
  familyId: row.familyId,
  description: row.description,
  amount: row.amount,
  kind: row.kind,
  receivedByUserId: row.receivedByUserId,
  paymentMethodId: row.paymentMethodId,
  private: row.private,
  addedByUserId: row.addedByUserId,
  recurringRuleId: row.recurringRuleId,
  date: row.date,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});
