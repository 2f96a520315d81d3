import { type ComponentType, useEffect, useState } from "react";
import { afterNextPaint } from "../lib/after-paint";
import { useOffline } from "./connection";

let OfflineBar: ComponentType | undefined;
const loadBar = () =>
  import("./offline-bar").then((m) => {
    OfflineBar = m.OfflineBar;
  });

/**
 * The offline bar (offline-bar.tsx) under the header while the app cannot reach the server
 * (docs/product.md#offline). Its code is a chunk of its own, fetched once the frame has painted
 * (so it is on the device before the network goes, as the quick add's form is): the frame is part
 * of a cold dashboard's budget (scripts/bundle-budget.mjs), which the bar is not needed for. Not
 * React.lazy: a chunk that could not come (the network gone before it did, without the service
 * worker's copy) would throw and take the whole frame down; here the bar is only missing, and the
 * load is tried again at the next change of connection.
 */
export function OfflineMarker() {
  const offline = useOffline();
  const [, setLoaded] = useState(Boolean(OfflineBar));
  useEffect(() => {
    if (OfflineBar) return;
    const load = () =>
      void loadBar().then(
        () => setLoaded(true),
        () => undefined,
      );
    // Offline already: at once, in case the service worker has it; online: after the paint.
    if (!offline) return afterNextPaint(load);
    load();
  }, [offline]);
  if (!offline || !OfflineBar) return null;
  return <OfflineBar />;
}
