import { useTranslation } from "react-i18next";
import { useLanguage } from "../../i18n/use-language";
import { formatDayRange, formatMonthYear } from "../../lib/format";
import { useMoney } from "../../lib/use-money";
import { cn } from "../../lib/utils";
import { reportsTexts } from "./texts";
import type { TrendView } from "./trend-view";

/**
 * The trend as a table, one row per month (spent, budget, the income when there is any, then each
 * category's spending): what
 * screen readers get instead of the charts, and what anyone gets with 'Ver como tabela'. Hidden
 * only visually otherwise. On a phone it scrolls inside its region, never the page.
 */
export function TrendTable({ view, visible }: { view: TrendView; visible: boolean }) {
  const { t } = useTranslation(reportsTexts);
  const language = useLanguage();
  const money = useMoney();
  const first = view.months[0];
  const last = view.months[view.months.length - 1];
  const caption =
    first && last
      ? t("reports.trend.caption", {
          from: formatMonthYear(first.month, first.year, language),
          to: formatMonthYear(last.month, last.year, language),
        })
      : "";
  const cell = "px-3 py-2 whitespace-nowrap";
  const numeric = `${cell} text-right tabular-nums`;
  return (
    <section
      aria-label={caption}
      className={cn(
        visible
          ? "relative overflow-x-auto outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
          : "sr-only",
      )}
      tabIndex={visible ? 0 : undefined}
      data-testid="trend-table"
    >
      <table className="w-full text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-border border-b text-left text-muted-foreground">
            <th scope="col" className={cn(cell, "font-medium")}>
              {t("reports.trend.month")}
            </th>
            <th scope="col" className={cn(numeric, "font-medium")}>
              {t("reports.trend.spent")}
            </th>
            <th scope="col" className={cn(numeric, "font-medium")}>
              {t("reports.trend.budget")}
            </th>
            {view.hasIncome ? (
              <th scope="col" className={cn(numeric, "font-medium")}>
                {t("reports.trend.income")}
              </th>
            ) : null}
            {view.series.map((series) => (
              <th key={series.key} scope="col" className={cn(numeric, "font-medium")}>
                {series.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {view.months.map((month, index) => (
            <tr
              key={month.key}
              data-testid="trend-row"
              aria-current={month.shown ? "true" : undefined}
              className={cn(month.shown && "bg-muted font-semibold")}
            >
              <th scope="row" className={cn(cell, "text-left font-medium")}>
                {formatMonthYear(month.month, month.year, language)}
                {month.dates ? (
                  <span className="block font-normal text-muted-foreground text-xs">
                    <span className="sr-only">, </span>
                    {formatDayRange(month.dates.first, month.dates.last, language)}
                  </span>
                ) : null}
                {month.shown ? (
                  <span className="sr-only"> ({t("reports.trend.shownMonth")})</span>
                ) : null}
              </th>
              <td className={numeric}>{money(month.spentCents)}</td>
              <td className={numeric}>{money(month.budgetCents)}</td>
              {view.hasIncome ? <td className={numeric}>{money(month.incomeCents)}</td> : null}
              {view.series.map((series) => (
                <td key={series.key} className={numeric}>
                  {money(series.spentCents[index] ?? 0)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
