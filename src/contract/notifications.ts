import { z } from "zod";

/** The newest notifications a list answer carries: a month of alerts is far fewer. */
export const NOTIFICATION_LIST_LIMIT = 50;

export const budgetAlertSchema = z.object({
  categoryId: z.uuid().nullable(),
  /** As it was when the alert fired. */
  categoryName: z.string(),
  period: z.enum(["month", "week"]),
  /**
   * The budget month's name as the first day of the calendar month that names it, 'YYYY-MM-01'
   * (docs/product.md#budget-periods).
   */
  periodMonth: z.string(),
  /** First and last day of the budget month or of the week bucket, 'YYYY-MM-DD'. */
  periodStart: z.string(),
  periodEnd: z.string(),
  threshold: z.union([z.literal(80), z.literal(100)]),
  budget: z.string(),
  spent: z.string(),
});
export type BudgetAlert = z.infer<typeof budgetAlertSchema>;

export const notificationSchema = z.object({
  id: z.uuid(),
  kind: z.literal("budget_alert"),
  alert: budgetAlertSchema,
  readAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const unreadCountSchema = z.object({ unreadCount: z.number().int().nonnegative() });
export type UnreadCount = z.infer<typeof unreadCountSchema>;

/** Newest first, at most NOTIFICATION_LIST_LIMIT, with the caller's unread count. */
export const notificationListSchema = unreadCountSchema.extend({
  notifications: z.array(notificationSchema),
});
export type NotificationList = z.infer<typeof notificationListSchema>;

export const notificationParamsSchema = z.object({ id: z.uuid({ error: "validation.invalid" }) });
