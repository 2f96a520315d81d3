import { lazy, type ReactNode, Suspense, useEffect } from "react";
import type { User } from "../../../contract/user";
import { JoinFeedback } from "../../features/family/join-feedback";
import { OfflineMarker } from "../../features/pwa/offline-marker";
import { usePainted } from "../../lib/after-paint";
import { preloadToaster } from "../ui/lazy-toaster";
import { Footer } from "./footer";
import { Header } from "./header";
import { mainContentId, SkipLink } from "./skip-link";

// Its own chunk: the queue (IndexedDB, the create call and its contract) stays out of what the
// landing page downloads, since app.tsx imports this layout statically.
const PendingExpensesNotice = lazy(() =>
  import("./pending-expenses-notice").then((m) => ({ default: m.PendingExpensesNotice })),
);

export type AuthenticatedLayoutProps = { user: User; children: ReactNode };

export function AuthenticatedLayout({ user, children }: AuthenticatedLayoutProps) {
  // The toasts' and the offline queue's chunks (the queue brings zod for its contract) come once
  // the frame and its screen are on screen: neither is needed to show them.
  const painted = usePainted();
  useEffect(() => {
    if (painted) preloadToaster();
  }, [painted]);
  return (
    // With the quick add's floating button on the page, room below the footer so the page's end
    // scrolls clear of it (docs/product.md#touch-targets).
    <div className="flex min-h-dvh flex-col has-[[data-quick-add]]:pb-24">
      <SkipLink />
      {/* Invite links redirect here with the outcome in the query string (docs/product.md#join-feedback). */}
      <JoinFeedback />
      <Header user={user} />
      <OfflineMarker />
      {/* Expenses kept on this device while offline, and their sender (docs/product.md#offline-expense-queue). */}
      {painted ? (
        <Suspense fallback={null}>
          <PendingExpensesNotice userId={user.id} />
        </Suspense>
      ) : null}
      <main
        id={mainContentId}
        tabIndex={-1}
        className="mx-auto w-full max-w-6xl flex-1 px-4 py-6 outline-none sm:py-8"
      >
        {children}
      </main>
      <Footer />
    </div>
  );
}
