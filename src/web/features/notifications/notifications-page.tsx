import { BellOff, CheckCheck } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { Notification } from "../../../contract/notifications";
import { budgetAlertMessage } from "../../../domain/budget-alert-message";
import { useFamilyQuery } from "../../api/family/get-family";
import { useNotifications } from "../../api/notifications/get-notifications";
import { useMarkAllNotificationsRead } from "../../api/notifications/mark-all-notifications-read";
import { useMarkNotificationRead } from "../../api/notifications/mark-notification-read";
import { PageTitle } from "../../components/layout/page-title";
import { RequireFamily } from "../../components/require-family";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent } from "../../components/ui/card";
import { Skeleton } from "../../components/ui/skeleton";
import { useLanguage } from "../../i18n/use-language";
import { formatDate, todayIso } from "../../lib/format";
import { toastError } from "../../lib/toast-error";
import { useDocumentTitle } from "../../lib/use-document-title";
import { notificationsTexts } from "./texts";

/** The bell's list (docs/product.md#budget-alerts): newest first, mark one or all as read. */
export function NotificationsPage() {
  const { t } = useTranslation(notificationsTexts);
  const title = t("notifications.title");
  useDocumentTitle(title);
  const family = useFamilyQuery();
  // The title shows from the screen's first render, as on the other screens: while the family is
  // asked for, the page keeps a heading (e2e/screen-stays.spec.ts); the button needs the family.
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <PageTitle>{title}</PageTitle>
        {family.data ? <MarkAllButton /> : null}
      </div>
      <RequireFamily family={family} fallback={<Skeleton className="h-44 w-full rounded-2xl" />}>
        <NotificationList title={title} />
      </RequireFamily>
    </div>
  );
}

function MarkAllButton() {
  const { t } = useTranslation(notificationsTexts);
  const list = useNotifications();
  const markAll = useMarkAllNotificationsRead({
    onError: (error) => toastError(error, t("notifications.markError")),
  });
  const unread = list.data?.unreadCount ?? 0;
  return (
    <Button
      variant="outline"
      disabled={unread === 0 || markAll.isPending}
      onClick={() => markAll.mutate()}
    >
      <CheckCheck aria-hidden="true" />
      {t("notifications.markAll")}
    </Button>
  );
}

function NotificationList({ title }: { title: string }) {
  const { t } = useTranslation(notificationsTexts);
  const list = useNotifications();

  return list.isPending ? (
    <Skeleton className="h-44 w-full rounded-2xl" />
  ) : list.isError ? (
    <p role="alert" className="text-destructive">
      {t("notifications.loadError")}
    </p>
  ) : list.data.notifications.length === 0 ? (
    <Card>
      <CardContent className="flex flex-col items-center gap-2 py-10 text-center">
        <BellOff className="size-8 text-muted-foreground" aria-hidden="true" />
        <p className="font-medium">{t("notifications.empty")}</p>
        <p className="text-muted-foreground text-sm">{t("notifications.emptyHint")}</p>
      </CardContent>
    </Card>
  ) : (
    <ul className="grid gap-3" aria-label={title}>
      {list.data.notifications.map((notification) => (
        <NotificationItem key={notification.id} notification={notification} />
      ))}
    </ul>
  );
}

function NotificationItem({ notification }: { notification: Notification }) {
  const { t } = useTranslation(notificationsTexts);
  const language = useLanguage();
  const markRead = useMarkNotificationRead({
    onError: (error) => toastError(error, t("notifications.markError")),
  });
  const unread = notification.readAt === null;
  const text = budgetAlertMessage(notification.alert, language, (key, params) => t(key, params));
  return (
    <li>
      <Card className={unread ? "border-primary/40 bg-primary/5" : undefined}>
        <CardContent className="flex flex-col gap-3 p-4 sm:flex-row sm:p-5 sm:items-center sm:justify-between">
          <div className="grid gap-1">
            <div className="flex flex-wrap items-center gap-2">
              <Badge variant={notification.alert.threshold === 100 ? "destructive" : "warning"}>
                {t(`notifications.threshold${notification.alert.threshold}`)}
              </Badge>
              {unread ? <Badge variant="secondary">{t("notifications.unread")}</Badge> : null}
              <span className="text-muted-foreground text-xs">
                {formatDate(todayIso(new Date(notification.createdAt)), language)}
              </span>
            </div>
            <p className={unread ? "font-medium" : undefined}>{text}</p>
          </div>
          {unread ? (
            <Button
              variant="ghost"
              size="sm"
              className="self-start sm:self-center"
              disabled={markRead.isPending}
              onClick={() => markRead.mutate(notification.id)}
              aria-label={`${t("notifications.markRead")}: ${text}`}
            >
              {t("notifications.markRead")}
            </Button>
          ) : null}
        </CardContent>
      </Card>
    </li>
  );
}
