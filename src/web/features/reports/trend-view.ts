import { toCents } from "../../../contract/cents";
import type { MonthTrendResponse } from "../../../contract/trend";
import { UNCATEGORISED_COLOR } from "./report-view";

/** One month of the trend as the chart and the table show it. */
export type TrendMonth = {
  key: string;
  year: number;
  month: number;
  spentCents: number;
  budgetCents: number;
  /** What came in (docs/product.md#the-months-net). */
  incomeCents: number;
  /** The month the report shows (the last of the twelve). */
  shown: boolean;
  /**
   * The budget month's first and last day, shown beside its name when the family's budget month
   * is its own (docs/product.md#budget-periods); undefined with the calendar month.
   */
  dates?: { first: string; last: string };
};

/** One category's twelve months (or the uncategorised spending's), for its small chart. */
export type TrendSeries = {
  key: string;
  name: string;
  color: string;
  /** The category's monthly budget; null for the uncategorised spending, which has none. */
  monthlyBudgetCents: number | null;
  spentCents: number[];
  totalCents: number;
};

export type TrendView = {
  months: TrendMonth[];
  series: TrendSeries[];
  /** Nothing spent and no budget in the twelve months: there is nothing to draw. */
  empty: boolean;
  /** Some income in the twelve months: the chart and the table show it beside the spending. */
  hasIncome: boolean;
};

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

/**
 * The trend's figures in integer cents, from the answer of GET /api/summary/trend: the months in
 * order, the shown one marked (each with its days when `datesShown`), and a series per category in
 * list order, then the uncategorised spending when there is any (docs/product.md, "12-month trend").
 */
export function trendViewOf(
  response: MonthTrendResponse,
  uncategorisedName: string,
  datesShown = false,
): TrendView {
  const months = response.months.map(
    (m): TrendMonth => ({
      key: `${m.year}-${m.month}`,
      year: m.year,
      month: m.month,
      spentCents: toCents(m.spent),
      budgetCents: toCents(m.budget),
      incomeCents: toCents(m.income),
      shown: m.year === response.year && m.month === response.month,
      dates: datesShown ? { first: m.first, last: m.last } : undefined,
    }),
  );
  const series: TrendSeries[] = response.categories.map((category) => {
    const spentCents = category.spent.map(toCents);
    return {
      key: category.id,
      name: category.name,
      color: category.color,
      monthlyBudgetCents: toCents(category.monthlyBudget),
      spentCents,
      totalCents: sum(spentCents),
    };
  });
  if (response.uncategorised) {
    const spentCents = response.uncategorised.map(toCents);
    series.push({
      key: "uncategorised",
      name: uncategorisedName,
      color: UNCATEGORISED_COLOR,
      monthlyBudgetCents: null,
      spentCents,
      totalCents: sum(spentCents),
    });
  }
  const hasIncome = months.some((m) => m.incomeCents !== 0);
  const empty = !hasIncome && months.every((m) => m.spentCents === 0 && m.budgetCents === 0);
  return { months, series, empty, hasIncome };
}
