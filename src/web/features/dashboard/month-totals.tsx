import { useTranslation } from "react-i18next";
import type { YearMonth } from "../../../domain/budget";
import type { MonthSummary } from "../../../domain/month-summary";
import { Card } from "../../components/ui/card";
import { useMoney } from "../../lib/use-money";
import { cn } from "../../lib/utils";
import { PlannedLine } from "./due-bills";
import { dashboardTexts } from "./texts";

/**
 * Gasto Total, Meta Mensal and Saldo Restante (absolute, green when >= 0, red when over); the
 * recurring bills still due show under the total as planned, never added to it. Expenses waiting on
 * this device are in the figures, and the total says how much of it is pending.
 */
export function MonthTotals({
  summary,
  month,
  pendingCents,
}: {
  summary: MonthSummary;
  month: YearMonth;
  pendingCents: number;
}) {
  const { t } = useTranslation(dashboardTexts);
  const money = useMoney();
  const { remaining } = summary;
  return (
    <section aria-labelledby="month-totals-title">
      <h2 id="month-totals-title" className="sr-only">
        {t("dashboard.totals.title")}
      </h2>
      <dl className="grid gap-3 sm:grid-cols-3">
        <Card className="p-4 sm:p-5" data-testid="total-spent">
          <dt className="text-muted-foreground text-sm">{t("dashboard.totals.spent")}</dt>
          <dd className="mt-1">
            <span className="block font-bold text-2xl tabular-nums">
              {money(summary.totalSpentCents)}
            </span>
            {pendingCents > 0 ? (
              <span className="block text-muted-foreground text-xs" data-testid="pending-total">
                {t("dashboard.totals.pending", { amount: money(pendingCents) })}
              </span>
            ) : null}
            <PlannedLine month={month} />
          </dd>
        </Card>
        <Card className="p-4 sm:p-5" data-testid="total-budget">
          <dt className="text-muted-foreground text-sm">{t("dashboard.totals.budget")}</dt>
          <dd className="mt-1 font-bold text-2xl tabular-nums">
            {money(summary.totalBudgetCents)}
          </dd>
        </Card>
        <Card
          className={cn(
            "p-4 sm:p-5",
            remaining.positive ? "border-primary/30" : "border-destructive/40",
          )}
          data-testid="remaining-balance"
        >
          <dt className="text-muted-foreground text-sm">{t("dashboard.totals.remaining")}</dt>
          <dd className="mt-1">
            <span
              data-testid="remaining-amount"
              className={cn(
                "block font-bold text-2xl tabular-nums",
                remaining.positive ? "text-success" : "text-destructive",
              )}
            >
              {money(remaining.amountCents)}
            </span>
            {/* Colour alone must not carry the meaning: say whether the month is over. */}
            <span className="text-muted-foreground text-xs">
              {remaining.positive
                ? t("dashboard.totals.withinBudget")
                : t("dashboard.totals.overBudget")}
            </span>
          </dd>
        </Card>
      </dl>
    </section>
  );
}
