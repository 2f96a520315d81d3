import { BarRounded } from "@visx/shape";
import { useTranslation } from "react-i18next";
import { fromCents } from "../../../contract/cents";
import { Card, CardContent, CardHeader } from "../../components/ui/card";
import { useLanguage } from "../../i18n/use-language";
import { formatDayRange, formatMoney, formatMonthYear } from "../../lib/format";
import { useMoney } from "../../lib/use-money";
import { ChartBox, useChartTooltip } from "./chart-frame";
import { amountScale, bandScale } from "./chart-scales";
import { reportsTexts } from "./texts";
import type { TrendMonth, TrendSeries } from "./trend-view";

type Point = { key: string; spentCents: number; budgetCents: number | null; month: TrendMonth };
const MARGIN_TOP = 4;

function PointTooltip({ point }: { point: Point }) {
  const { t } = useTranslation(reportsTexts);
  const language = useLanguage();
  return (
    <div>
      <p className="font-medium">
        {formatMonthYear(point.month.month, point.month.year, language)}
      </p>
      {point.month.dates ? (
        <p className="text-muted-foreground text-xs tabular-nums">
          {formatDayRange(point.month.dates.first, point.month.dates.last, language)}
        </p>
      ) : null}
      <p className="tabular-nums">
        {t("reports.trend.spent")}: {formatMoney(fromCents(point.spentCents), language)}
      </p>
      {point.budgetCents !== null ? (
        <p className="tabular-nums">
          {t("reports.trend.monthlyBudget")}: {formatMoney(fromCents(point.budgetCents), language)}
        </p>
      ) : null}
    </div>
  );
}

/** One category's twelve months as small bars, its monthly goal as a dashed line. */
function Sparkline({ series, months }: { series: TrendSeries; months: TrendMonth[] }) {
  const tooltip = useChartTooltip<Point>();
  const points: Point[] = months.map((month, i) => ({
    key: month.key,
    spentCents: series.spentCents[i] ?? 0,
    budgetCents: series.monthlyBudgetCents,
    month,
  }));
  const budget = series.monthlyBudgetCents;
  // The goal stays on the scale even in months far below it.
  const top = Math.max(budget ?? 0, ...series.spentCents);
  return (
    <ChartBox
      className="h-20"
      testId="category-sparkline"
      tooltip={tooltip}
      renderTooltip={(point) => <PointTooltip point={point} />}
    >
      {({ width, height }) => {
        const plotHeight = Math.max(0, height - MARGIN_TOP);
        const x = bandScale(
          points.map((p) => p.key),
          width,
        );
        const { y } = amountScale(top, plotHeight);
        return (
          <svg width={width} height={height} role="presentation">
            <g transform={`translate(0, ${MARGIN_TOP})`}>
              {points.map((point) => (
                <g key={point.key}>
                  <rect
                    x={(x(point.key) ?? 0) - (x.step() - x.bandwidth()) / 2}
                    y={0}
                    width={x.step()}
                    height={plotHeight}
                    fill="transparent"
                    onPointerMove={(event) => tooltip.showAt(event, point)}
                    onPointerDown={(event) => tooltip.showAt(event, point)}
                  />
                  {point.spentCents > 0 ? (
                    <BarRounded
                      x={x(point.key) ?? 0}
                      y={y(point.spentCents)}
                      width={x.bandwidth()}
                      height={plotHeight - y(point.spentCents)}
                      radius={2}
                      top
                      fill={series.color}
                      fillOpacity={point.month.shown ? 1 : 0.45}
                      pointerEvents="none"
                    />
                  ) : null}
                </g>
              ))}
              {budget ? (
                <line
                  x1={0}
                  x2={width}
                  y1={y(budget)}
                  y2={y(budget)}
                  stroke="var(--color-warning)"
                  strokeDasharray="4 3"
                  pointerEvents="none"
                />
              ) : null}
            </g>
          </svg>
        );
      }}
    </ChartBox>
  );
}

/**
 * Per category (and the uncategorised spending), the same twelve months as small multiples: one
 * column on a phone. The drawings are decorative; the trend's table has every figure.
 */
export function CategoryTrends({
  series,
  months,
}: {
  series: TrendSeries[];
  months: TrendMonth[];
}) {
  const { t } = useTranslation(reportsTexts);
  const money = useMoney();
  return (
    <section aria-labelledby="category-trends-title">
      <Card>
        <CardHeader>
          <h2 id="category-trends-title" className="font-semibold text-lg">
            {t("reports.trend.categoriesTitle")}
          </h2>
          <p className="text-muted-foreground text-sm">{t("reports.trend.categoriesNote")}</p>
        </CardHeader>
        <CardContent>
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {series.map((one) => (
              <li
                key={one.key}
                className="grid min-w-0 gap-2 rounded-xl border border-border p-3"
                data-testid="category-trend"
              >
                <div className="flex min-w-0 items-center gap-2 text-sm">
                  <span
                    aria-hidden="true"
                    className="size-3 shrink-0 rounded-full"
                    style={{ backgroundColor: one.color }}
                  />
                  <span className="min-w-0 flex-1 truncate font-medium">{one.name}</span>
                  <span className="shrink-0 text-muted-foreground tabular-nums">
                    {t("reports.trend.categoryTotal", { amount: money(one.totalCents) })}
                  </span>
                </div>
                <Sparkline series={one} months={months} />
              </li>
            ))}
          </ul>
        </CardContent>
      </Card>
    </section>
  );
}
