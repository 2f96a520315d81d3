import { LogOut, Monitor, Moon, Sun, UserRound } from "lucide-react";
import { useLayoutEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "wouter";
import { languages } from "../../../contract/languages";
import type { User } from "../../../contract/user";
import { isLanguage } from "../../i18n/detect";
import { setLanguage } from "../../i18n/init";
import { useLanguage } from "../../i18n/use-language";
import { logout } from "../../lib/auth";
import { isThemeChoice, setThemeChoice, type ThemeChoice, useThemeChoice } from "../../lib/theme";
import { ConfirmDeleteDialog } from "../confirm-delete-dialog";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "../ui/dropdown-menu";
import { languageNames } from "./language-switcher";
import { UserMenuTrigger } from "./user-menu-trigger";

type BrowserQueue = typeof import("../../offline/browser-queue");
let browserQueue: Promise<BrowserQueue> | undefined;
/**
 * The queue's code, asked for once this menu's own code is in (after the first screen, so not part
 * of its download) rather than at the click on "Sair": offline, an import started then fails and
 * the sign-out would not warn of the expenses only this device holds. A failed load is asked for
 * again next time.
 */
const loadBrowserQueue = () => {
  browserQueue ??= import("../../offline/browser-queue").catch((error: unknown) => {
    browserQueue = undefined;
    throw error;
  });
  return browserQueue;
};
loadBrowserQueue().catch(() => {});

const themeOptions: { value: ThemeChoice; label: string; Icon: typeof Sun }[] = [
  { value: "system", label: "userMenu.themeSystem", Icon: Monitor },
  { value: "light", label: "userMenu.themeLight", Icon: Sun },
  { value: "dark", label: "userMenu.themeDark", Icon: Moon },
];

/**
 * The account menu behind the header's name (user-menu.tsx, which loads this chunk): profile,
 * language, theme and sign-out (components/ui/dropdown-menu.tsx).
 */
export function UserMenuDropdown({
  user,
  initiallyOpen,
  takeFocus,
}: {
  user: User;
  initiallyOpen: boolean;
  /** The plain trigger it replaces had the keyboard's focus: this one takes it. */
  takeFocus: boolean;
}) {
  const trigger = useRef<HTMLButtonElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, as the plain trigger leaves.
  useLayoutEffect(() => {
    if (takeFocus) trigger.current?.focus();
  }, []);
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const language = useLanguage();
  const theme = useThemeChoice();
  const firstName = user.firstName?.trim();
  // Expenses still only on this device stay there (kept under this user, never shown to another),
  // but signing out should not hide that they exist (docs/product.md#offline-expense-queue).
  const [unsent, setUnsent] = useState(0);
  const signOut = async () => {
    let count = 0;
    let othersWaiting = false;
    try {
      const queue = await loadBrowserQueue();
      count = await queue.countQueuedExpenses(user.id);
      othersWaiting = count === 0 && (await queue.anyQueuedExpenses());
    } catch {
      // The queue cannot be read (no IndexedDB): nothing to warn about, sign out as asked.
    }
    if (count > 0) setUnsent(count);
    // Someone else's kept expenses stay too: the logout then keeps the device's storage.
    else logout({ keepQueue: othersWaiting });
  };

  return (
    <>
      <DropdownMenu defaultOpen={initiallyOpen}>
        <DropdownMenuTrigger>
          <UserMenuTrigger ref={trigger} user={user} />
        </DropdownMenuTrigger>
        <DropdownMenuContent className="w-64">
          <DropdownMenuLabel className="flex flex-col gap-0.5">
            {firstName ? <span className="truncate font-semibold">{firstName}</span> : null}
            <span className="truncate text-muted-foreground text-xs">{user.email}</span>
          </DropdownMenuLabel>
          <DropdownMenuSeparator />
          <DropdownMenuItem onSelect={() => navigate("/profile")}>
            <UserRound aria-hidden="true" />
            {t("userMenu.profile")}
          </DropdownMenuItem>
          <DropdownMenuSeparator />
          <DropdownMenuLabel className="py-1 font-medium text-muted-foreground text-xs">
            {t("userMenu.language")}
          </DropdownMenuLabel>
          <DropdownMenuRadioGroup
            value={language}
            onValueChange={(value) => {
              if (isLanguage(value)) void setLanguage(value);
            }}
          >
            {languages.map((option) => (
              <DropdownMenuRadioItem key={option} value={option} lang={option}>
                {languageNames[option]}
              </DropdownMenuRadioItem>
            ))}
          </DropdownMenuRadioGroup>
          <DropdownMenuSeparator />
          <DropdownMenuLabel className="py-1 font-medium text-muted-foreground text-xs">
            {t("userMenu.theme")}
          </DropdownMenuLabel>
          <DropdownMenuRadioGroup
            value={theme}
            aria-label={t("userMenu.theme")}
            onValueChange={(value) => {
              if (isThemeChoice(value)) setThemeChoice(value);
            }}
          >
            {themeOptions.map(({ value, label, Icon }) => (
              <DropdownMenuRadioItem key={value} value={value}>
                <Icon aria-hidden="true" />
                {t(label)}
              </DropdownMenuRadioItem>
            ))}
          </DropdownMenuRadioGroup>
          <DropdownMenuSeparator />
          <DropdownMenuItem variant="destructive" onSelect={() => void signOut()}>
            <LogOut aria-hidden="true" />
            {t("userMenu.logout")}
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <ConfirmDeleteDialog
        open={unsent > 0}
        onClose={() => setUnsent(0)}
        title={t("offlineQueue.logoutTitle")}
        message={t("offlineQueue.logoutMessage", { count: unsent })}
        cancelLabel={t("offlineQueue.logoutCancel")}
        confirmLabel={t("offlineQueue.logoutConfirm")}
        pendingLabel={t("offlineQueue.logoutConfirm")}
        isPending={false}
        onConfirm={() => logout({ keepQueue: true })}
      />
    </>
  );
}
