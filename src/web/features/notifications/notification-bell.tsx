import { Bell } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { useFamilyQuery } from "../../api/family/get-family";
import { useUnreadCount } from "../../api/notifications/get-unread-count";
import { cn } from "../../lib/utils";
import { notificationsTexts } from "./texts";

/**
 * The bell (docs/product.md#budget-alerts): a link to the notifications with the unread count, in
 * its accessible name too. Only for members of a family: alerts are a family's.
 */
export function NotificationBell() {
  const { t } = useTranslation(notificationsTexts);
  const { data: family } = useFamilyQuery();
  const { data } = useUnreadCount(Boolean(family));
  if (!family) return null;
  const unread = data?.unreadCount ?? 0;
  return (
    <Link
      href="/notifications"
      aria-label={
        unread > 0 ? t("notifications.bellUnread", { count: unread }) : t("notifications.bell")
      }
      className="relative inline-flex size-11 shrink-0 items-center justify-center rounded-md text-foreground outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50"
    >
      <Bell className="size-5" aria-hidden="true" />
      {unread > 0 ? (
        <span
          aria-hidden="true"
          data-testid="notification-count"
          className={cn(
            "absolute top-1 right-1 flex h-5 min-w-5 items-center justify-center rounded-full bg-destructive px-1 font-semibold text-[11px] text-destructive-foreground leading-none",
          )}
        >
          {unread > 99 ? "99+" : unread}
        </span>
      ) : null}
    </Link>
  );
}
