import { type ReactNode, useMemo } from "react";
import { useTranslation } from "react-i18next";
import type { YearMonth } from "../../../domain/budget";
import { monthSpendingOf, summarizeMonth } from "../../../domain/month-summary";
import { PageTitle } from "../../components/layout/page-title";
import { MonthNavigation } from "../../components/month-navigation";
import { NoFamilyCard } from "../../components/no-family-card";
import { useCategories, useMonthExpenses } from "../../lib/budget-hooks";
import { useFamily } from "../../lib/family-queries";
import { useDocumentTitle } from "../../lib/use-document-title";
import { useSelectedMonth } from "../../lib/use-selected-month";
import { CategoryCards } from "./category-cards";
import { ClearExamplesButton } from "./clear-examples-button";
import { DashboardSkeleton } from "./dashboard-skeleton";
import { hasExampleExpense } from "./dashboard-view";
import { LoadError } from "./load-error";
import { MonthTotals } from "./month-totals";
import { QuickAddButton } from "./quick-add-button";
import { RecentTransactions } from "./recent-transactions";
import { WeekCards } from "./week-cards";

/** Only the shown month is fetched; every figure comes from summarizeMonth, as in the reports. */
function MonthOverview({ month }: { month: YearMonth }) {
  const categories = useCategories();
  const expenses = useMonthExpenses(month.year, month.month);
  const summary = useMemo(
    () =>
      categories.data && expenses.data
        ? summarizeMonth(monthSpendingOf(month, expenses.data), categories.data)
        : null,
    [month, categories.data, expenses.data],
  );

  if (categories.error || expenses.error) {
    return (
      <LoadError
        error={categories.error ?? expenses.error}
        onRetry={() => {
          if (categories.error) void categories.refetch();
          if (expenses.error) void expenses.refetch();
        }}
      />
    );
  }
  if (!summary || !categories.data || !expenses.data) return <DashboardSkeleton />;

  return (
    <div className="space-y-8">
      {hasExampleExpense(expenses.data) ? (
        <div className="flex justify-end">
          <ClearExamplesButton />
        </div>
      ) : null}
      <MonthTotals summary={summary} />
      <WeekCards weeks={summary.weeks} month={month} />
      <CategoryCards categories={summary.categories} />
      <RecentTransactions expenses={expenses.data} categories={categories.data} />
    </div>
  );
}

export function DashboardPage() {
  const { t } = useTranslation();
  const title = t("pages.dashboard.title");
  useDocumentTitle(title);
  const family = useFamily();
  const [month, setMonth] = useSelectedMonth();

  let content: ReactNode;
  if (family.isLoading) content = <DashboardSkeleton />;
  else if (family.error)
    content = <LoadError error={family.error} onRetry={() => void family.refetch()} />;
  else if (!family.family) content = <NoFamilyCard />;
  else content = <MonthOverview month={month} />;

  return (
    // Room at the bottom so the floating '+' never hides the last row.
    <div className="space-y-6 pb-20">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <PageTitle>{title}</PageTitle>
        {family.family ? <MonthNavigation value={month} onChange={setMonth} /> : null}
      </div>
      {content}
      {family.family ? <QuickAddButton /> : null}
    </div>
  );
}
