import { lazy, Suspense, useState } from "react";
import { useToast } from "./use-toast";

const Toaster = lazy(() => import("./toaster").then((m) => ({ default: m.Toaster })));

/**
 * The Toaster (Radix's toasts) is a chunk of its own, mounted with the first toast and kept from
 * then on: the landing page shows none, and must not download it (issue 17's landing budget,
 * docs/architecture.md#what-the-landing-page-loads). The toast waits for the chunk, no more.
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
