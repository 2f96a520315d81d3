import { Group } from "@visx/group";
import { Pie } from "@visx/shape";
import { useTranslation } from "react-i18next";
import { fromCents } from "../../../contract/cents";
import type { Language } from "../../../contract/common";
import { Card, CardContent, CardHeader } from "../../components/ui/card";
import { useLanguage } from "../../i18n/use-language";
import { formatMoney, localeOf } from "../../lib/format";
import { ChartBox, useChartTooltip } from "./chart-frame";
import { formatShare, type SpendingShare } from "./report-view";
import { reportsTexts } from "./texts";

/** The gap between slices, in radians (about 2 degrees). */
const PAD_ANGLE = 0.035;

function sliceText(slice: SpendingShare, language: Language) {
  return {
    name: slice.name,
    amount: formatMoney(fromCents(slice.spentCents), language),
    percent: formatShare(slice.share, localeOf(language)),
  };
}

function SliceTooltip({ slice }: { slice: SpendingShare }) {
  const language = useLanguage();
  const text = sliceText(slice, language);
  return (
    <div>
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
  const { t } = useTranslation(reportsTexts);
  const language = useLanguage();
  const tooltip = useChartTooltip<SpendingShare>();
  return (
    <section aria-labelledby="chart-title" className="min-w-0">
      <Card className="h-full">
        <CardHeader>
          <h2 id="chart-title" className="font-semibold text-lg">
            {t("reports.chart.title")}
          </h2>
        </CardHeader>
        <CardContent className="grid gap-4">
          <ChartBox
            className="h-60"
            testId="spending-chart"
            tooltip={tooltip}
            renderTooltip={(slice) => <SliceTooltip slice={slice} />}
          >
            {({ width, height }) => {
              const radius = Math.min(width, height) / 2;
              return (
                <svg width={width} height={height} role="presentation">
                  {/* In list order, clockwise from twelve o'clock. */}
                  <Group top={height / 2} left={width / 2}>
                    <Pie
                      data={slices}
                      pieValue={(slice) => slice.spentCents}
                      pieSort={null}
                      pieSortValues={null}
                      innerRadius={radius * 0.4}
                      outerRadius={radius * 0.8}
                      padAngle={PAD_ANGLE}
                    >
                      {({ arcs, path }) =>
                        arcs.map((arc) => (
                          <path
                            key={arc.data.key}
                            d={path(arc) ?? ""}
                            fill={arc.data.color}
                            data-testid="spending-slice"
                            onPointerMove={(event) => tooltip.showAt(event, arc.data)}
                            onPointerDown={(event) => tooltip.showAt(event, arc.data)}
                          />
                        ))
                      }
                    </Pie>
                  </Group>
                </svg>
              );
            }}
          </ChartBox>
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
