import { ParentSize } from "@visx/responsive";
import { TooltipWithBounds, useTooltip } from "@visx/tooltip";
import type { PointerEvent, ReactNode } from "react";
import { useLanguage } from "../../i18n/use-language";
import { formatMoneyTick } from "../../lib/format";
import { cn } from "../../lib/utils";

/**
 * What the Reports charts share (visx: docs/decisions/004-charts-with-visx.md): a box that
 * measures itself, and a tooltip that follows the pointer and stays inside the box. The drawings
 * are decorative for assistive technology (aria-hidden): the legend, the table and the list beside
 * each one say the same in text.
 */
export type ChartTooltip<Datum> = ReturnType<typeof useChartTooltip<Datum>>;

export function useChartTooltip<Datum>() {
  const tooltip = useTooltip<Datum>();
  return {
    ...tooltip,
    /** Shows `datum` at the pointer, in the box's coordinates. */
    showAt(event: PointerEvent<Element>, datum: Datum) {
      const box = (event.currentTarget as Element).closest("[data-chart-box]");
      const bounds = box?.getBoundingClientRect();
      tooltip.showTooltip({
        tooltipData: datum,
        tooltipLeft: event.clientX - (bounds?.left ?? 0),
        tooltipTop: event.clientY - (bounds?.top ?? 0),
      });
    },
  };
}

/**
 * A chart box of the given height class whose drawing gets its measured width and height. The
 * tooltip is drawn over it and may pass its edges (the box clips the drawing only).
 */
export function ChartBox<Datum>({
  className,
  testId,
  tooltip,
  renderTooltip,
  children,
}: {
  className: string;
  testId: string;
  tooltip: ChartTooltip<Datum>;
  renderTooltip: (datum: Datum) => ReactNode;
  children: (size: { width: number; height: number }) => ReactNode;
}) {
  return (
    <div aria-hidden="true" className={cn("relative w-full", className)} data-chart-box="">
      <div
        className="h-full w-full overflow-hidden"
        data-testid={testId}
        onPointerLeave={tooltip.hideTooltip}
      >
        <ParentSize debounceTime={100}>
          {({ width, height }) => (width > 0 && height > 0 ? children({ width, height }) : null)}
        </ParentSize>
      </div>
      {tooltip.tooltipOpen && tooltip.tooltipData !== undefined ? (
        <TooltipWithBounds
          left={tooltip.tooltipLeft}
          top={tooltip.tooltipTop}
          unstyled
          applyPositionStyle
          className="pointer-events-none z-10 whitespace-nowrap rounded-lg border border-border bg-popover px-3 py-2 text-popover-foreground text-sm shadow-md"
          data-testid="chart-tooltip"
        >
          {renderTooltip(tooltip.tooltipData)}
        </TooltipWithBounds>
      ) : null}
    </div>
  );
}

/**
 * The amount axis of a chart: a line across the plot at each tick (in integer cents) and its
 * amount at the left, in the reader's money; `zeroLine` marks zero darker (a net worth below it).
 */
export function AmountTicks({
  ticks,
  y,
  width,
  zeroLine = false,
}: {
  ticks: number[];
  y: (cents: number) => number;
  width: number;
  zeroLine?: boolean;
}) {
  const language = useLanguage();
  return ticks.map((tick) => (
    <g key={tick}>
      <line
        x1={0}
        x2={width}
        y1={y(tick)}
        y2={y(tick)}
        stroke={zeroLine && tick === 0 ? "var(--color-muted-foreground)" : "var(--color-border)"}
      />
      <text
        x={-8}
        y={y(tick)}
        dy="0.32em"
        textAnchor="end"
        fontSize={12}
        fill="var(--color-muted-foreground)"
      >
        {formatMoneyTick(tick, language)}
      </text>
    </g>
  ));
}
