import { Pencil, Receipt } from "lucide-react";
import { type ComponentType, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import type { Category } from "../../../contract/categories";
import type { ExpenseListItem } from "../../../contract/expenses";
import { usePayerName } from "../../api/family/payer-names";
import { InstallmentLabel } from "../../api/installments/installment-label";
import { ExpenseAmount, RefundMark } from "../../components/expense-amount";
import { HiddenExpenseName, isHiddenExpense, PrivateMark } from "../../components/private-expense";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardHeader } from "../../components/ui/card";
import { useLanguage } from "../../i18n/use-language";
import { formatDate } from "../../lib/format";
import type { PendingExpense } from "./pending";
import { dashboardTexts } from "./texts";

/** The editor the recent transactions open: the app passes the Expenses feature's dialog. */
export type ExpenseEditDialogProps = {
  expense: ExpenseListItem | null;
  onOpenChange: (open: boolean) => void;
};

/**
 * The month's 3 newest expenses (GET /api/summary's `latest`, newest first), each editable in
 * place with the editor the app passes in, and a link to the full list. Above them, the month's
 * expenses waiting on this device, marked 'Pendente' (not editable until saved: the Expenses
 * screen lists them with their state).
 */
export function RecentTransactions({
  latest,
  pending,
  payerId,
  categories,
  EditDialog,
}: {
  latest: ExpenseListItem[];
  pending: readonly PendingExpense[];
  /** Who adds them: the payer of a pending expense that names none. */
  payerId: string | null;
  categories: Category[];
  EditDialog: ComponentType<ExpenseEditDialogProps>;
}) {
  const { t } = useTranslation(dashboardTexts);
  const payerName = usePayerName();
  const [editing, setEditing] = useState<ExpenseListItem | null>(null);
  const categoryById = new Map(categories.map((category) => [category.id, category]));

  return (
    <section aria-labelledby="recent-title">
      <Card>
        <CardHeader className="flex-row flex-wrap items-center justify-between gap-2">
          <h2 id="recent-title" className="font-semibold text-lg">
            {t("dashboard.recent.title")}
          </h2>
          <Button asChild variant="outline" size="sm">
            <Link href="/expenses">{t("dashboard.recent.viewAll")}</Link>
          </Button>
        </CardHeader>
        <CardContent>
          {latest.length + pending.length === 0 ? (
            <div className="flex flex-col items-center gap-2 py-6 text-center">
              <Receipt aria-hidden="true" className="size-8 text-muted-foreground" />
              <p className="font-medium">{t("dashboard.recent.emptyTitle")}</p>
              <p className="text-muted-foreground text-sm">
                {t("dashboard.recent.emptyDescription")}
              </p>
            </div>
          ) : (
            <ul className="divide-y divide-border">
              {pending.map(({ id, input }) => (
                <li
                  key={id}
                  data-testid="recent-pending"
                  className="flex items-center gap-2 py-3 first:pt-0 last:pb-0"
                >
                  <Row
                    expense={input}
                    category={categoryById.get(input.categoryId)}
                    payer={payerName(input.paidByUserId ?? payerId)}
                    own={input.private === true}
                  />
                  <span className="shrink-0 rounded-full border border-border px-2 py-0.5 text-muted-foreground text-xs">
                    {t("dashboard.recent.pending")}
                  </span>
                </li>
              ))}
              {latest.map((expense) => {
                // Another member's private expense: its amount and date, not theirs to edit.
                if (isHiddenExpense(expense)) {
                  return (
                    <li
                      key={expense.id}
                      data-testid="recent-transaction"
                      className="flex items-center gap-2 py-3 first:pt-0 last:pb-0"
                    >
                      <Row expense={expense} hidden />
                      {/* Where the others' edit button is: the amounts stay in one column. */}
                      <span aria-hidden="true" className="size-11 shrink-0 sm:size-10" />
                    </li>
                  );
                }
                const category = expense.categoryId
                  ? categoryById.get(expense.categoryId)
                  : undefined;
                return (
                  <li
                    key={expense.id}
                    data-testid="recent-transaction"
                    className="flex items-center gap-2 py-3 first:pt-0 last:pb-0"
                  >
                    <Row
                      expense={expense}
                      category={category}
                      payer={payerName(expense.paidByUserId)}
                      own={expense.private}
                    />
                    <Button
                      type="button"
                      variant="ghost"
                      size="icon"
                      className="shrink-0"
                      aria-label={t("dashboard.recent.edit", { description: expense.description })}
                      onClick={() => setEditing(expense)}
                    >
                      <Pencil aria-hidden="true" />
                    </Button>
                  </li>
                );
              })}
            </ul>
          )}
        </CardContent>
      </Card>
      <EditDialog
        expense={editing}
        onOpenChange={(open) => {
          if (!open) setEditing(null);
        }}
      />
    </section>
  );
}

/**
 * What one recent expense shows: description, amount, date, category and who paid. `hidden`:
 * another member's private expense, "Gasto privado" with its amount and date; `own`: its
 * author's private one, marked "Privado" (docs/product.md#private-expenses).
 */
function Row({
  expense,
  category,
  payer = "",
  hidden = false,
  own = false,
}: {
  expense: Pick<ExpenseListItem, "description" | "amount" | "date"> &
    Partial<Pick<ExpenseListItem, "installment" | "installmentCount" | "refundOfId">>;
  category?: Category | undefined;
  payer?: string;
  hidden?: boolean;
  own?: boolean;
}) {
  const { t } = useTranslation(dashboardTexts);
  const language = useLanguage();
  return (
    <div className="min-w-0 flex-1 space-y-0.5">
      <div className="flex items-baseline justify-between gap-3">
        <p className="flex min-w-0 items-baseline font-medium" data-testid="recent-description">
          {hidden ? (
            <HiddenExpenseName className="self-center" />
          ) : (
            <>
              <span className="truncate">{expense.description}</span>
              {/* "Geladeira 3/12" (docs/product.md#installments) */}
              <InstallmentLabel expense={expense} />
              <RefundMark expense={expense} />
              {own ? <PrivateMark /> : null}
            </>
          )}
        </p>
        <p className="shrink-0 font-semibold tabular-nums" data-testid="recent-amount">
          <ExpenseAmount expense={expense} language={language} />
        </p>
      </div>
      <p className="flex min-w-0 items-center gap-2 text-muted-foreground text-xs">
        <span className="shrink-0 tabular-nums" data-testid="recent-date">
          {formatDate(expense.date, language)}
        </span>
        {hidden ? null : (
          <>
            <span aria-hidden="true">·</span>
            <span className="flex min-w-0 items-center gap-1" data-testid="recent-category">
              <span
                aria-hidden="true"
                className="size-2 shrink-0 rounded-full"
                style={{ backgroundColor: category?.color ?? "#94a3b8" }}
              />
              <span className="truncate">
                {category?.name ?? t("dashboard.recent.uncategorised")}
              </span>
            </span>
          </>
        )}
      </p>
      {/* A line of its own: beside the date and category it would be cut short on a phone. */}
      {hidden ? null : (
        <p className="truncate text-muted-foreground text-xs" data-testid="recent-payer">
          {t("dashboard.recent.paidBy", { name: payer })}
        </p>
      )}
    </div>
  );
}
