import { ChevronDown } from "lucide-react";
import {
  type ComponentProps,
  lazy,
  Suspense,
  startTransition,
  useEffect,
  useRef,
  useState,
} from "react";
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
 * which looks the same; a tap or a key on it opens the menu as soon as the chunk is in. The swap
 * is a transition, so the plain trigger stays on screen until the dropdown's replaces it, and a
 * trigger that had the keyboard's focus hands it on.
 */
export function UserMenu({ user }: { user: User }) {
  const [wanted, setWanted] = useState<"later" | "loaded" | "open">("later");
  const plainTrigger = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const timer = setTimeout(() => want(setWanted, "loaded"), BACKGROUND_LOAD_MS);
    return () => clearTimeout(timer);
  }, []);
  const trigger = (
    <UserMenuTrigger
      ref={plainTrigger}
      user={user}
      aria-haspopup="menu"
      aria-expanded={false}
      onClick={() => want(setWanted, "open")}
    />
  );
  return (
    <Suspense fallback={trigger}>
      {wanted === "later" ? (
        trigger
      ) : (
        <UserMenuDropdown
          user={user}
          initiallyOpen={wanted === "open"}
          takeFocus={
            typeof document !== "undefined" &&
            plainTrigger.current !== null &&
            document.activeElement === plainTrigger.current
          }
        />
      )}
    </Suspense>
  );
}

/** Asks for the dropdown, in a transition (see UserMenu); an open menu stays wanted open. */
function want(
  setWanted: (update: (now: "later" | "loaded" | "open") => "later" | "loaded" | "open") => void,
  next: "loaded" | "open",
) {
  startTransition(() => setWanted((now) => (now === "open" ? now : next)));
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
