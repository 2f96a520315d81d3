import { toCents } from "../contract/money";
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
  weekOfMonth,
  type YearMonth,
} from "./budget";

type ExpenseLike = {
  amount: string;
  categoryId: string | null;
  date: string;
  month: number;
  year: number;
};
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
  weeks: WeekSummary[];
  categories: CategorySummary[];
  performance: { within: number; over: number; noSpending: number };
};

/**
 * Everything the dashboard and the report show for one month, from the month's expenses and the
 * family's categories. Uncategorised expenses count in every total (DESIGN §5.10).
 */
export function summarizeMonth(
  { year, month }: YearMonth,
  expenses: ExpenseLike[],
  categories: CategoryLike[],
): MonthSummary {
  const inMonth = expenses.filter((e) => e.year === year && e.month === month);
  const spentByCategory = new Map<string, number>();
  const spentByWeek = [0, 0, 0, 0];
  let totalSpentCents = 0;
  let uncategorisedSpentCents = 0;
  const knownCategories = new Set(categories.map((c) => c.id));
  for (const expense of inMonth) {
    const cents = toCents(expense.amount);
    totalSpentCents += cents;
    spentByWeek[weekOfMonth(expense.date) - 1] =
      (spentByWeek[weekOfMonth(expense.date) - 1] ?? 0) + cents;
    if (expense.categoryId && knownCategories.has(expense.categoryId)) {
      spentByCategory.set(
        expense.categoryId,
        (spentByCategory.get(expense.categoryId) ?? 0) + cents,
      );
    } else {
      uncategorisedSpentCents += cents;
    }
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
