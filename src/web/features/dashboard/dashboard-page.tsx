import type { ComponentType, ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { YearMonth } from "../../../domain/budget";
import { type BudgetPeriod, weekBucketsOf } from "../../../domain/budget-period";
import { summarizeMonth } from "../../../domain/month-summary";
import { useCurrentUser } from "../../api/auth/get-current-user";
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
import { ViewAsSelect } from "../../components/view-as-select";
import { useDocumentTitle } from "../../lib/use-document-title";
import { useQueueSnapshot } from "../../offline/queue-snapshot";
import { AccountBalances } from "./account-balances";
import { CategoryCards } from "./category-cards";
import { ClearExamplesButton } from "./clear-examples-button";
import { Committed } from "./committed";
import { DueBills } from "./due-bills";
import { Goals } from "./goals";
import { MonthNet } from "./month-net";
import { MonthTotals } from "./month-totals";
import { pendingCents, pendingInPeriod } from "./pending";
import { type ExpenseEditDialogProps, RecentTransactions } from "./recent-transactions";
import { ShareTotals } from "./share-totals";
import { dashboardTexts } from "./texts";
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
 *
 * Viewed as a member (docs/product.md#viewing-as-a-member) every figure is their shares: the
 * totals say whose and who paid them, the cards drop the budget statuses (CategoryCards says
 * why), and what only the family's view can say stays out: the bills still due and what is
 * already committed (their calls take no view), and the expenses waiting on this device, whose
 * shares the database computes only once it has them (decision 012, "As built").
 */
function MonthOverview({
  month,
  view,
  viewed,
  period,
  datesShown,
  EditDialog,
  balances,
}: {
  month: YearMonth;
  view: SummaryView;
  viewed: ViewedMember | null;
  /** The shown month's days (useShownBudgetMonth). */
  period: BudgetPeriod;
  datesShown: boolean;
  EditDialog: ComponentType<ExpenseEditDialogProps>;
  /** Shown once the month's figures are in (routes/dashboard-route.tsx). */
  balances?: ReactNode;
}) {
  const { t } = useTranslation(dashboardTexts);
  const { user } = useCurrentUser();
  const query = useMonthSummary(month, view);
  const queued = pendingInPeriod(useQueueSnapshot(user?.id), period, query.dataUpdatedAt);
  const pending = view ? [] : queued;
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
            {viewed ? (
              <>
                <ShareTotals
                  summary={summary}
                  spentByPayer={response.spentByPayer}
                  viewed={viewed}
                  month={month.month}
                />
                <MonthNet income={response.income} spentCents={summary.totalSpentCents} />
              </>
            ) : (
              <>
                <MonthTotals summary={summary} month={month} pendingCents={pendingCents(pending)} />
                <MonthNet income={response.income} spentCents={summary.totalSpentCents} />
                <DueBills month={month} categories={response.categories} />
                <Committed month={month} datesShown={datesShown} />
                <AccountBalances month={month} />
                <Goals />
              </>
            )}
            {balances}
            <WeekCards
              weeks={summary.weeks}
              buckets={weekBucketsOf(period)}
              datesShown={datesShown}
              share={Boolean(viewed)}
            />
            <CategoryCards categories={summary.categories} share={Boolean(viewed)} />
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
  const { t } = useTranslation(dashboardTexts);
  const title = t("pages.dashboard.title");
  useDocumentTitle(title);
  // GET /api/family, which RequireFamily also shows by: the month and '+' only with one.
  const family = useFamilyQuery();
  // Whose month: the family's, mine or another member's (?view=, docs/product.md#viewing-as-a-member).
  const { view, viewed, choices, select } = useViewAs();
  const { month, setMonth, period, datesShown } = useShownBudgetMonth(family.data, view);

  return (
    // Room at the bottom so the floating '+' never hides the last row.
    <div className="space-y-6 pb-20">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
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
      <RequireFamily family={family} fallback={<DashboardSkeleton />}>
        <MonthOverview
          month={month}
          view={view}
          viewed={viewed}
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
