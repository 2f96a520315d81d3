import type { ReactNode } from "react";
import type { User } from "../../../contract/user";
import { Logo } from "./logo";
import { type NavTab, NavTabs } from "./nav-tabs";
import { UserMenu } from "./user-menu";

/**
 * Sticky on top, so the tabs stay one tap away on long pages. `notifications` is the
 * notifications feature's bell, handed in by the signed-in frame (routes/authenticated-layout.tsx),
 * as are the `tabs`, from the app's route table (routes/registry.tsx).
 */
export function Header({
  user,
  notifications,
  tabs,
}: {
  user: User;
  notifications?: ReactNode;
  tabs: readonly NavTab[];
}) {
  return (
    <header className="sticky top-0 z-40 border-border border-b bg-card/95 backdrop-blur supports-[backdrop-filter]:bg-card/85">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-4">
        <Logo />
        {/* Kept whole (the name truncates inside the menu button): the logo is what wraps, as before the bell. */}
        <div className="flex shrink-0 items-center gap-1">
          {notifications}
          <UserMenu user={user} />
        </div>
      </div>
      <NavTabs tabs={tabs} />
    </header>
  );
}
