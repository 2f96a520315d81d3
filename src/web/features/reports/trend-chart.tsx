import { useTranslation } from "react-i18next";
import {
  Bar,
  CartesianGrid,
  Cell,
  ComposedChart,
  Line,
  ResponsiveContainer,
  Tooltip,
  type TooltipContentProps,
  XAxis,
  type XAxisTickContentProps,
  YAxis,
} from "recharts";
import { fromCents } from "../../../contract/money";
import { useLanguage } from "../../i18n/use-language";
import { formatMoney, formatMoneyTick, formatMonthYear, shortMonthName } from "../../lib/format";
import { useMediaQuery } from "../../lib/use-media-query";
import type { TrendMonth } from "./trend-view";

const SPENT_COLOR = "var(--color-primary)";
const BUDGET_COLOR = "var(--color-warning)";
/** The months other than the shown one: the same colour, lighter, so the shown one stands out. */
const OTHER_MONTH_OPACITY = 0.4;

function MonthTooltip({ active, payload }: TooltipContentProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const month = payload?.[0]?.payload as TrendMonth | undefined;
  if (!active || !month) return null;
  return (
    <div
      className="rounded-lg border border-border bg-popover px-3 py-2 text-popover-foreground text-sm shadow-md"
      data-testid="trend-tooltip"
    >
      <p className="font-medium">{formatMonthYear(month.month, month.year, language)}</p>
      <p className="tabular-nums">
        {t("reports.trend.spent")}: {formatMoney(fromCents(month.spentCents), language)}
      </p>
      <p className="tabular-nums">
        {t("reports.trend.budget")}: {formatMoney(fromCents(month.budgetCents), language)}
      </p>
    </div>
  );
}

/**
 * The twelve months' spending as bars against the budget as a dashed line, the shown month in
 * full colour. Decorative for assistive technology: the table beside it (TrendTable) holds the
 * same figures, and the section's heading and note say what it is.
 */
export function TrendChart({ months }: { months: TrendMonth[] }) {
  const { t } = useTranslation();
  const language = useLanguage();
  // On a phone twelve month names do not fit: every other one, counted back from the shown month.
  const narrow = !useMediaQuery("(min-width: 640px)");
  const labelled = (index: number) => !narrow || (months.length - 1 - index) % 2 === 0;
  return (
    <div className="grid gap-3">
      <div aria-hidden="true" className="h-64 w-full overflow-hidden" data-testid="trend-chart">
        <ResponsiveContainer width="100%" height="100%">
          <ComposedChart
            data={months}
            accessibilityLayer={false}
            margin={{ top: 8, right: 4, bottom: 0, left: 0 }}
          >
            <CartesianGrid vertical={false} stroke="var(--color-border)" />
            <XAxis
              dataKey="key"
              interval={0}
              tickLine={false}
              axisLine={false}
              tick={({ x, y, index }: XAxisTickContentProps) => {
                const month = months[index];
                if (!month || !labelled(index)) return <g />;
                return (
                  <text
                    x={x}
                    y={Number(y) + 12}
                    textAnchor="middle"
                    fontSize={12}
                    fontWeight={month.shown ? 700 : 400}
                    fill={month.shown ? "var(--color-foreground)" : "var(--color-muted-foreground)"}
                  >
                    {shortMonthName(month.month, language)}
                  </text>
                );
              }}
            />
            <YAxis
              width={narrow ? 60 : 72}
              tickLine={false}
              axisLine={false}
              fontSize={12}
              // Recharts' own grey (#666) is too dark on the dark theme's cards.
              tick={{ fill: "var(--color-muted-foreground)" }}
              tickFormatter={(cents: number) => formatMoneyTick(cents, language)}
            />
            <Tooltip
              content={MonthTooltip}
              isAnimationActive={false}
              cursor={{ fill: "var(--color-muted)" }}
            />
            <Bar dataKey="spentCents" isAnimationActive={false} radius={[4, 4, 0, 0]}>
              {months.map((month) => (
                <Cell
                  key={month.key}
                  fill={SPENT_COLOR}
                  fillOpacity={month.shown ? 1 : OTHER_MONTH_OPACITY}
                  data-shown={month.shown}
                />
              ))}
            </Bar>
            <Line
              dataKey="budgetCents"
              type="linear"
              stroke={BUDGET_COLOR}
              strokeWidth={2}
              strokeDasharray="6 4"
              dot={false}
              activeDot={false}
              isAnimationActive={false}
            />
          </ComposedChart>
        </ResponsiveContainer>
      </div>
      <ul
        aria-hidden="true"
        className="flex flex-wrap gap-x-4 gap-y-1 text-muted-foreground text-sm"
      >
        <li className="flex items-center gap-2">
          <span className="size-3 rounded-sm" style={{ backgroundColor: SPENT_COLOR }} />
          {t("reports.trend.spent")}
        </li>
        <li className="flex items-center gap-2">
          <span
            className="h-0 w-4 border-t-2 border-dashed"
            style={{ borderColor: BUDGET_COLOR }}
          />
          {t("reports.trend.budget")}
        </li>
      </ul>
    </div>
  );
}
