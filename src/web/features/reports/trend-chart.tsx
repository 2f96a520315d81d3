import { Group } from "@visx/group";
import { BarRounded, LinePath } from "@visx/shape";
import { useTranslation } from "react-i18next";
import { fromCents } from "../../../contract/cents";
import { useLanguage } from "../../i18n/use-language";
import { formatDayRange, formatMoney, formatMonthYear, shortMonthName } from "../../lib/format";
import { useMediaQuery } from "../../lib/use-media-query";
import { AmountTicks, ChartBox, useChartTooltip } from "./chart-frame";
import { amountScale, bandScale } from "./chart-scales";
import { reportsTexts } from "./texts";
import type { TrendMonth } from "./trend-view";

const SPENT_COLOR = "var(--color-primary)";
const BUDGET_COLOR = "var(--color-warning)";
const INCOME_COLOR = "var(--color-income)";
/** The months other than the shown one: the same colour, lighter, so the shown one stands out. */
const OTHER_MONTH_OPACITY = 0.4;
const MARGIN = { top: 8, right: 4, bottom: 24 };
const Y_TICKS = 5;

function MonthTooltip({ month, withIncome }: { month: TrendMonth; withIncome: boolean }) {
  const { t } = useTranslation(reportsTexts);
  const language = useLanguage();
  return (
    <div data-testid="trend-tooltip">
      <p className="font-medium">{formatMonthYear(month.month, month.year, language)}</p>
      {month.dates ? (
        <p className="text-muted-foreground text-xs tabular-nums">
          {formatDayRange(month.dates.first, month.dates.last, language)}
        </p>
      ) : null}
      <p className="tabular-nums">
        {t("reports.trend.spent")}: {formatMoney(fromCents(month.spentCents), language)}
      </p>
      <p className="tabular-nums">
        {t("reports.trend.budget")}: {formatMoney(fromCents(month.budgetCents), language)}
      </p>
      {withIncome ? (
        <p className="tabular-nums">
          {t("reports.trend.income")}: {formatMoney(fromCents(month.incomeCents), language)}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The twelve months' spending as bars against the budget as a dashed line, the shown month in
 * full colour. Decorative for assistive technology: the table beside it (TrendTable) holds the
 * same figures, and the section's heading and note say what it is.
 */
export function TrendChart({
  months,
  withIncome = false,
}: {
  months: TrendMonth[];
  /** Draw the income as a line beside the spending (docs/product.md#the-months-net). */
  withIncome?: boolean;
}) {
  const { t } = useTranslation(reportsTexts);
  const language = useLanguage();
  const tooltip = useChartTooltip<TrendMonth>();
  // On a phone twelve month names do not fit: every other one, counted back from the shown month.
  const narrow = !useMediaQuery("(min-width: 640px)");
  const labelled = (index: number) => !narrow || (months.length - 1 - index) % 2 === 0;
  const axisWidth = narrow ? 60 : 72;
  const top = Math.max(
    ...months.flatMap((month) => [
      month.spentCents,
      month.budgetCents,
      withIncome ? month.incomeCents : 0,
    ]),
  );
  return (
    <div className="grid gap-3">
      <ChartBox
        className="h-64"
        testId="trend-chart"
        tooltip={tooltip}
        renderTooltip={(month) => <MonthTooltip month={month} withIncome={withIncome} />}
      >
        {({ width, height }) => {
          const plotWidth = Math.max(0, width - axisWidth - MARGIN.right);
          const plotHeight = Math.max(0, height - MARGIN.top - MARGIN.bottom);
          const x = bandScale(
            months.map((month) => month.key),
            plotWidth,
          );
          const { y, ticks } = amountScale(top, plotHeight, Y_TICKS);
          const middle = (month: TrendMonth) => (x(month.key) ?? 0) + x.bandwidth() / 2;
          return (
            <svg width={width} height={height} role="presentation">
              <Group top={MARGIN.top} left={axisWidth}>
                <AmountTicks ticks={ticks} y={y} width={plotWidth} />
                {months.map((month, index) => {
                  const active = tooltip.tooltipOpen && tooltip.tooltipData?.key === month.key;
                  const left = (x(month.key) ?? 0) - (x.step() - x.bandwidth()) / 2;
                  return (
                    <g key={month.key}>
                      {/* The whole column answers the pointer, as the highlighted cursor shows. */}
                      <rect
                        x={left}
                        y={0}
                        width={x.step()}
                        height={plotHeight}
                        fill={active ? "var(--color-muted)" : "transparent"}
                        onPointerMove={(event) => tooltip.showAt(event, month)}
                        onPointerDown={(event) => tooltip.showAt(event, month)}
                      />
                      {month.spentCents > 0 ? (
                        <BarRounded
                          x={x(month.key) ?? 0}
                          y={y(month.spentCents)}
                          width={x.bandwidth()}
                          height={plotHeight - y(month.spentCents)}
                          radius={4}
                          top
                          fill={SPENT_COLOR}
                          fillOpacity={month.shown ? 1 : OTHER_MONTH_OPACITY}
                          pointerEvents="none"
                          data-testid="trend-bar"
                          data-shown={month.shown}
                        />
                      ) : null}
                      {labelled(index) ? (
                        <text
                          x={middle(month)}
                          y={plotHeight + 18}
                          textAnchor="middle"
                          fontSize={12}
                          fontWeight={month.shown ? 700 : 400}
                          fill={
                            month.shown
                              ? "var(--color-foreground)"
                              : "var(--color-muted-foreground)"
                          }
                        >
                          {shortMonthName(month.month, language)}
                        </text>
                      ) : null}
                    </g>
                  );
                })}
                <LinePath
                  data={months}
                  x={middle}
                  y={(month) => y(month.budgetCents)}
                  stroke={BUDGET_COLOR}
                  strokeWidth={2}
                  strokeDasharray="6 4"
                  fill="none"
                  pointerEvents="none"
                  data-testid="trend-budget-line"
                />
                {withIncome ? (
                  <g pointerEvents="none" data-testid="trend-income-line">
                    <LinePath
                      data={months}
                      x={middle}
                      y={(month) => y(month.incomeCents)}
                      stroke={INCOME_COLOR}
                      strokeWidth={2}
                      fill="none"
                    />
                    {months.map((month) => (
                      <circle
                        key={month.key}
                        cx={middle(month)}
                        cy={y(month.incomeCents)}
                        r={month.shown ? 4 : 3}
                        fill={INCOME_COLOR}
                      />
                    ))}
                  </g>
                ) : null}
              </Group>
            </svg>
          );
        }}
      </ChartBox>
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
        {withIncome ? (
          <li className="flex items-center gap-2">
            <span className="h-0 w-4 border-t-2" style={{ borderColor: INCOME_COLOR }} />
            {t("reports.trend.income")}
          </li>
        ) : null}
      </ul>
    </div>
  );
}
