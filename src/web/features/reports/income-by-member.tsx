import { useTranslation } from "react-i18next";
import { fromCents, toCents } from "../../../contract/cents";
import type { MonthSummaryResponse } from "../../../contract/summary";
import { monthNetOf } from "../../../domain/month-net";
import { usePayerName } from "../../api/family/payer-names";
import { Card, CardContent, CardHeader } from "../../components/ui/card";
import { useLanguage } from "../../i18n/use-language";
import { localeOf } from "../../lib/format";
import { useMoney } from "../../lib/use-money";
import { cn } from "../../lib/utils";
import { formatShare } from "./report-view";
import { reportsTexts } from "./texts";

/**
 * What each member received in the month (docs/product.md#the-months-net), with each one's part
 * of the month's income; others' private income in one line that names nobody
 * (docs/product.md#private-expenses); and the month's net under it: what was left of the income
 * after the spending, and the savings rate (domain/month-net.ts, the dashboard's rule too).
 */
export function IncomeByMember({
  income,
  incomeByMember,
  spentCents,
}: {
  income: string;
  incomeByMember: MonthSummaryResponse["incomeByMember"];
  spentCents: number;
}) {
  const { t } = useTranslation(reportsTexts);
  const language = useLanguage();
  const money = useMoney();
  const payerName = usePayerName();
  const totalCents = toCents(income);
  const share = (cents: number) =>
    formatShare(totalCents > 0 ? cents / totalCents : 0, localeOf(language));
  const rows = incomeByMember.map((row) => ({
    key: row.userId ?? "none",
    name: payerName(row.userId),
    cents: toCents(row.amount),
  }));
  const privateCents = totalCents - rows.reduce((sum, row) => sum + row.cents, 0);
  if (privateCents > 0)
    rows.push({ key: "private", name: t("reports.income.private"), cents: privateCents });
  const net = monthNetOf(income, fromCents(spentCents));
  const leftCents = toCents(net.left);
  const cell = "px-3 py-2";
  const numeric = `${cell} whitespace-nowrap text-right tabular-nums`;
  return (
    <section aria-labelledby="income-title">
      <Card data-testid="income-by-member">
        <CardHeader>
          <h2 id="income-title" className="font-semibold text-lg">
            {t("reports.income.title")}
          </h2>
        </CardHeader>
        <CardContent className="grid gap-3">
          <table className="w-full text-sm" aria-labelledby="income-title">
            <thead>
              <tr className="border-border border-b text-left text-muted-foreground">
                <th scope="col" className={cn(cell, "font-medium")}>
                  {t("reports.income.member")}
                </th>
                <th scope="col" className={cn(numeric, "font-medium")}>
                  {t("reports.income.received")}
                </th>
                <th scope="col" className={cn(numeric, "font-medium")}>
                  {t("reports.income.share")}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-border">
              {rows.map((row) => (
                <tr key={row.key} data-testid="income-row">
                  <th scope="row" className={cn(cell, "text-left font-medium")}>
                    {row.name}
                  </th>
                  <td className={numeric}>{money(row.cents)}</td>
                  <td className={numeric}>{share(row.cents)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr className="border-border border-t font-semibold">
                <th scope="row" className={cn(cell, "text-left")}>
                  {t("reports.income.total")}
                </th>
                <td className={numeric}>{money(totalCents)}</td>
                <td className={numeric} />
              </tr>
            </tfoot>
          </table>
          <p className="text-sm tabular-nums" data-testid="income-net">
            <span
              className={cn(
                "whitespace-nowrap font-medium",
                leftCents < 0 ? "text-destructive" : "text-success",
              )}
            >
              {leftCents < 0
                ? t("reports.income.short", { amount: money(-leftCents) })
                : t("reports.income.left", { amount: money(leftCents) })}
            </span>
            {net.savingsRate === null ? null : (
              <>
                {" · "}
                <span className="whitespace-nowrap">
                  {t("reports.income.rate", { percent: net.savingsRate })}
                </span>
              </>
            )}
          </p>
        </CardContent>
      </Card>
    </section>
  );
}
