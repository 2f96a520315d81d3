import { startTransition, useEffect, useRef, useState } from "react";
import type { User } from "../../../contract/user";
import { lazyScreen } from "../../lib/lazy-screen";
import { UserMenuTrigger } from "./user-menu-trigger";

const userMenuDropdown = lazyScreen(() =>
  import("./user-menu-dropdown").then((m) => m.UserMenuDropdown),
);

/** After the screen has shown, the menu is fetched in the background: a tap then opens it at once. */
const BACKGROUND_LOAD_MS = 2_000;

type Wanted = "later" | "loaded" | "open";

/**
 * The header's account menu. Its dropdown (the menu, the sign-out confirmation) is a chunk of
 * its own, fetched a moment after the screen shows or at the first tap, so no screen waits for it
 * before its numbers paint (scripts/bundle-budget.mjs). Until then the trigger is this plain one,
 * which looks the same; a tap or a key on it opens the menu as soon as the chunk is in. The swap
 * is a transition, and a trigger that had the keyboard's focus hands it on. The dropdown is
 * rendered only once its chunk is in: a load that fails (offline, before the service worker holds
 * the app: docs/product.md#offline) leaves the plain trigger on screen, and the next tap tries
 * again, where a rejected React.lazy would have taken the whole screen down.
 */
export function UserMenu({ user }: { user: User }) {
  const [wanted, setWanted] = useState<Wanted>("later");
  const plainTrigger = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const timer = setTimeout(() => want(setWanted, "loaded"), BACKGROUND_LOAD_MS);
    return () => clearTimeout(timer);
  }, []);
  const Dropdown = userMenuDropdown.loaded();
  if (wanted === "later" || !Dropdown) {
    return (
      <UserMenuTrigger
        ref={plainTrigger}
        user={user}
        aria-haspopup="menu"
        aria-expanded={false}
        onClick={() => want(setWanted, "open")}
      />
    );
  }
  return (
    <Dropdown
      user={user}
      initiallyOpen={wanted === "open"}
      takeFocus={
        typeof document !== "undefined" &&
        plainTrigger.current !== null &&
        document.activeElement === plainTrigger.current
      }
    />
  );
}

/**
 * Loads the dropdown's chunk, then asks for it in a transition (see UserMenu); an open menu stays
 * wanted open. A failed load changes nothing: the plain trigger stays, and works again.
 */
function want(setWanted: (update: (now: Wanted) => Wanted) => void, next: "loaded" | "open") {
  userMenuDropdown.preload().then(
    () => startTransition(() => setWanted((now) => (now === "open" ? now : next))),
    () => undefined,
  );
}
