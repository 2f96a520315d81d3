import { Tags } from "lucide-react";
import { type ReactNode, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import type { YearMonth } from "../../../domain/budget";
import { monthSpendingOf, summarizeMonth } from "../../../domain/month-summary";
import { PageTitle } from "../../components/layout/page-title";
import { MonthNavigation } from "../../components/month-navigation";
import { NoFamilyCard } from "../../components/no-family-card";
import { Alert, AlertDescription, AlertTitle } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { Skeleton } from "../../components/ui/skeleton";
import { useLanguage } from "../../i18n/use-language";
import { useCategories, useMonthExpenses } from "../../lib/budget-hooks";
import { useFamily } from "../../lib/family-queries";
import { formatMonthYear } from "../../lib/format";
import { errorDescription } from "../../lib/toast-error";
import { useDocumentTitle } from "../../lib/use-document-title";
import { useSelectedMonth } from "../../lib/use-selected-month";
import { CategoryTable } from "./category-table";
import { PerformanceSummary } from "./performance-summary";
import { spendingShares } from "./report-view";
import { SpendingChart } from "./spending-chart";
import { SummaryTiles } from "./summary-tiles";

function ReportSkeleton() {
  const { t } = useTranslation();
  return (
    <div className="space-y-6" aria-busy="true" data-testid="reports-skeleton">
      <p className="sr-only" role="status">
        {t("common.loading")}
      </p>
      <div className="grid gap-3 sm:grid-cols-3">
        {[1, 2, 3].map((key) => (
          <Skeleton key={key} className="h-24 rounded-2xl" />
        ))}
      </div>
      <Skeleton className="h-64 rounded-2xl" />
      <div className="grid gap-6 md:grid-cols-2">
        <Skeleton className="h-64 rounded-2xl" />
        <Skeleton className="h-64 rounded-2xl" />
      </div>
    </div>
  );
}

function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert variant="destructive" className="gap-2">
      <AlertTitle>{t("reports.loadError.title")}</AlertTitle>
      <AlertDescription>{errorDescription(error)}</AlertDescription>
      <div>
        <Button type="button" variant="outline" size="sm" onClick={onRetry}>
          {t("reports.loadError.retry")}
        </Button>
      </div>
    </Alert>
  );
}

function NoCategories() {
  const { t } = useTranslation();
  return (
    <Card className="flex flex-col items-center gap-3 px-5 py-10 text-center">
      <Tags aria-hidden="true" className="size-8 text-muted-foreground" />
      <p className="font-medium">{t("reports.empty")}</p>
      <p className="text-muted-foreground text-sm">{t("reports.emptyHint")}</p>
      <Button asChild variant="outline" size="sm">
        <Link href="/categories">{t("reports.createCategories")}</Link>
      </Button>
    </Card>
  );
}

/** Only the shown month is fetched; every figure comes from summarizeMonth, as on the dashboard. */
function MonthReport({ month }: { month: YearMonth }) {
  const { t } = useTranslation();
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
  if (!summary) return <ReportSkeleton />;

  const slices = spendingShares(summary, t("reports.table.uncategorised"));
  const hasCategories = summary.categories.length > 0;
  return (
    <div className="space-y-6">
      <SummaryTiles summary={summary} />
      {hasCategories || summary.uncategorisedSpentCents > 0 ? (
        <CategoryTable summary={summary} />
      ) : null}
      {hasCategories ? null : <NoCategories />}
      {slices.length > 0 || hasCategories ? (
        <div className="grid gap-6 md:grid-cols-2">
          {summary.totalSpentCents > 0 ? <SpendingChart slices={slices} /> : null}
          {hasCategories ? <PerformanceSummary performance={summary.performance} /> : null}
        </div>
      ) : null}
    </div>
  );
}

export function ReportsPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const family = useFamily();
  const [month, setMonth] = useSelectedMonth();
  const pageTitle = t("pages.reports.title");
  // The month belongs in the title only while there is a month's report to show.
  const title = family.family
    ? t("reports.titleWithMonth", {
        title: pageTitle,
        month: formatMonthYear(month.month, month.year, language),
      })
    : pageTitle;
  useDocumentTitle(title);

  let content: ReactNode;
  if (family.isLoading) content = <ReportSkeleton />;
  else if (family.error)
    content = <LoadError error={family.error} onRetry={() => void family.refetch()} />;
  else if (!family.family) content = <NoFamilyCard />;
  else content = <MonthReport month={month} />;

  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-3 lg:flex-row lg:items-center lg:justify-between">
        <PageTitle>{title}</PageTitle>
        {family.family ? <MonthNavigation value={month} onChange={setMonth} /> : null}
      </div>
      {content}
    </div>
  );
}
