import type { ReportStatus } from "../../../domain/budget";
import type { MonthSummary } from "../../../domain/month-summary";

/** The slice colour of spending whose category was deleted: a neutral grey. */
export const UNCATEGORISED_COLOR = "#94a3b8";

/**
 * The slice colour of other members' private spending (docs/product.md#private-expenses): a
 * darker neutral grey, told apart from the uncategorised slice it follows.
 */
export const PRIVATE_COLOR = "#64748b";

export type SpendingShare = {
  key: string;
  name: string;
  color: string;
  spentCents: number;
  /** Share of the month's total spending, 0..1. */
  share: number;
};

/**
 * The donut's slices: only categories with spending, plus the uncategorised spending when there
 * is some, plus other members' private spending as one unnamed slice when there is some
 * (docs/product.md#private-expenses), so the slices add up to the month's total.
 */
export function spendingShares(
  summary: MonthSummary,
  names: { uncategorised: string; private: string },
): SpendingShare[] {
  const total = summary.totalSpentCents;
  if (total <= 0) return [];
  const slices: SpendingShare[] = summary.categories
    .filter((category) => category.spentCents > 0)
    .map((category) => ({
      key: category.categoryId,
      name: category.name,
      color: category.color,
      spentCents: category.spentCents,
      share: category.spentCents / total,
    }));
  const apart = [
    ["uncategorised", names.uncategorised, UNCATEGORISED_COLOR, summary.uncategorisedSpentCents],
    ["private", names.private, PRIVATE_COLOR, summary.privateSpentCents],
  ] as const;
  for (const [key, name, color, spentCents] of apart) {
    if (spentCents > 0) slices.push({ key, name, color, spentCents, share: spentCents / total });
  }
  return slices;
}

/** "45,6%" / "45.6%": a share with one decimal, in the user's locale. */
export function formatShare(share: number, locale: string): string {
  return new Intl.NumberFormat(locale, {
    style: "percent",
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  }).format(share);
}

/** The third tile: 'Excesso' when the month spent more than its budget, else 'Economia'. */
export function monthBalance(summary: MonthSummary): {
  kind: "excess" | "savings";
  amountCents: number;
} {
  const difference = summary.totalSpentCents - summary.totalBudgetCents;
  return difference > 0
    ? { kind: "excess", amountCents: difference }
    : { kind: "savings", amountCents: Math.abs(difference) };
}

/** The Dif. column: the absolute difference, with a plus sign when spending is over budget. */
export function differenceOf(differenceCents: number): { over: boolean; amountCents: number } {
  return { over: differenceCents < 0, amountCents: Math.abs(differenceCents) };
}

/** Badge look per report status: red over, amber near, green within, plain without spending. */
export const statusBadgeVariant: Record<
  ReportStatus,
  "destructive" | "warning" | "secondary" | "outline"
> = {
  over: "destructive",
  near: "warning",
  within: "secondary",
  "no-spending": "outline",
};
