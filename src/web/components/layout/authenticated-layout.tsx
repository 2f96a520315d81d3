import type { ReactNode } from "react";
import type { User } from "../../../contract/user";
import { JoinFeedback } from "../../features/family/join-feedback";
import { Footer } from "./footer";
import { Header } from "./header";
import { mainContentId, SkipLink } from "./skip-link";

export type AuthenticatedLayoutProps = { user: User; children: ReactNode };

export function AuthenticatedLayout({ user, children }: AuthenticatedLayoutProps) {
  return (
    // With the quick add's floating button on the page, room below the footer so the page's end
    // scrolls clear of it (docs/product.md#touch-targets).
    <div className="flex min-h-dvh flex-col has-[[data-quick-add]]:pb-24">
      <SkipLink />
      {/* Invite links redirect here with the outcome in the query string (docs/product.md#join-feedback). */}
      <JoinFeedback />
      <Header user={user} />
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
