import { ChevronDown } from "lucide-react";
import { type ComponentProps, lazy, Suspense, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { User } from "../../../contract/user";
import { displayName } from "../../lib/auth";
import { UserAvatar } from "../ui/avatar";
import { Button } from "../ui/button";

const UserMenuDropdown = lazy(() =>
  import("./user-menu-dropdown").then((m) => ({ default: m.UserMenuDropdown })),
);

/** After the screen has shown, the menu is fetched in the background: a tap then opens it at once. */
const BACKGROUND_LOAD_MS = 2_000;

/**
 * The header's account menu. Its dropdown (Radix's menu, the sign-out confirmation) is a chunk of
 * its own, fetched a moment after the screen shows or at the first tap, so no screen waits for it
 * before its numbers paint (scripts/bundle-budget.mjs). Until then the trigger is this plain one,
 * which looks the same, and a tap or a key on it opens the menu as soon as the chunk is in.
 */
export function UserMenu({ user }: { user: User }) {
  const [wanted, setWanted] = useState<"later" | "loaded" | "open">("later");
  useEffect(() => {
    const timer = setTimeout(
      () => setWanted((now) => (now === "later" ? "loaded" : now)),
      BACKGROUND_LOAD_MS,
    );
    return () => clearTimeout(timer);
  }, []);
  const open = () => setWanted("open");
  const trigger = (
    <UserMenuTrigger user={user} aria-haspopup="menu" aria-expanded={false} onClick={open} />
  );
  if (wanted === "later") return trigger;
  return (
    <Suspense fallback={trigger}>
      <UserMenuDropdown user={user} initiallyOpen={wanted === "open"} />
    </Suspense>
  );
}

/** The avatar and name that open the menu: the dropdown's trigger once loaded, this before. */
export function UserMenuTrigger({
  user,
  ...props
}: { user: User } & ComponentProps<typeof Button>) {
  const { t } = useTranslation();
  const name = displayName(user, t("userMenu.profile"));
  return (
    <Button variant="ghost" className="h-11 min-w-0 gap-2 px-1.5 sm:px-2" {...props}>
      <UserAvatar imageUrl={user.profileImageUrl} />
      <span className="sr-only">{`${t("userMenu.open")}: `}</span>
      <span className="max-w-[6.5rem] truncate sm:max-w-[12rem]" data-testid="user-menu-name">
        {name}
      </span>
      <ChevronDown className="text-muted-foreground" aria-hidden="true" />
    </Button>
  );
}
