import { useTranslation } from "react-i18next";
import type { MonthSummaryResponse } from "../../../contract/summary";
import { payerShares } from "../../../domain/payer-spending";
import { usePayerName } from "../../api/family/payer-names";
import { Card, CardContent, CardHeader } from "../../components/ui/card";
import { useLanguage } from "../../i18n/use-language";
import { localeOf } from "../../lib/format";
import { useMoney } from "../../lib/use-money";
import { cn } from "../../lib/utils";
import { formatShare } from "./report-view";
import { reportsTexts } from "./texts";

/**
 * Each member's spending in the month (who paid, former members included): a bar per member and
 * a table of member, amount and share. The bars are decorative for assistive technology; the
 * table says the same in text. Viewed as a member, who paid how much of their shares, under
 * `shareTitle` ("Quem pagou a parte de Léo", docs/product.md#viewing-as-a-member).
 */
export function PayerSpending({
  spentByPayer,
  shareTitle,
}: {
  spentByPayer: MonthSummaryResponse["spentByPayer"];
  shareTitle?: string;
}) {
  const { t } = useTranslation(reportsTexts);
  const language = useLanguage();
  const money = useMoney();
  const payerName = usePayerName();
  const rows = payerShares(spentByPayer).map((row) => ({
    ...row,
    key: row.userId ?? "none",
    name: payerName(row.userId),
    share: formatShare(row.share, localeOf(language)),
    width: `${(row.share * 100).toFixed(1)}%`,
  }));
  const cell = "px-3 py-2 whitespace-nowrap";
  const numeric = `${cell} text-right tabular-nums`;
  return (
    <section aria-labelledby="payers-title">
      <Card>
        <CardHeader>
          <h2 id="payers-title" className="font-semibold text-lg">
            {shareTitle ?? t("reports.payers.title")}
          </h2>
        </CardHeader>
        <CardContent className="grid gap-6 md:grid-cols-2 md:items-start">
          <ul aria-hidden="true" className="grid gap-3" data-testid="payer-chart">
            {rows.map((row) => (
              <li key={row.key} className="grid gap-1 text-sm">
                <span className="truncate">{row.name}</span>
                <span className="h-3 w-full overflow-hidden rounded-full bg-muted">
                  <span
                    className="block h-full rounded-full bg-primary"
                    style={{ width: row.width }}
                  />
                </span>
              </li>
            ))}
          </ul>
          <table className="w-full text-sm" aria-labelledby="payers-title">
            <thead>
              <tr className="border-border border-b text-left text-muted-foreground">
                <th scope="col" className={cn(cell, "font-medium")}>
                  {t("reports.payers.member")}
                </th>
                <th scope="col" className={cn(numeric, "font-medium")}>
                  {shareTitle ? t("reports.shares.paid") : t("reports.payers.spent")}
                </th>
                <th scope="col" className={cn(numeric, "font-medium")}>
                  {t("reports.payers.share")}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-border">
              {rows.map((row) => (
                <tr key={row.key} data-testid="payer-row">
                  <th
                    scope="row"
                    className={cn(cell, "max-w-40 truncate text-left font-medium sm:max-w-none")}
                  >
                    {row.name}
                  </th>
                  <td className={numeric}>{money(row.spentCents)}</td>
                  <td className={numeric}>{row.share}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </CardContent>
      </Card>
    </section>
  );
}
