import { useTranslation } from "react-i18next";
import {
  Cell,
  Pie,
  PieChart,
  ResponsiveContainer,
  Tooltip,
  type TooltipContentProps,
} from "recharts";
import type { Language } from "../../../contract/common";
import { fromCents } from "../../../contract/money";
import { Card, CardContent, CardHeader } from "../../components/ui/card";
import { useLanguage } from "../../i18n/use-language";
import { formatMoney, localeOf } from "../../lib/format";
import { formatShare, type SpendingShare } from "./report-view";

function sliceText(slice: SpendingShare, language: Language) {
  return {
    name: slice.name,
    amount: formatMoney(fromCents(slice.spentCents), language),
    percent: formatShare(slice.share, localeOf(language)),
  };
}

function SliceTooltip({ active, payload }: TooltipContentProps) {
  const language = useLanguage();
  const slice = payload?.[0]?.payload as SpendingShare | undefined;
  if (!active || !slice) return null;
  const text = sliceText(slice, language);
  return (
    <div className="rounded-lg border border-border bg-popover px-3 py-2 text-popover-foreground text-sm shadow-md">
      <p className="font-medium">{text.name}</p>
      <p className="tabular-nums">
        {text.amount} · {text.percent}
      </p>
    </div>
  );
}

/**
 * The month's spending split by category as a donut. The drawing is decorative for assistive
 * technology: the list beside it says the same in text (name, amount, share).
 */
export function SpendingChart({ slices }: { slices: SpendingShare[] }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <section aria-labelledby="chart-title" className="min-w-0">
      <Card className="h-full">
        <CardHeader>
          <h2 id="chart-title" className="font-semibold text-lg">
            {t("reports.chart.title")}
          </h2>
        </CardHeader>
        <CardContent className="grid gap-4">
          <div
            aria-hidden="true"
            className="h-60 w-full overflow-hidden"
            data-testid="spending-chart"
          >
            <ResponsiveContainer width="100%" height="100%">
              <PieChart accessibilityLayer={false}>
                <Pie
                  data={slices}
                  dataKey="spentCents"
                  nameKey="name"
                  innerRadius="40%"
                  outerRadius="80%"
                  paddingAngle={2}
                  rootTabIndex={-1}
                  isAnimationActive={false}
                  stroke="none"
                >
                  {slices.map((slice) => (
                    <Cell key={slice.key} fill={slice.color} />
                  ))}
                </Pie>
                <Tooltip content={SliceTooltip} isAnimationActive={false} />
              </PieChart>
            </ResponsiveContainer>
          </div>
          <ul aria-label={t("reports.chart.legend")} className="min-w-0 space-y-2 text-sm">
            {slices.map((slice) => {
              const text = sliceText(slice, language);
              return (
                <li
                  key={slice.key}
                  data-testid="chart-legend-item"
                  className="flex items-center gap-2"
                >
                  <span
                    aria-hidden="true"
                    className="size-3 shrink-0 rounded-full"
                    style={{ backgroundColor: slice.color }}
                  />
                  <span className="min-w-0 flex-1 truncate">{text.name}</span>
                  <span className="shrink-0 text-muted-foreground tabular-nums">
                    {text.amount} · {text.percent}
                  </span>
                </li>
              );
            })}
          </ul>
        </CardContent>
      </Card>
    </section>
  );
}
