import { ArrowLeft, ArrowRight } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { ExpenseListItem } from "../../../contract/expenses";
import { useMoveExpenseBill } from "../../api/expenses/move-expense-bill";
import { InstallmentLabel } from "../../api/installments/installment-label";
import { ExpenseAmount, RefundMark } from "../../components/expense-amount";
import { HiddenExpenseName, isHiddenExpense, PrivateMark } from "../../components/private-expense";
import { Button } from "../../components/ui/button";
import { useLanguage } from "../../i18n/use-language";
import { formatDate } from "../../lib/format";
import { toastError } from "../../lib/toast-error";
import { toast } from "../../lib/use-toast";
import { cardBillsTexts } from "./texts";

/** A purchase on the bill, moved by hand to the bill before or after. */
export function BillLine({
  expense,
  categoryName,
}: {
  expense: ExpenseListItem;
  categoryName: string | null;
}) {
  const { t } = useTranslation(cardBillsTexts);
  const language = useLanguage();
  const move = useMoveExpenseBill();
  // Awaited rather than mutate's callbacks: the refreshed list can take this line (and its bill,
  // left empty) off the screen before they would run, and the toast would never show.
  const moveTo = async (to: "previous" | "next") => {
    try {
      await move.mutateAsync({ id: expense.id, to });
      toast({ title: t(`cardBills.moved.${to}`) });
    } catch (error) {
      toastError(error, t("cardBills.moveError"));
    }
  };
  const moveButton = (to: "previous" | "next") => (
    <Button
      variant="outline"
      size="sm"
      disabled={move.isPending}
      aria-label={t(`cardBills.moveLabel.${to}`, { description: expense.description })}
      onClick={() => moveTo(to)}
    >
      {to === "previous" ? <ArrowLeft aria-hidden="true" /> : null}
      {t(`cardBills.${to}`)}
      {to === "next" ? <ArrowRight aria-hidden="true" /> : null}
    </Button>
  );
  // Another member's private purchase: its amount and date, not theirs to move (a 404).
  const hidden = isHiddenExpense(expense);
  return (
    <li className="grid gap-2 py-3">
      <div className="flex justify-between gap-3">
        <span className="min-w-0 break-words font-medium">
          {hidden ? (
            <HiddenExpenseName />
          ) : (
            <>
              {expense.description}
              <InstallmentLabel expense={expense} />
              <RefundMark expense={expense} />
              {expense.private ? <PrivateMark /> : null}
            </>
          )}
        </span>
        <ExpenseAmount
          expense={expense}
          language={language}
          className="whitespace-nowrap font-medium"
        />
      </div>
      <p className="text-muted-foreground text-sm">
        {formatDate(expense.date, language)}
        {hidden ? null : ` · ${categoryName ?? t("cardBills.uncategorized")}`}
      </p>
      {hidden ? null : (
        <div className="flex flex-wrap gap-2">
          {moveButton("previous")}
          {moveButton("next")}
        </div>
      )}
    </li>
  );
}
