import { lazy, Suspense } from "react";
import { toCents } from "../../../contract/cents";

const MonthNetCard = lazy(() =>
  import("./month-net-card").then((m) => ({ default: m.MonthNetCard })),
);

/**
 * The month's income, spending, what was left and the savings rate
 * (docs/product.md#the-months-net), only for a month with income: a family that records none sees
 * the dashboard it always saw, and its markup is a chunk of its own, never part of the cold
 * dashboard's download (docs/internals/web.md#what-the-landing-page-loads).
 */
export function MonthNet({ income, spentCents }: { income: string; spentCents: number }) {
  if (toCents(income) <= 0) return null;
  return (
    <Suspense fallback={null}>
      <MonthNetCard income={income} spentCents={spentCents} />
    </Suspense>
  );
}
