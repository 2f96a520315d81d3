import { useTranslation } from "react-i18next";
import { toCents } from "../../../contract/cents";
import type { YearMonth } from "../../../domain/budget";
import { useCommitted } from "../../api/summary/get-committed";
import { Card, CardContent, CardHeader } from "../../components/ui/card";
import { useLanguage } from "../../i18n/use-language";
import { formatDayRange, formatMoney, formatMonthYear } from "../../lib/format";
import { cn } from "../../lib/utils";
import { reportsTexts } from "./texts";

// The total first, beside the month: what a phone shows before the table scrolls. With income
// expected (docs/product.md#the-forecast), what is free leads, then what comes in and what is
// spoken for.
const committedColumns = ["total", "installments", "recurring", "other"] as const;
const forecastColumns = ["free", "income", "total", "installments", "recurring", "other"] as const;

/**
 * Beside the 12-month trend, the three budget months after the shown one and what they already
 * hold (docs/product.md#already-committed): installments, recurring bills still to come, other
 * expenses dated then, and their total; nothing when none holds anything. A table, real text for
 * everyone; on a phone it scrolls inside its region, never the page. Its own call: the trend
 * never waits for it.
 */
export function CommittedMonths({ month, datesShown }: { month: YearMonth; datesShown: boolean }) {
  const { t } = useTranslation(reportsTexts);
  const language = useLanguage();
  const committed = useCommitted(month);
  const periods = committed.data?.periods;
  if (!periods && !committed.isError) return null;
  // Nothing committed and no income expected in any of them: nothing to list.
  if (periods?.every((period) => toCents(period.total) === 0 && toCents(period.income) === 0))
    return null;
  const forecast = periods?.some((period) => toCents(period.income) > 0) ?? false;
  const parts = forecast ? forecastColumns : committedColumns;
  const cell = "px-3 py-2 whitespace-nowrap";
  const numeric = `${cell} text-right tabular-nums`;
  return (
    <Card data-testid="committed">
      <CardHeader className="grid gap-1">
        <h2 id="committed-title" className="font-semibold text-lg">
          {forecast ? t("reports.committed.forecastTitle") : t("reports.committed.title")}
        </h2>
        <p className="text-muted-foreground text-sm">
          {forecast ? t("reports.committed.forecastNote") : t("reports.committed.note")}
        </p>
      </CardHeader>
      {periods ? (
        // On phones the table scrolls inside its card instead of widening the page.
        <section
          aria-labelledby="committed-title"
          className="relative overflow-x-auto px-2 pb-4 outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 sm:px-3"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
          tabIndex={0}
        >
          <table className="w-full text-sm">
            <thead>
              <tr className="border-border border-b text-left text-muted-foreground">
                <th scope="col" className={cn(cell, "font-medium")}>
                  {t("reports.trend.month")}
                </th>
                {parts.map((part) => (
                  <th key={part} scope="col" className={cn(numeric, "font-medium")}>
                    {forecast && part === "total"
                      ? t("reports.committed.title")
                      : t(`reports.committed.${part}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-border">
              {periods.map((period) => (
                <tr key={`${period.year}-${period.month}`} data-testid="committed-row">
                  <th scope="row" className={cn(cell, "text-left font-medium")}>
                    {formatMonthYear(period.month, period.year, language)}
                    {datesShown ? (
                      <span className="block font-normal text-muted-foreground text-xs">
                        <span className="sr-only">, </span>
                        {formatDayRange(period.first, period.last, language)}
                      </span>
                    ) : null}
                  </th>
                  {parts.map((part) => (
                    <td
                      key={part}
                      className={cn(
                        numeric,
                        part === (forecast ? "free" : "total") && "font-semibold",
                        part === "free" && toCents(period.free) < 0 && "text-destructive",
                      )}
                    >
                      {formatMoney(period[part], language)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ) : (
        <CardContent>
          <p className="text-muted-foreground text-sm">{t("reports.committed.loadError")}</p>
        </CardContent>
      )}
    </Card>
  );
}
