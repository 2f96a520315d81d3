import { useTranslation } from "react-i18next";
import {
  Bar,
  BarChart,
  Cell,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  type TooltipContentProps,
  YAxis,
} from "recharts";
import { fromCents } from "../../../contract/money";
import { Card, CardContent, CardHeader } from "../../components/ui/card";
import { useLanguage } from "../../i18n/use-language";
import { formatMoney, formatMonthYear } from "../../lib/format";
import { useMoney } from "../../lib/use-money";
import type { TrendMonth, TrendSeries } from "./trend-view";

type Point = { key: string; spentCents: number; budgetCents: number | null; month: TrendMonth };

function PointTooltip({ active, payload }: TooltipContentProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const point = payload?.[0]?.payload as Point | undefined;
  if (!active || !point) return null;
  return (
    <div className="rounded-lg border border-border bg-popover px-3 py-2 text-popover-foreground text-sm shadow-md">
      <p className="font-medium">
        {formatMonthYear(point.month.month, point.month.year, language)}
      </p>
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
  const points: Point[] = months.map((month, i) => ({
    key: month.key,
    spentCents: series.spentCents[i] ?? 0,
    budgetCents: series.monthlyBudgetCents,
    month,
  }));
  const budget = series.monthlyBudgetCents;
  const top = Math.max(budget ?? 0, ...series.spentCents);
  return (
    <div
      aria-hidden="true"
      className="h-20 w-full overflow-hidden"
      data-testid="category-sparkline"
    >
      <ResponsiveContainer width="100%" height="100%">
        <BarChart
          data={points}
          accessibilityLayer={false}
          margin={{ top: 4, right: 0, bottom: 0, left: 0 }}
        >
          {/* The goal stays on the scale even in months far below it. */}
          <YAxis hide domain={[0, top > 0 ? top : 1]} />
          <Tooltip content={PointTooltip} isAnimationActive={false} cursor={false} />
          <Bar dataKey="spentCents" isAnimationActive={false} radius={[2, 2, 0, 0]}>
            {points.map((point) => (
              <Cell
                key={point.key}
                fill={series.color}
                fillOpacity={point.month.shown ? 1 : 0.45}
              />
            ))}
          </Bar>
          {budget ? (
            <ReferenceLine
              y={budget}
              stroke="var(--color-warning)"
              strokeDasharray="4 3"
              ifOverflow="extendDomain"
            />
          ) : null}
        </BarChart>
      </ResponsiveContainer>
    </div>
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
  const { t } = useTranslation();
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
