import { toCents } from "../contract/cents";
import {
  type CategoryStatus,
  categoryStatus,
  type ReportStatus,
  remainingBalance,
  reportStatus,
  WEEKS_PER_MONTH,
  type WeekCardStatus,
  weekCardStatus,
  weeklyBudgetOf,
} from "./budget";
import { weekOfPeriod } from "./budget-period";

type CategoryLike = {
  id: string;
  name: string;
  color: string;
  weeklyBudget: string;
  monthlyBudget: string;
};

export type CategorySummary = {
  categoryId: string;
  name: string;
  color: string;
  spentCents: number;
  weeklyBudgetCents: number;
  monthlyBudgetCents: number;
  /** monthly budget minus spent: negative when over. */
  differenceCents: number;
  status: CategoryStatus;
  reportStatus: ReportStatus;
};

export type WeekSummary = {
  week: 1 | 2 | 3 | 4;
  spentCents: number;
  budgetCents: number;
  status: WeekCardStatus;
};

export type MonthSummary = {
  totalSpentCents: number;
  totalBudgetCents: number;
  weeklyBudgetCents: number;
  remaining: { amountCents: number; positive: boolean };
  uncategorisedSpentCents: number;
  /**
   * Other members' private expenses (docs/product.md#private-expenses): in the total and the
   * weeks, in no category, so the categories, uncategorised and this add up to the total.
   */
  privateSpentCents: number;
  weeks: WeekSummary[];
  categories: CategorySummary[];
  performance: { within: number; over: number; noSpending: number };
};

/**
 * A month's spending as the database adds it up (GET /api/summary): money as decimal strings.
 * The month is the family's budget month (docs/product.md#budget-periods); week buckets by day
 * of that period (weekOfPeriod in ./budget-period.ts).
 */
export type MonthSpending = {
  /** The period's first and last day, "YYYY-MM-DD": the calendar month by default. */
  period: { first: string; last: string };
  totalSpent: string;
  uncategorisedSpent: string;
  /** Other members' private expenses: in `totalSpent` and the weeks, in no category. */
  privateSpent: string;
  spentByCategory: { categoryId: string; spent: string }[];
  spentByWeek: [string, string, string, string];
};

/** An expense of the period not in its sums yet: one waiting on the device to be sent. */
export type UnsavedExpense = { amount: string; date: string; categoryId: string | null };

/**
 * Everything the dashboard and the report show for one month, from the month's sums and the
 * family's categories. Uncategorised expenses count in every total (docs/product.md); spending
 * under a category missing from the list counts as uncategorised. Other members' private
 * expenses count in the total and the weeks but in no category: only their sum is known
 * (docs/product.md#private-expenses). `unsaved` expenses (the dashboard's pending ones,
 * docs/product.md#offline-expense-queue) dated in the period count as if saved, in the week
 * bucket of their day; one dated outside it is not the period's, and counts nowhere, so the weeks
 * still add up to the total.
 */
export function summarizeMonth(
  spending: MonthSpending,
  categories: CategoryLike[],
  unsaved: readonly UnsavedExpense[] = [],
): MonthSummary {
  const knownCategories = new Set(categories.map((c) => c.id));
  const spentByCategory = new Map<string, number>();
  let uncategorisedSpentCents = toCents(spending.uncategorisedSpent);
  let totalSpentCents = toCents(spending.totalSpent);
  const spentByWeek = spending.spentByWeek.map(toCents);
  const add = (categoryId: string | null, cents: number) => {
    if (categoryId && knownCategories.has(categoryId)) {
      spentByCategory.set(categoryId, (spentByCategory.get(categoryId) ?? 0) + cents);
    } else uncategorisedSpentCents += cents;
  };
  for (const { categoryId, spent } of spending.spentByCategory) add(categoryId, toCents(spent));
  for (const { amount, date, categoryId } of unsaved) {
    if (date < spending.period.first || date > spending.period.last) continue;
    const cents = toCents(amount);
    const week = weekOfPeriod(date, spending.period) - 1;
    totalSpentCents += cents;
    spentByWeek[week] = (spentByWeek[week] ?? 0) + cents;
    add(categoryId, cents);
  }
  const totalBudgetCents = categories.reduce((sum, c) => sum + toCents(c.monthlyBudget), 0);
  const weeklyBudgetCents = weeklyBudgetOf(totalBudgetCents);
  const categorySummaries = categories.map((category): CategorySummary => {
    const spentCents = spentByCategory.get(category.id) ?? 0;
    const monthlyBudgetCents = toCents(category.monthlyBudget);
    return {
      categoryId: category.id,
      name: category.name,
      color: category.color,
      spentCents,
      weeklyBudgetCents: toCents(category.weeklyBudget),
      monthlyBudgetCents,
      differenceCents: monthlyBudgetCents - spentCents,
      status: categoryStatus(spentCents, monthlyBudgetCents),
      reportStatus: reportStatus(spentCents, monthlyBudgetCents),
    };
  });
  return {
    totalSpentCents,
    totalBudgetCents,
    weeklyBudgetCents,
    remaining: remainingBalance(totalBudgetCents, totalSpentCents),
    uncategorisedSpentCents,
    // Pending expenses are the reader's own, never another member's private one: the answer's sum.
    privateSpentCents: toCents(spending.privateSpent),
    weeks: Array.from({ length: WEEKS_PER_MONTH }, (_, i) => {
      const spentCents = spentByWeek[i] ?? 0;
      return {
        week: (i + 1) as 1 | 2 | 3 | 4,
        spentCents,
        budgetCents: weeklyBudgetCents,
        status: weekCardStatus(spentCents, weeklyBudgetCents),
      };
    }),
    categories: categorySummaries,
    performance: {
      within: categorySummaries.filter(
        (c) => c.reportStatus === "within" || c.reportStatus === "near",
      ).length,
      over: categorySummaries.filter((c) => c.reportStatus === "over").length,
      noSpending: categorySummaries.filter((c) => c.reportStatus === "no-spending").length,
    },
  };
}
