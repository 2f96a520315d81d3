import { nice, ticks } from "@visx/vendor/d3-array";
import { scaleBand } from "@visx/vendor/d3-scale";

/**
 * The Reports charts' scales: one band per month (or slice key) across the width, and amounts
 * from zero up. d3's band scale and tick arithmetic through visx's ESM copy of d3; the amount
 * scale is a straight line from zero, so d3's general linear scale (with its colour and date
 * interpolators and number formats, about 8 KB gzip) is not needed (the whole app's bundle budget, docs/internals/web.md#what-the-landing-page-loads).
 */
export function bandScale(keys: string[], width: number) {
  // Outer padding half the inner one: the columns (step wide, around each bar) tile the whole
  // width, so the pointer anywhere over the plot is over a month.
  return scaleBand<string>().domain(keys).range([0, width]).paddingInner(0.2).paddingOuter(0.1);
}

/**
 * Amounts in integer cents from 0 to at least `top`, drawn from `height` (zero) up to 0, with
 * about `tickCount` round ticks when asked (the top rounded up to the last of them).
 */
export function amountScale(top: number, height: number, tickCount?: number) {
  const [, roundedTop] = tickCount ? nice(0, Math.max(top, 1), tickCount) : [0, Math.max(top, 1)];
  const y = (cents: number) => height - (cents / roundedTop) * height;
  return { y, ticks: tickCount ? ticks(0, roundedTop, tickCount) : [] };
}

/**
 * Amounts in integer cents from `low` to `high` (either may be below zero: a net worth), with
 * about `tickCount` round ticks, zero among them when the range holds it.
 */
export function signedScale(low: number, high: number, height: number, tickCount: number) {
  const [bottom, top] = nice(Math.min(low, 0), Math.max(high, 1), tickCount);
  const y = (cents: number) => height - ((cents - bottom) / (top - bottom)) * height;
  return { y, ticks: ticks(bottom, top, tickCount) };
}
