import { useTranslation } from "react-i18next";
import type { ExpenseListItem } from "../../contract/expenses";
import type { Language } from "../../contract/languages";
import { formatSignedMoney } from "../lib/format";
import { cn } from "../lib/utils";

/**
 * An expense's amount where expenses are listed (the Expenses list, the dashboard's latest, a
 * card's bill): a refund (docs/product.md#refunds) is a credit, "−R$ 40,00" in the credit colour.
 * Here, below the features, because all of them show it.
 */
export function ExpenseAmount({
  expense,
  language,
  className,
}: {
  expense: Pick<ExpenseListItem, "amount">;
  language: Language;
  className?: string;
}) {
  const credit = expense.amount.startsWith("-");
  return (
    <span
      className={cn(credit && "text-emerald-700 dark:text-emerald-400", className)}
      data-credit={credit || undefined}
    >
      {formatSignedMoney(expense.amount, language)}
    </span>
  );
}

/** "Estorno": beside a refund's name, which says what it returns ("Estorno: Mercado"). */
export function RefundMark({ expense }: { expense: Partial<Pick<ExpenseListItem, "refundOfId">> }) {
  const { t } = useTranslation();
  if (!expense.refundOfId) return null;
  return (
    <span
      className="ml-1.5 inline-flex shrink-0 items-center whitespace-nowrap rounded-full border border-emerald-700/40 px-1.5 py-px align-middle font-medium text-emerald-800 text-xs dark:border-emerald-400/40 dark:text-emerald-300"
      data-testid="refund-mark"
    >
      {t("refund.mark")}
    </span>
  );
}
