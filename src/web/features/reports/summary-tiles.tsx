import { useTranslation } from "react-i18next";
import type { MonthSummary } from "../../../domain/month-summary";
import { Card } from "../../components/ui/card";
import { useMoney } from "../../lib/use-money";
import { cn } from "../../lib/utils";
import { monthBalance } from "./report-view";

/** Total Orçado, Total Gasto, and Excesso (over) or Economia (under or equal), absolute. */
export function SummaryTiles({ summary }: { summary: MonthSummary }) {
  const { t } = useTranslation();
  const money = useMoney();
  const balance = monthBalance(summary);
  const excess = balance.kind === "excess";
  return (
    <section aria-labelledby="summary-title">
      <h2 id="summary-title" className="sr-only">
        {t("reports.summary.title")}
      </h2>
      <dl className="grid gap-3 sm:grid-cols-3">
        <Card className="p-4 sm:p-5" data-testid="total-budgeted">
          <dt className="text-muted-foreground text-sm">{t("reports.summary.budgeted")}</dt>
          <dd className="mt-1 font-bold text-2xl tabular-nums">
            {money(summary.totalBudgetCents)}
          </dd>
        </Card>
        <Card className="p-4 sm:p-5" data-testid="total-spent">
          <dt className="text-muted-foreground text-sm">{t("reports.summary.spent")}</dt>
          <dd className="mt-1 font-bold text-2xl tabular-nums">{money(summary.totalSpentCents)}</dd>
        </Card>
        <Card
          className={cn("p-4 sm:p-5", excess ? "border-destructive/40" : "border-primary/30")}
          data-testid="balance"
        >
          <dt className="text-muted-foreground text-sm">
            {excess ? t("reports.summary.excess") : t("reports.summary.savings")}
          </dt>
          <dd
            className={cn(
              "mt-1 font-bold text-2xl tabular-nums",
              excess ? "text-destructive" : "text-success",
            )}
          >
            {money(balance.amountCents)}
          </dd>
        </Card>
      </dl>
    </section>
  );
}
