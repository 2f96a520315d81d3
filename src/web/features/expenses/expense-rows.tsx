import { Pencil, Trash2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { Category } from "../../../contract/categories";
import type { ExpenseListItem } from "../../../contract/expenses";
import { InstallmentLabel } from "../../api/installments/installment-label";
import { ExpenseAmount, RefundMark } from "../../components/expense-amount";
import { HiddenExpenseName, PrivateMark } from "../../components/private-expense";
import { Button } from "../../components/ui/button";
import { useLanguage } from "../../i18n/use-language";
import { formatDate } from "../../lib/format";
import { cn } from "../../lib/utils";
import { actionDescription, type ExpenseRow } from "./expense-list-view";
import { SplitLabel } from "./split-label";
import { expensesTexts } from "./texts";

export type RowHandlers = {
  onEdit: (expense: ExpenseListItem) => void;
  onDelete: (expense: ExpenseListItem) => void;
};

/** What a drawn row is handed: its model, its place in the list, and the virtualiser's measure. */
type RowProps = RowHandlers & {
  row: ExpenseRow;
  index: number;
  measure: (element: HTMLElement | null) => void;
  /** A member's first name, for who an expense is for ("Só Ana"). */
  nameOf: (userId: string) => string;
};

function CategoryName({ category }: { category: Category | undefined }) {
  const { t } = useTranslation(expensesTexts);
  if (!category) {
    return <span className="text-muted-foreground italic">{t("expenses.uncategorized")}</span>;
  }
  return (
    <span className="inline-flex min-w-0 items-center gap-2">
      <span
        aria-hidden="true"
        className="size-2.5 shrink-0 rounded-full"
        style={{ backgroundColor: category.color }}
      />
      <span className="truncate">{category.name}</span>
    </span>
  );
}

/** "Pago com Nubank" under the payer, on the lines whose expense says how it was paid. */
function PaidWith({ name, className }: { name: string | null; className: string }) {
  const { t } = useTranslation(expensesTexts);
  if (name === null) return null;
  return (
    <span className={cn("text-muted-foreground", className)}>
      {t("expenses.list.paidWith", { name })}
    </span>
  );
}

/**
 * An expense as its line names it: its description, "3/12" for an installment, and for whom; its
 * author's own private one says "Privado" instead, being theirs alone.
 */
function ExpenseName({
  expense,
  nameOf,
}: {
  expense: ExpenseListItem;
  nameOf: (userId: string) => string;
}) {
  return (
    <>
      {expense.description}
      <InstallmentLabel expense={expense} />
      <RefundMark expense={expense} />
      {expense.private ? <PrivateMark /> : <SplitLabel split={expense.split} nameOf={nameOf} />}
    </>
  );
}

function RowActions({ expense, onEdit, onDelete }: { expense: ExpenseListItem } & RowHandlers) {
  const { t } = useTranslation(expensesTexts);
  const description = actionDescription(expense, t);
  return (
    <div className="flex justify-end gap-1">
      <Button
        variant="ghost"
        size="icon"
        aria-label={t("expenses.list.edit", { description })}
        onClick={() => onEdit(expense)}
      >
        <Pencil aria-hidden="true" />
      </Button>
      <Button
        variant="ghost"
        size="icon"
        className="text-destructive hover:text-destructive"
        aria-label={t("expenses.list.delete", { description })}
        onClick={() => onDelete(expense)}
      >
        <Trash2 aria-hidden="true" />
      </Button>
    </div>
  );
}

/** A row of the table on a wide screen: date, description, category, payer, amount, actions. */
export function ExpenseTableRow({ row, index, measure, nameOf, onEdit, onDelete }: RowProps) {
  const language = useLanguage();
  const { expense, hidden, category, payer, method } = row;
  return (
    <tr
      data-index={index}
      ref={measure}
      aria-rowindex={index + 2}
      className="border-b hover:bg-muted/50"
    >
      <td className="whitespace-nowrap px-3 py-2 tabular-nums">
        {formatDate(expense.date, language)}
      </td>
      <td className="break-words px-3 py-2 font-medium">
        {hidden ? <HiddenExpenseName /> : <ExpenseName expense={expense} nameOf={nameOf} />}
      </td>
      <td className="px-3 py-2">{hidden ? null : <CategoryName category={category} />}</td>
      <td className="truncate px-3 py-2">
        {hidden ? null : (
          <>
            {payer}
            <PaidWith name={method} className="block truncate text-xs" />
          </>
        )}
      </td>
      <td className="whitespace-nowrap px-3 py-2 text-right font-semibold tabular-nums">
        <ExpenseAmount expense={expense} language={language} />
      </td>
      <td className="px-3 py-1">
        {hidden ? null : <RowActions expense={expense} onEdit={onEdit} onDelete={onDelete} />}
      </td>
    </tr>
  );
}

/** Below 40rem a six-column table cannot fit, so each expense becomes a card. */
export function ExpenseCardRow({
  row,
  index,
  measure,
  setSize,
  nameOf,
  onEdit,
  onDelete,
}: RowProps & { setSize: number }) {
  const { t } = useTranslation(expensesTexts);
  const language = useLanguage();
  const { expense, hidden, category, payer, method } = row;
  return (
    <li
      data-index={index}
      ref={measure}
      // The list's real size and each card's place in it, as for the table's rows.
      aria-setsize={setSize}
      aria-posinset={index + 1}
      className="grid gap-1 py-3"
    >
      <div className="flex items-start justify-between gap-3">
        <span className="min-w-0 break-words font-medium">
          {hidden ? <HiddenExpenseName /> : <ExpenseName expense={expense} nameOf={nameOf} />}
        </span>
        <span className="shrink-0 font-semibold tabular-nums">
          <ExpenseAmount expense={expense} language={language} />
        </span>
      </div>
      {hidden ? (
        <span className="text-muted-foreground text-sm tabular-nums">
          {formatDate(expense.date, language)}
        </span>
      ) : (
        <div className="flex items-center justify-between gap-3 text-sm">
          <span className="flex min-w-0 flex-col gap-0.5">
            <CategoryName category={category} />
            <span className="text-muted-foreground tabular-nums">
              {formatDate(expense.date, language)}
            </span>
            <span className="break-words text-muted-foreground">
              {t("expenses.list.paidBy", { name: payer })}
            </span>
            <PaidWith name={method} className="break-words" />
          </span>
          <RowActions expense={expense} onEdit={onEdit} onDelete={onDelete} />
        </div>
      )}
    </li>
  );
}
