import { lazy, Suspense, useEffect } from "react";
import { afterNextPaint } from "../lib/after-paint";
import { useOffline } from "./connection";

const loadBar = () => import("./offline-bar");
const OfflineBar = lazy(() => loadBar().then((m) => ({ default: m.OfflineBar })));

/**
 * The offline bar (offline-bar.tsx) under the header while the app cannot reach the server
 * (docs/product.md#offline). Its code is a chunk of its own, fetched once the frame has painted
 * (so it is on the device before the network goes, as the quick add's form is): the frame is part
 * of a cold dashboard's budget (scripts/bundle-budget.mjs), which the bar is not needed for.
 */
export function OfflineMarker() {
  const offline = useOffline();
  useEffect(() => afterNextPaint(() => void loadBar().catch(() => undefined)), []);
  if (!offline) return null;
  return (
    <Suspense fallback={null}>
      <OfflineBar />
    </Suspense>
  );
}
