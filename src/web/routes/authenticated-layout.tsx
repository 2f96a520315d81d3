import { lazy, type ReactNode, Suspense, useEffect } from "react";
import type { User } from "../../contract/user";
import { Footer } from "../components/layout/footer";
import { Header } from "../components/layout/header";
import { mainContentId, SkipLink } from "../components/layout/skip-link";
import { preloadToaster } from "../components/ui/lazy-toaster";
import { JoinFeedback } from "../features/family/join-feedback";
import { NotificationBell } from "../features/notifications/notification-bell";
import { usePainted } from "../lib/after-paint";
import { OfflineMarker } from "../offline/offline-marker";
import { navTabs } from "./registry";

// Its own chunk: the queue (IndexedDB, the create call and its contract) stays out of what the
// landing page downloads, since app.tsx imports this layout statically.
const PendingExpensesNotice = lazy(() =>
  import("../features/expenses/pending-expenses-notice").then((m) => ({
    default: m.PendingExpensesNotice,
  })),
);

// Its own chunk too: the event stream starts once the frame is painted.
const FamilyLiveUpdates = lazy(() =>
  import("./family-live-updates").then((m) => ({ default: m.FamilyLiveUpdates })),
);

export type AuthenticatedLayoutProps = { user: User; children: ReactNode };

/**
 * The signed-in frame around every screen. It is the app's, not a shared component: it composes
 * features (the family's join feedback, the notifications' bell, the offline marker and queue),
 * which only the app level may import (the web's layers, .dependency-cruiser.cjs).
 */

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
      <Header user={user} notifications={<NotificationBell />} tabs={navTabs} />
      <OfflineMarker />
      {/* Expenses kept on this device while offline, and their sender (docs/product.md#offline-expense-queue). */}
      {painted ? (
        <Suspense fallback={null}>
          <PendingExpensesNotice userId={user.id} />
          <FamilyLiveUpdates />
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
