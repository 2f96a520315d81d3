import { Lock } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { ExpenseListItem } from "../../contract/expenses";
import { cn } from "../lib/utils";

/**
 * Another member's private expense (docs/product.md#private-expenses): the server sends its amount
 * and date and nothing else (`split` `{mode: "private"}`), so a line reads "Gasto privado" and
 * offers no edit, delete or move (each would answer 404). Here, below the features, because the
 * Expenses list, the dashboard and a card's bills all show it.
 */
export const isHiddenExpense = (expense: Pick<ExpenseListItem, "split">): boolean =>
  expense.split.mode === "private";

/** "Gasto privado" with a lock, where a line names its expense. */
export function HiddenExpenseName({ className }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <span className={cn("inline-flex min-w-0 items-center gap-1.5", className)}>
      <Lock aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
      <span className="truncate">{t("privateExpense.hidden")}</span>
    </span>
  );
}

/**
 * "Privado": its author's own private expense, which only they see in full; `label` for another
 * private entry's word ("Privada", a private income: docs/product.md#income).
 */
export function PrivateMark({ className, label }: { className?: string; label?: string }) {
  const { t } = useTranslation();
  return (
    <span
      className={cn(
        "ml-1.5 inline-flex shrink-0 items-center gap-1 whitespace-nowrap rounded-full border px-1.5 py-px align-middle font-medium text-muted-foreground text-xs",
        className,
      )}
      data-testid="private-mark"
    >
      <Lock aria-hidden="true" className="size-3" />
      {label ?? t("privateExpense.mark")}
    </span>
  );
}
