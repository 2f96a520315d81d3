import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { YearMonth } from "../../../domain/budget";
import type { ViewedMember } from "../../api/family/view-choices";
import type { SummaryView } from "../../api/summary/get-month-summary";
import { useMonthTrend } from "../../api/summary/get-trend";
import { MonthSkeleton, MonthViewState, type SkeletonRow } from "../../components/month-view-state";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardHeader } from "../../components/ui/card";
import { useLanguage } from "../../i18n/use-language";
import { formatMonthYear } from "../../lib/format";
import { CategoryTrends } from "./category-trends";
import { CommittedMonths } from "./committed-months";
import { reportsTexts } from "./texts";
import { TrendChart } from "./trend-chart";
import { TrendTable } from "./trend-table";
import { type TrendView, trendViewOf } from "./trend-view";

const skeletonRows: SkeletonRow[] = [
  { count: 1, block: "h-80 rounded-2xl" },
  { count: 3, block: "h-32 rounded-2xl", grid: "sm:grid-cols-2 lg:grid-cols-3" },
];

function Trend({
  view,
  month,
  datesShown,
  viewed,
}: {
  view: TrendView;
  month: YearMonth;
  datesShown: boolean;
  viewed: ViewedMember | null;
}) {
  const { t } = useTranslation(reportsTexts);
  const language = useLanguage();
  const [asTable, setAsTable] = useState(false);
  const first = view.months[0];
  const last = view.months[view.months.length - 1];
  return (
    <div className="space-y-6">
      <section aria-labelledby="trend-title">
        <Card>
          <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
            <div className="grid min-w-0 gap-1">
              <h2 id="trend-title" className="font-semibold text-lg">
                {viewed
                  ? viewed.me
                    ? t("reports.trend.myShareTitle")
                    : t("reports.trend.shareTitle", { name: viewed.name })
                  : t("reports.trend.title")}
              </h2>
              {first && last ? (
                <p className="text-muted-foreground text-sm">
                  {t("reports.trend.range", {
                    from: formatMonthYear(first.month, first.year, language),
                    to: formatMonthYear(last.month, last.year, language),
                  })}
                </p>
              ) : null}
            </div>
            {view.empty ? null : (
              <Button
                type="button"
                variant="outline"
                size="sm"
                className="aria-pressed:bg-accent aria-pressed:text-accent-foreground"
                aria-pressed={asTable}
                onClick={() => setAsTable((shown) => !shown)}
              >
                {t("reports.trend.showTable")}
              </Button>
            )}
          </CardHeader>
          <CardContent className="grid gap-4">
            {view.empty ? (
              <p className="text-muted-foreground text-sm">{t("reports.trend.empty")}</p>
            ) : (
              <>
                {asTable ? null : <TrendChart months={view.months} withIncome={view.hasIncome} />}
                <TrendTable view={view} visible={asTable} />
                <p className="text-muted-foreground text-sm">
                  {viewed ? t("reports.trend.shareNote") : t("reports.trend.note")}
                </p>
              </>
            )}
          </CardContent>
        </Card>
      </section>
      {/* What is committed has no member's view: only the family's shows it. */}
      {viewed ? null : <CommittedMonths month={month} datesShown={datesShown} />}
      {view.empty || view.series.length === 0 ? null : (
        <CategoryTrends series={view.series} months={view.months} />
      )}
    </div>
  );
}

/**
 * The Reports' 12-month trend (docs/product.md, "12-month trend"): its own call, so the month's
 * report shows without waiting for it, with the same loading and error states. `datesShown`: each
 * month's days beside its name, when the family's budget month is its own. Viewed as a member
 * (docs/product.md#viewing-as-a-member), each month is their shares, against the family's budget
 * (budgets stay the family's).
 */
export function MonthTrend({
  month,
  datesShown,
  view = null,
  viewed = null,
}: {
  month: YearMonth;
  datesShown: boolean;
  view?: SummaryView;
  viewed?: ViewedMember | null;
}) {
  const { t } = useTranslation(reportsTexts);
  const query = useMonthTrend(month, view);
  const uncategorised = t("reports.table.uncategorised");
  return (
    <MonthViewState
      query={query}
      skeleton={<MonthSkeleton rows={skeletonRows} testId="trend-skeleton" />}
      errorTitle={t("reports.trend.loadError")}
      retryLabel={t("reports.loadError.retry")}
    >
      {(response) => (
        <Trend
          view={trendViewOf(response, uncategorised, datesShown)}
          month={month}
          datesShown={datesShown}
          viewed={viewed}
        />
      )}
    </MonthViewState>
  );
}
