import { lazy, Suspense } from "react";
import { useGoals } from "../../api/goals/get-goals";

const GoalsCard = lazy(() => import("./goals-card").then((m) => ({ default: m.GoalsCard })));

/**
 * 'Caixinhas' on the dashboard (docs/product.md#caixinhas-savings-goals): how far the family's
 * goals are, a link to the screen. Mounted once the month's summary has answered, as the other
 * conditional cards, and not shown while the person sees no goal; its markup is in the
 * dashboard's conditional cards' chunk (vite.config.ts, "dashboard-cards").
 */
export function Goals() {
  const { data } = useGoals();
  if (!data || data.items.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <GoalsCard goals={data.items} />
    </Suspense>
  );
}
