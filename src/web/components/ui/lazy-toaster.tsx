import { lazy, Suspense, useState } from "react";
import { useToast } from "../../lib/use-toast";

const loadToaster = () => import("./toaster");
const Toaster = lazy(() => loadToaster().then((m) => ({ default: m.Toaster })));

/**
 * Asks for the Toaster's chunk ahead of the first toast: the signed-in frame calls it, since a
 * toast may have to show with the network gone (an expense kept on the device,
 * docs/product.md#offline-expense-queue), when the chunk could no longer be fetched.
 */
export function preloadToaster() {
  void loadToaster().catch(() => undefined);
}

/**
 * The Toaster (Radix's toasts) is a chunk of its own, mounted with the first toast and kept from
 * then on: the landing page shows none, and must not download it (its budget,
 * docs/internals/web.md#what-the-landing-page-loads). The toast waits for the chunk, no more.
 */
export function LazyToaster() {
  const { toasts } = useToast();
  const [needed, setNeeded] = useState(false);
  if (toasts.length > 0 && !needed) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense>
      <Toaster />
    </Suspense>
  );
}
