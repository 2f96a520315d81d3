import { CloudOff, TriangleAlert } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "wouter";
import { createExpense } from "../../api/expenses/create-expense";
import { invalidateTopics } from "../../lib/query-keys";
import {
  type QueueSender,
  useOfflineQueueSender,
  useQueuedExpenses,
} from "../../offline/browser-queue";
import { useKeepExpenseFormData } from "./keep-form-data";
import { expensesTexts } from "./texts";

/** The queue sends through the same create call as the form, Idempotency-Key and all. */
const sender: QueueSender = {
  send: (input, idempotencyKey) => createExpense({ input, idempotencyKey }),
  onSaved: (queryClient) => invalidateTopics(queryClient, ["expenses"]),
};

/**
 * The frame's line about expenses kept on this device (docs/product.md#offline-expense-queue):
 * how many wait for a connection and how many the server refused, with a way to the Expenses
 * screen where they are listed. It also runs the sender, and keeps what the quick add needs on the
 * device (keep-form-data.ts), since the frame is on every signed-in screen.
 */
export function PendingExpensesNotice({ userId }: { userId: string }) {
  const { t } = useTranslation(expensesTexts);
  const [location] = useLocation();
  useOfflineQueueSender(userId, sender);
  useKeepExpenseFormData();
  const entries = useQueuedExpenses(userId);
  const refused = entries.filter((entry) => entry.status === "refused").length;
  const waiting = entries.length - refused;
  return (
    <div role="status" className="empty:hidden">
      {entries.length > 0 ? (
        <div className="border-border border-b bg-muted">
          <p className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-1 px-4 py-2 text-sm">
            {waiting > 0 ? (
              <span className="inline-flex items-center gap-1.5">
                <CloudOff className="size-4" aria-hidden="true" />
                {t("offlineQueue.waiting", { count: waiting })}
              </span>
            ) : null}
            {refused > 0 ? (
              <span className="inline-flex items-center gap-1.5 font-medium text-destructive">
                <TriangleAlert className="size-4" aria-hidden="true" />
                {t("offlineQueue.refused", { count: refused })}
              </span>
            ) : null}
            {location === "/expenses" ? null : (
              <Link href="/expenses" className="font-medium text-primary underline">
                {t("offlineQueue.see")}
              </Link>
            )}
          </p>
        </div>
      ) : null}
    </div>
  );
}
