import { useTranslation } from "react-i18next";
import type { WeekBucket } from "../../../domain/budget-period";
import type { WeekSummary } from "../../../domain/month-summary";
import { Card } from "../../components/ui/card";
import { useLanguage } from "../../i18n/use-language";
import { formatDayRange } from "../../lib/format";
import { useMoney } from "../../lib/use-money";
import { cn } from "../../lib/utils";
import { dashboardTexts } from "./texts";

/**
 * Four cards, one per week bucket of the period (days 1-7, 8-14, 15-21, 22-end), against
 * budget / 4; `buckets` are the period's (weekBucketsOf), the days the server adds up for each
 * card. Each says its days: of the month with the calendar month ("Dias 1–7"), as dates
 * ("7–13 nov") when the family's budget month is its own (`datesShown`,
 * docs/product.md#budget-periods), whose weeks cross the months' ends. Viewed as a member
 * (`share`), each card is their share of the week, without a status: as the category cards, what
 * is left of the family's weekly budget is not measured by one person's share.
 */
export function WeekCards({
  weeks,
  buckets,
  datesShown,
  share = false,
}: {
  weeks: WeekSummary[];
  buckets: WeekBucket[];
  datesShown: boolean;
  share?: boolean;
}) {
  const { t } = useTranslation(dashboardTexts);
  const language = useLanguage();
  const money = useMoney();
  return (
    <section aria-labelledby="weeks-title" className="space-y-3">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <h2 id="weeks-title" className="font-semibold text-lg">
          {t("dashboard.weeks.title")}
        </h2>
        <p className="text-muted-foreground text-sm tabular-nums">
          {t("dashboard.weeks.budget", { amount: money(weeks[0]?.budgetCents ?? 0) })}
        </p>
      </div>
      <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {weeks.map((week) => {
          // Four of each, in the same order: a bucket is the days of its week's figures.
          const bucket = buckets[week.week - 1];
          if (!bucket) return null;
          const { first, last } = bucket;
          const { status } = week;
          return (
            <li key={week.week} data-testid={`week-${week.week}`} className="min-w-0">
              <Card className="flex h-full flex-col gap-1 p-4">
                <h3 className="font-semibold text-sm">
                  {t("dashboard.weeks.week", { number: week.week })}
                </h3>
                <p className="text-muted-foreground text-xs tabular-nums">
                  {datesShown
                    ? formatDayRange(first, last, language)
                    : t("dashboard.weeks.days", {
                        from: Number(first.slice(8)),
                        to: Number(last.slice(8)),
                      })}
                </p>
                <p
                  className="mt-1 font-bold text-base tabular-nums sm:text-xl"
                  data-testid="week-spent"
                >
                  {money(week.spentCents)}
                </p>
                {share ? null : (
                  <p
                    data-testid="week-status"
                    className={cn(
                      "font-medium text-xs tabular-nums",
                      status.kind === "waiting" && "text-muted-foreground",
                      status.kind === "over" && "text-destructive",
                      status.kind === "available" && "text-success",
                    )}
                  >
                    {status.kind === "waiting" && t("dashboard.weeks.waiting")}
                    {status.kind === "over" &&
                      t("dashboard.weeks.over", { amount: money(status.overByCents) })}
                    {status.kind === "available" &&
                      t("dashboard.weeks.available", { amount: money(status.availableCents) })}
                  </p>
                )}
              </Card>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
