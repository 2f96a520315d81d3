import { useTranslation } from "react-i18next";
import type { ExpenseListItem } from "../../../contract/expenses";

/** "3/12" beside an installment's description; null for an ordinary expense. */
export function installmentLabel(
  expense: Pick<ExpenseListItem, "installment" | "installmentCount">,
): string | null {
  if (expense.installment == null || expense.installmentCount == null) return null;
  return `${expense.installment}/${expense.installmentCount}`;
}

/**
 * The label every list shows beside an installment's description ("Geladeira 3/12",
 * docs/product.md#installments): short on screen, and read out as "parcela 3 de 12" rather than
 * as a fraction or a date. Here, below the features, because the Expenses list, the dashboard and
 * a card's bills all show it and features never import each other.
 */
export function InstallmentLabel({
  expense,
}: {
  expense: Partial<Pick<ExpenseListItem, "installment" | "installmentCount">>;
}) {
  const { t } = useTranslation();
  const label = installmentLabel({
    installment: expense.installment ?? null,
    installmentCount: expense.installmentCount ?? null,
  });
  if (label === null) return null;
  return (
    <span
      className="ml-1.5 shrink-0 whitespace-nowrap rounded-full border px-1.5 py-px align-middle font-medium text-muted-foreground text-xs tabular-nums"
      data-testid="installment-label"
    >
      <span aria-hidden="true">{label}</span>
      <span className="sr-only">
        {` ${t("installments.spoken", {
          number: expense.installment,
          count: expense.installmentCount,
        })}`}
      </span>
    </span>
  );
}
