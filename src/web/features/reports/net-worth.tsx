import { Group } from "@visx/group";
import { LinePath } from "@visx/shape";
import { useTranslation } from "react-i18next";
import { toCents } from "../../../contract/cents";
import type { NetWorthPoint } from "../../../contract/net-worth";
import { useNetWorth } from "../../api/payment-methods/get-net-worth";
import { Card, CardContent, CardHeader } from "../../components/ui/card";
import { useLanguage } from "../../i18n/use-language";
import { formatDate, formatMonthYear, formatSignedMoney } from "../../lib/format";
import { cn } from "../../lib/utils";
import { AmountTicks, ChartBox, useChartTooltip } from "./chart-frame";
import { bandScale, signedScale } from "./chart-scales";
import { reportsTexts } from "./texts";

const MARGIN = { top: 8, right: 8, bottom: 8 };
const AXIS_WIDTH = 64;
// The net worth first, beside the month: what a phone shows before the table scrolls. Other
// members' private accounts are one unnamed column, there only when they hold money
// (docs/product.md#private-accounts).
const allColumns = ["netWorth", "accounts", "othersPrivate", "cards"] as const;

/** "dez. de 2026" for a month's last day, the date itself for today (the last point). */
function useDayLabel() {
  const { t } = useTranslation(reportsTexts);
  const language = useLanguage();
  return (point: NetWorthPoint, isToday: boolean) => {
    if (isToday) return `${t("reports.netWorth.today")} (${formatDate(point.date, language)})`;
    const [year = 0, month = 1] = point.date.split("-").map(Number);
    return formatMonthYear(month, year, language);
  };
}

function NetWorthChart({ points }: { points: NetWorthPoint[] }) {
  const language = useLanguage();
  const { t } = useTranslation(reportsTexts);
  const label = useDayLabel();
  const tooltip = useChartTooltip<NetWorthPoint>();
  const cents = points.map((point) => toCents(point.netWorth));
  return (
    <ChartBox
      className="h-56"
      testId="net-worth-chart"
      tooltip={tooltip}
      renderTooltip={(point) => (
        <p className="tabular-nums">
          {label(point, point === points.at(-1))}: {formatSignedMoney(point.netWorth, language)}
          <span className="sr-only"> {t("reports.netWorth.netWorth")}</span>
        </p>
      )}
    >
      {({ width, height }) => {
        const plotWidth = Math.max(0, width - AXIS_WIDTH - MARGIN.right);
        const plotHeight = Math.max(0, height - MARGIN.top - MARGIN.bottom);
        const x = bandScale(
          points.map((point) => point.date),
          plotWidth,
        );
        const { y, ticks } = signedScale(Math.min(...cents), Math.max(...cents), plotHeight, 4);
        const middle = (point: NetWorthPoint) => (x(point.date) ?? 0) + x.bandwidth() / 2;
        return (
          <svg width={width} height={height} role="presentation">
            <Group top={MARGIN.top} left={AXIS_WIDTH}>
              <AmountTicks ticks={ticks} y={y} width={plotWidth} zeroLine />
              <LinePath
                data={points}
                x={middle}
                y={(point) => y(toCents(point.netWorth))}
                stroke="var(--color-primary)"
                strokeWidth={2.5}
              />
              {points.map((point) => (
                <circle
                  key={point.date}
                  cx={middle(point)}
                  cy={y(toCents(point.netWorth))}
                  r={4}
                  fill="var(--color-primary)"
                  onPointerMove={(event) => tooltip.showAt(event, point)}
                  onPointerDown={(event) => tooltip.showAt(event, point)}
                />
              ))}
            </Group>
          </svg>
        );
      }}
    </ChartBox>
  );
}

/**
 * The family's net worth (docs/product.md#net-worth): its accounts less what its cards owe at the
 * end of each of the last 12 months and today, as a line and as a table of the same figures (real
 * text for everyone; on a phone it scrolls inside its region), the cards' future installments
 * apart. Nothing while every figure is zero: a family with no account or card. Its own call.
 */
export function NetWorth() {
  const { t } = useTranslation(reportsTexts);
  const language = useLanguage();
  const label = useDayLabel();
  const { data } = useNetWorth();
  if (!data) return null;
  const empty =
    toCents(data.futureInstallments) === 0 &&
    data.points.every((point) =>
      [point.accounts, point.othersPrivate, point.cards].every((amount) => toCents(amount) === 0),
    );
  if (empty) return null;
  const columns = allColumns.filter(
    (column) =>
      column !== "othersPrivate" || data.points.some((point) => toCents(point.othersPrivate) !== 0),
  );
  const cell = "px-3 py-2 whitespace-nowrap";
  const numeric = `${cell} text-right tabular-nums`;
  return (
    <Card data-testid="net-worth">
      <CardHeader className="grid gap-1">
        <h2 id="net-worth-title" className="font-semibold text-lg">
          {t("reports.netWorth.title")}
        </h2>
        <p className="text-muted-foreground text-sm">{t("reports.netWorth.note")}</p>
      </CardHeader>
      <CardContent className="grid gap-4">
        <NetWorthChart points={data.points} />
        {toCents(data.futureInstallments) > 0 ? (
          <p className="text-sm" data-testid="net-worth-future">
            {t("reports.netWorth.future", {
              amount: formatSignedMoney(data.futureInstallments, language),
            })}
          </p>
        ) : null}
        <section
          aria-labelledby="net-worth-title"
          className="relative overflow-x-auto outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
          tabIndex={0}
        >
          <table className="w-full text-sm">
            <thead>
              <tr className="border-border border-b text-left text-muted-foreground">
                <th scope="col" className={cn(cell, "font-medium")}>
                  {t("reports.trend.month")}
                </th>
                {columns.map((column) => (
                  <th key={column} scope="col" className={cn(numeric, "font-medium")}>
                    {t(`reports.netWorth.${column}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-border">
              {[...data.points].reverse().map((point, index) => (
                <tr key={point.date} data-testid="net-worth-row">
                  <th scope="row" className={cn(cell, "text-left font-medium")}>
                    {label(point, index === 0)}
                  </th>
                  {columns.map((column) => (
                    <td
                      key={column}
                      className={cn(
                        numeric,
                        column === "netWorth" && "font-semibold",
                        toCents(point[column]) < 0 && "text-destructive",
                      )}
                    >
                      {formatSignedMoney(
                        column === "cards" && toCents(point.cards) > 0
                          ? `-${point.cards}`
                          : point[column],
                        language,
                      )}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      </CardContent>
    </Card>
  );
}
