import { lazy, Suspense } from "react";
import type { YearMonth } from "../../../domain/budget";
import { useCommitted } from "../../api/summary/get-committed";
import { nextCommitted } from "./committed-view";

const CommittedCard = lazy(() =>
  import("./committed-card").then((m) => ({ default: m.CommittedCard })),
);

/**
 * What the next budget months already hold (docs/product.md#already-committed). Mounted once the
 * month's summary has answered, so its call never delays the dashboard's numbers, and its markup
 * is a chunk of its own, downloaded only when something is committed (the cold dashboard's
 * budget, docs/internals/web.md#what-the-landing-page-loads).
 */
export function Committed({ month, datesShown }: { month: YearMonth; datesShown: boolean }) {
  const { data } = useCommitted(month);
  const next = nextCommitted(data);
  if (!data || !next) return null;
  return (
    <Suspense fallback={null}>
      <CommittedCard next={next} later={data.periods.slice(1)} datesShown={datesShown} />
    </Suspense>
  );
}
