import { useTranslation } from "react-i18next";
import type { YearMonth } from "../../../domain/budget";
import type { WeekSummary } from "../../../domain/month-summary";
import { Card } from "../../components/ui/card";
import { useMoney } from "../../lib/use-money";
import { cn } from "../../lib/utils";
import { weekDayRange } from "./dashboard-view";

/** Four cards, one per week bucket (1-7, 8-14, 15-21, 22-end), against budget / 4. */
export function WeekCards({ weeks, month }: { weeks: WeekSummary[]; month: YearMonth }) {
  const { t } = useTranslation();
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
          const days = weekDayRange(week.week, month);
          const { status } = week;
          return (
            <li key={week.week} data-testid={`week-${week.week}`} className="min-w-0">
              <Card className="flex h-full flex-col gap-1 p-4">
                <h3 className="font-semibold text-sm">
                  {t("dashboard.weeks.week", { number: week.week })}
                </h3>
                <p className="text-muted-foreground text-xs tabular-nums">
                  {t("dashboard.weeks.days", days)}
                </p>
                <p
                  className="mt-1 font-bold text-base tabular-nums sm:text-xl"
                  data-testid="week-spent"
                >
                  {money(week.spentCents)}
                </p>
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
              </Card>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
