import { Fragment } from "react";
import { useTranslation } from "react-i18next";
import { fromCents } from "../../../contract/cents";
import type { CommittedPeriod } from "../../../contract/committed";
import { Card } from "../../components/ui/card";
import { useLanguage } from "../../i18n/use-language";
import { formatDayRange, formatMoney, formatMonthYear, monthInSentence } from "../../lib/format";
import { cn } from "../../lib/utils";
import { committedParts, forecastOf } from "./committed-view";
import { dashboardTexts } from "./texts";

/** "Parcelas R$ 300,00 · Contas fixas R$ 540,00": only the parts that hold something. */
function Parts({ period }: { period: CommittedPeriod }) {
  const { t } = useTranslation(dashboardTexts);
  const language = useLanguage();
  const parts = committedParts(period);
  if (parts.length === 0) return null;
  return (
    <p className="text-muted-foreground text-sm tabular-nums" data-testid="committed-parts">
      {parts.map(({ key, amount }, index) => (
        // Each part wraps whole on a phone, never between its name and its amount.
        <Fragment key={key}>
          {index > 0 ? " · " : null}
          <span className="whitespace-nowrap">
            {t(`dashboard.committed.${key}`, { amount: formatMoney(amount, language) })}
          </span>
        </Fragment>
      ))}
    </p>
  );
}

/** "Receita prevista R$ 5.000,00 · Livre R$ 4.160,00" (docs/product.md#the-forecast). */
function Forecast({ period }: { period: CommittedPeriod }) {
  const { t } = useTranslation(dashboardTexts);
  const language = useLanguage();
  const forecast = forecastOf(period);
  if (!forecast) return null;
  const free = formatMoney(fromCents(Math.abs(forecast.freeCents)), language);
  return (
    <p className="text-sm tabular-nums" data-testid="committed-forecast">
      <span className="whitespace-nowrap">
        {t("dashboard.committed.forecastIncome", {
          amount: formatMoney(forecast.income, language),
        })}
      </span>
      {" · "}
      <span
        className={cn(
          "whitespace-nowrap font-medium",
          forecast.freeCents < 0 ? "text-destructive" : "text-success",
        )}
      >
        {forecast.freeCents < 0
          ? t("dashboard.committed.forecastShort", { amount: free })
          : t("dashboard.committed.forecastFree", { amount: free })}
      </span>
    </p>
  );
}

/**
 * "Já comprometido em dezembro: R$ 840,00" for the next budget month after the shown one
 * (docs/product.md#already-committed), what it is made of, and the two months after it behind
 * 'Próximos meses'. Months are named as the dashboard names them, with their days when the
 * family's budget month is its own (docs/product.md#budget-periods).
 */
export function CommittedCard({
  next,
  later,
  datesShown,
}: {
  next: CommittedPeriod;
  later: CommittedPeriod[];
  datesShown: boolean;
}) {
  const { t } = useTranslation(dashboardTexts);
  const language = useLanguage();
  const days = (period: CommittedPeriod) =>
    datesShown ? (
      <span className="block font-normal text-muted-foreground text-xs">
        <span className="sr-only">, </span>
        {formatDayRange(period.first, period.last, language)}
      </span>
    ) : null;
  return (
    <section aria-labelledby="committed-title">
      <Card className="grid gap-1 p-4 sm:p-5" data-testid="committed">
        <h2 id="committed-title" className="font-semibold tabular-nums">
          {t("dashboard.committed.title", {
            month: monthInSentence(next.month, language),
            amount: formatMoney(next.total, language),
          })}
          {days(next)}
        </h2>
        <Parts period={next} />
        <Forecast period={next} />
        {later.length > 0 ? (
          <details className="group mt-1">
            <summary className="flex min-h-11 w-fit cursor-pointer list-none items-center gap-2 font-medium text-primary text-sm sm:min-h-10 [&::-webkit-details-marker]:hidden">
              <span
                aria-hidden="true"
                className="text-lg leading-none transition-transform group-open:rotate-90"
              >
                ›
              </span>
              {t("dashboard.committed.later")}
            </summary>
            <ul className="max-w-md divide-y divide-border">
              {later.map((period) => (
                <li
                  key={`${period.year}-${period.month}`}
                  className="grid gap-0.5 py-2"
                  data-testid="committed-later"
                >
                  <p className="flex flex-wrap justify-between gap-x-3 font-medium">
                    <span>
                      {formatMonthYear(period.month, period.year, language)}
                      {days(period)}
                    </span>
                    <span className="tabular-nums">{formatMoney(period.total, language)}</span>
                  </p>
                  <Parts period={period} />
                  <Forecast period={period} />
                </li>
              ))}
            </ul>
          </details>
        ) : null}
      </Card>
    </section>
  );
}
