import { Tags } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { toCents } from "../../../contract/cents";
import type { YearMonth } from "../../../domain/budget";
import { useFamilyQuery } from "../../api/family/get-family";
import { useViewAs, type ViewedMember } from "../../api/family/view-choices";
import {
  type SummaryView,
  useMonthSummary,
  useShownBudgetMonth,
} from "../../api/summary/get-month-summary";
import { PageTitle } from "../../components/layout/page-title";
import { MonthNavigation } from "../../components/month-navigation";
import { MonthSkeleton, MonthViewState, type SkeletonRow } from "../../components/month-view-state";
import { RequireFamily } from "../../components/require-family";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { ViewAsSelect } from "../../components/view-as-select";
import { useLanguage } from "../../i18n/use-language";
import { formatMonthYear } from "../../lib/format";
import { useDocumentTitle } from "../../lib/use-document-title";
import { CategoryTable } from "./category-table";
import { IncomeByMember } from "./income-by-member";
import { MemberShares } from "./member-shares";
import { MonthTrend } from "./month-trend";
import { NetWorth } from "./net-worth";
import { PayerSpending } from "./payer-spending";
import { PerformanceSummary } from "./performance-summary";
import { spendingShares } from "./report-view";
import { SpendingChart } from "./spending-chart";
import { SummaryTiles } from "./summary-tiles";
import { reportsTexts } from "./texts";

/** The summary tiles, the category table, and the chart beside the performance summary. */
const skeletonRows: SkeletonRow[] = [
  { count: 3, block: "h-24 rounded-2xl", grid: "sm:grid-cols-3" },
  { count: 1, block: "h-64 rounded-2xl" },
  { count: 2, block: "h-64 rounded-2xl", grid: "gap-6 md:grid-cols-2" },
];

function ReportSkeleton() {
  return <MonthSkeleton rows={skeletonRows} testId="reports-skeleton" />;
}

function NoCategories() {
  const { t } = useTranslation(reportsTexts);
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

/**
 * One call for the shown month; every figure comes from summarizeMonth, as on the dashboard.
 * Viewed as a member (docs/product.md#viewing-as-a-member) the figures are their shares against
 * the family's budgets, without what measures what a budget has left (the tiles' excess or
 * savings, the table's difference and status, the performance summary): one person's share does
 * not say whether the family is within a budget it spends from together. Who paid is who paid
 * their shares; 'Quem pagou e de quem era' stays the family's, every member's paid and share.
 */
function MonthReport({
  month,
  view,
  viewed,
}: {
  month: YearMonth;
  view: SummaryView;
  viewed: ViewedMember | null;
}) {
  const { t } = useTranslation(reportsTexts);
  return (
    <MonthViewState
      query={useMonthSummary(month, view)}
      skeleton={<ReportSkeleton />}
      errorTitle={t("reports.loadError.title")}
      retryLabel={t("reports.loadError.retry")}
    >
      {({ summary, response }) => {
        const slices = spendingShares(summary, {
          uncategorised: t("reports.table.uncategorised"),
          private: t("reports.table.private"),
        });
        const hasCategories = summary.categories.length > 0;
        return (
          <div className="space-y-6">
            <SummaryTiles summary={summary} viewed={viewed} month={month.month} />
            {hasCategories ||
            summary.uncategorisedSpentCents > 0 ||
            summary.privateSpentCents > 0 ? (
              <CategoryTable
                summary={summary}
                shareLabel={
                  viewed
                    ? viewed.me
                      ? t("viewAs.myShare")
                      : t("viewAs.share", { name: viewed.name })
                    : undefined
                }
              />
            ) : null}
            {response.spentByPayer.length > 0 ? (
              <PayerSpending
                spentByPayer={response.spentByPayer}
                shareTitle={
                  viewed
                    ? viewed.me
                      ? t("viewAs.paidMyShare")
                      : t("viewAs.paidShare", { name: viewed.name })
                    : undefined
                }
              />
            ) : null}
            {toCents(response.income) > 0 ? (
              <IncomeByMember
                income={response.income}
                incomeByMember={response.incomeByMember}
                spentCents={summary.totalSpentCents}
              />
            ) : null}
            <MemberShares month={month} />
            {hasCategories ? null : <NoCategories />}
            {slices.length > 0 || hasCategories ? (
              <div className="grid gap-6 md:grid-cols-2">
                {summary.totalSpentCents > 0 ? <SpendingChart slices={slices} /> : null}
                {hasCategories && !viewed ? (
                  <PerformanceSummary performance={summary.performance} />
                ) : null}
              </div>
            ) : null}
          </div>
        );
      }}
    </MonthViewState>
  );
}

export function ReportsPage() {
  const { t } = useTranslation(reportsTexts);
  const language = useLanguage();
  // GET /api/family, which RequireFamily also shows by: the month only with a family.
  const family = useFamilyQuery();
  // Whose month: the family's, mine or another member's (?view=, docs/product.md#viewing-as-a-member).
  const { view, viewed, choices, select } = useViewAs();
  const { month, setMonth, period, datesShown } = useShownBudgetMonth(family.data, view);
  const pageTitle = t("pages.reports.title");
  // The month belongs in the title only while there is a month's report to show.
  const title = family.data
    ? t("reports.titleWithMonth", {
        title: pageTitle,
        month: formatMonthYear(month.month, month.year, language),
      })
    : pageTitle;
  useDocumentTitle(title);

  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-3 lg:flex-row lg:items-center lg:justify-between">
        <PageTitle>{title}</PageTitle>
        {family.data ? (
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
            {choices.length > 0 ? (
              <ViewAsSelect choices={choices} value={view ?? ""} onChange={select} />
            ) : null}
            <MonthNavigation
              value={month}
              onChange={setMonth}
              period={datesShown ? period : undefined}
            />
          </div>
        ) : null}
      </div>
      <RequireFamily family={family} fallback={<ReportSkeleton />}>
        <MonthReport month={month} view={view} viewed={viewed} />
        <MonthTrend month={month} datesShown={datesShown} view={view} viewed={viewed} />
        {/* The family's money, not a member's share: in the family's view only. */}
        {view ? null : <NetWorth />}
      </RequireFamily>
    </div>
  );
}
