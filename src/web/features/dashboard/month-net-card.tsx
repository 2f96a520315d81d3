import { useTranslation } from "react-i18next";
import { fromCents, toCents } from "../../../contract/cents";
import { monthNetOf } from "../../../domain/month-net";
import { Card } from "../../components/ui/card";
import { useMoney } from "../../lib/use-money";
import { cn } from "../../lib/utils";
import { dashboardTexts } from "./texts";

/**
 * "Receitas R$ 5.000,00 · Gastos R$ 3.870,40 · Sobrou R$ 1.129,60 · Taxa de poupança 23%": the
 * sums come from the month's summary (spending with the expenses still waiting on this device),
 * and what was left and the rate from domain/month-net.ts, the reports' home of the same rule.
 */
export function MonthNetCard({ income, spentCents }: { income: string; spentCents: number }) {
  const { t } = useTranslation(dashboardTexts);
  const money = useMoney();
  const net = monthNetOf(income, fromCents(spentCents));
  const leftCents = toCents(net.left);
  const short = leftCents < 0;
  return (
    <section aria-labelledby="month-net-title">
      <Card className="grid gap-3 p-4 sm:p-5" data-testid="month-net">
        <h2 id="month-net-title" className="font-semibold">
          {t("dashboard.net.title")}
        </h2>
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          <div>
            <dt className="text-muted-foreground text-sm">{t("dashboard.net.income")}</dt>
            <dd className="font-bold text-xl tabular-nums" data-testid="net-income">
              {money(toCents(net.income))}
            </dd>
          </div>
          <div>
            <dt className="text-muted-foreground text-sm">{t("dashboard.net.spent")}</dt>
            <dd className="font-bold text-xl tabular-nums" data-testid="net-spent">
              {money(spentCents)}
            </dd>
          </div>
          <div>
            {/* The word says which way it went; the colour only repeats it. */}
            <dt className="text-muted-foreground text-sm">
              {short ? t("dashboard.net.short") : t("dashboard.net.left")}
            </dt>
            <dd
              className={cn(
                "font-bold text-xl tabular-nums",
                short ? "text-destructive" : "text-success",
              )}
              data-testid="net-left"
            >
              {money(Math.abs(leftCents))}
            </dd>
          </div>
          <div>
            <dt className="text-muted-foreground text-sm">{t("dashboard.net.savingsRate")}</dt>
            <dd className="font-bold text-xl tabular-nums" data-testid="net-rate">
              {net.savingsRate === null ? t("dashboard.net.noRate") : `${net.savingsRate}%`}
            </dd>
          </div>
        </dl>
      </Card>
    </section>
  );
}
