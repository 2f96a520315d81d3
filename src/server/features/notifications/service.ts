import { and, count, desc, eq, isNull } from "drizzle-orm";
import {
  type BudgetAlert,
  NOTIFICATION_LIST_LIMIT,
  type Notification,
} from "../../../contract/notifications";
import type { Db } from "../../db/client";
import { budgetAlerts, notifications } from "../../db/schema";
import { AppError } from "../../errors";
import type { FamilyScope } from "../../http/family-scope";
import type { Ledger } from "../../ledger/unit-of-work";

// Every query filters by the caller and by their current family: another user's notification,
// or one from a family they left, answers 404 like a missing one.
const mine = (scope: FamilyScope) =>
  and(eq(notifications.userId, scope.userId), eq(notifications.familyId, scope.familyId));

/** A budget_alerts row as the contract shows it (the bell's list and the mail). */
export const budgetAlertOf = (row: typeof budgetAlerts.$inferSelect): BudgetAlert => ({
  categoryId: row.categoryId,
  categoryName: row.categoryName,
  period: row.period,
  periodMonth: row.periodMonth,
  periodStart: row.periodStart,
  periodEnd: row.periodEnd,
  // The table's check allows only 80 and 100.
  threshold: row.threshold === 100 ? 100 : 80,
  budget: row.budget,
  spent: row.spent,
});

export async function unreadCount(db: Db, scope: FamilyScope): Promise<number> {
  const [row] = await db
    .select({ unread: count() })
    .from(notifications)
    .where(and(mine(scope), isNull(notifications.readAt)));
  return row?.unread ?? 0;
}

/** The newest NOTIFICATION_LIST_LIMIT, newest first, with the unread count. */
export async function listNotifications(db: Db, scope: FamilyScope) {
  const rows = await db
    .select({ notification: notifications, alert: budgetAlerts })
    .from(notifications)
    .innerJoin(budgetAlerts, eq(budgetAlerts.id, notifications.budgetAlertId))
    .where(mine(scope))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(NOTIFICATION_LIST_LIMIT);
  const list: Notification[] = rows.map(({ notification, alert }) => ({
    id: notification.id,
    kind: notification.kind,
    alert: budgetAlertOf(alert),
    readAt: notification.readAt?.toISOString() ?? null,
    createdAt: notification.createdAt.toISOString(),
  }));
  return { notifications: list, unreadCount: await unreadCount(db, scope) };
}

/**
 * Marks one of the caller's notifications read (again is fine: the first time is kept).
 * `changed`: whether a row changed, so the family's screens are told only then.
 */
export async function markRead(ledger: Ledger, scope: FamilyScope, id: string, now: Date) {
  const { db } = ledger;
  const [row] = await db
    .update(notifications)
    .set({ readAt: now })
    .where(and(eq(notifications.id, id), mine(scope), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  if (!row) {
    const [existing] = await db
      .select({ id: notifications.id })
      .from(notifications)
      .where(and(eq(notifications.id, id), mine(scope)));
    if (!existing) throw new AppError("not_found");
  }
  const count = await unreadCount(db, scope);
  // Nothing read anew tells no screen anything (a repeated call would otherwise make every open
  // screen of the family refetch, as often as it is sent).
  if (row) await ledger.changed(scope.familyId, ["notifications"]);
  return { unreadCount: count };
}

/** Marks every unread notification of the caller's read; `changed` as markRead's. */
export async function markAllRead(ledger: Ledger, scope: FamilyScope, now: Date) {
  const marked = await ledger.db
    .update(notifications)
    .set({ readAt: now })
    .where(and(mine(scope), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  if (marked.length > 0) await ledger.changed(scope.familyId, ["notifications"]);
  return { unreadCount: 0 };
}
