import type { ComponentType, ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { YearMonth } from "../../../domain/budget";
import { type BudgetPeriod, weekBucketsOf } from "../../../domain/budget-period";
import { summarizeMonth } from "../../../domain/month-summary";
import { useCurrentUser } from "../../api/auth/get-current-user";
import { useFamilyQuery } from "../../api/family/get-family";
import { useMonthSummary, useShownBudgetMonth } from "../../api/summary/get-month-summary";
import { PageTitle } from "../../components/layout/page-title";
import { MonthNavigation } from "../../components/month-navigation";
import { MonthSkeleton, MonthViewState, type SkeletonRow } from "../../components/month-view-state";
import { RequireFamily } from "../../components/require-family";
import { useDocumentTitle } from "../../lib/use-document-title";
import { useQueueSnapshot } from "../../offline/queue-snapshot";
import { CategoryCards } from "./category-cards";
import { ClearExamplesButton } from "./clear-examples-button";
import { Committed } from "./committed";
import { DueBills } from "./due-bills";
import { MonthTotals } from "./month-totals";
import { pendingCents, pendingInPeriod } from "./pending";
import { type ExpenseEditDialogProps, RecentTransactions } from "./recent-transactions";
import { WeekCards } from "./week-cards";

/** Totals, the four weeks, the category cards and the recent transactions. */
const skeletonRows: SkeletonRow[] = [
  { count: 3, block: "h-24 rounded-2xl", grid: "sm:grid-cols-3" },
  { count: 4, block: "h-28 rounded-2xl", grid: "grid-cols-2 lg:grid-cols-4" },
  { count: 3, block: "h-40 rounded-2xl", grid: "md:grid-cols-2 lg:grid-cols-3" },
  { count: 1, block: "h-48 rounded-2xl" },
];

function DashboardSkeleton() {
  return <MonthSkeleton rows={skeletonRows} testId="dashboard-skeleton" />;
}

/**
 * One call for the shown month, the family's budget month that name stands for
 * (docs/product.md#budget-periods); every figure comes from summarizeMonth, as in the reports. The
 * expenses waiting on this device to be sent count in it at once, marked pending
 * (docs/product.md#offline-expense-queue), by the period's days.
 */
function MonthOverview({
  month,
  period,
  datesShown,
  EditDialog,
  balances,
}: {
  month: YearMonth;
  /** The shown month's days (useShownBudgetMonth). */
  period: BudgetPeriod;
  datesShown: boolean;
  EditDialog: ComponentType<ExpenseEditDialogProps>;
  /** Shown once the month's figures are in (routes/dashboard-route.tsx). */
  balances?: ReactNode;
}) {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  const query = useMonthSummary(month);
  const pending = pendingInPeriod(useQueueSnapshot(user?.id), period, query.dataUpdatedAt);
  return (
    <MonthViewState
      query={query}
      skeleton={<DashboardSkeleton />}
      errorTitle={t("dashboard.loadError.title")}
      retryLabel={t("dashboard.loadError.retry")}
    >
      {({ response, summary: saved }) => {
        const summary =
          pending.length > 0
            ? summarizeMonth(
                response,
                response.categories,
                pending.map(({ input }) => input),
              )
            : saved;
        return (
          <div className="space-y-8">
            {response.hasExamples ? (
              <div className="flex justify-end">
                <ClearExamplesButton />
              </div>
            ) : null}
            <MonthTotals summary={summary} month={month} pendingCents={pendingCents(pending)} />
            <DueBills month={month} categories={response.categories} />
            <Committed month={month} datesShown={datesShown} />
            {balances}
            <WeekCards
              weeks={summary.weeks}
              buckets={weekBucketsOf(period)}
              datesShown={datesShown}
            />
            <CategoryCards categories={summary.categories} />
            <RecentTransactions
              latest={response.latest}
              pending={pending}
              payerId={user?.id ?? null}
              categories={response.categories}
              EditDialog={EditDialog}
            />
          </div>
        );
      }}
    </MonthViewState>
  );
}

/**
 * The monthly overview. The quick-add button and the expense editor belong to the Expenses
 * feature, the Acertos card to the Balances feature: the app composes them in
 * (src/web/routes/dashboard-route.tsx), so this folder never imports another feature's.
 */
export function DashboardPage({
  quickAdd,
  EditDialog,
  balances,
}: {
  quickAdd?: ReactNode;
  EditDialog: ComponentType<ExpenseEditDialogProps>;
  balances?: ReactNode;
}) {
  const { t } = useTranslation();
  const title = t("pages.dashboard.title");
  useDocumentTitle(title);
  // GET /api/family, which RequireFamily also shows by: the month and '+' only with one.
  const family = useFamilyQuery();
  const { month, setMonth, period, datesShown } = useShownBudgetMonth(family.data);

  return (
    // Room at the bottom so the floating '+' never hides the last row.
    <div className="space-y-6 pb-20">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <PageTitle>{title}</PageTitle>
        {family.data ? (
          <MonthNavigation
            value={month}
            onChange={setMonth}
            period={datesShown ? period : undefined}
          />
        ) : null}
      </div>
      <RequireFamily family={family} fallback={<DashboardSkeleton />}>
        <MonthOverview
          month={month}
          period={period}
          datesShown={datesShown}
          EditDialog={EditDialog}
          balances={balances}
        />
      </RequireFamily>
      {family.data ? quickAdd : null}
    </div>
  );
}
