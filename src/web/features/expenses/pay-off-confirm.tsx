import { useTranslation } from "react-i18next";
import { fromCents, toCents } from "../../../contract/cents";
import type { ExpenseListItem } from "../../../contract/expenses";
import { useInstallments } from "../../api/installments/get-installments";
import { usePayOffInstallments } from "../../api/installments/pay-off-installments";
import { usePaymentMethods } from "../../api/payment-methods/get-payment-methods";
import { Button } from "../../components/ui/button";
import {
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../components/ui/dialog";
import { useLanguage } from "../../i18n/use-language";
import { formatMoney } from "../../lib/format";
import { toastError } from "../../lib/toast-error";
import { toast } from "../../lib/use-toast";
import { expensesTexts } from "./texts";

/**
 * "Antecipar parcelas" (docs/product.md#installments), asked inside the edit dialog: what happens
 * (on a card, the later bills' installments move to the bill open today and keep their dates;
 * otherwise those dated after today are dated today), the purchase as it is now, and the call.
 */
export function PayOffConfirm({
  expense,
  onBack,
  onDone,
}: {
  expense: ExpenseListItem;
  onBack: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation(expensesTexts);
  const language = useLanguage();
  const series = useInstallments(expense.seriesId);
  const methods = usePaymentMethods();
  const payOff = usePayOffInstallments();
  // The purchase's method as its installments have it now (a change from an installment on may
  // have moved only the later ones to the card).
  const methodId = series.data?.installments.at(-1)?.paymentMethodId ?? expense.paymentMethodId;
  const card = methods.data?.find(
    (method) => method.id === methodId && method.kind === "credit_card",
  );
  const confirm = async () => {
    if (!expense.seriesId) return;
    try {
      await payOff.mutateAsync(expense.seriesId);
      toast({ title: t("expenses.installments.paidOff") });
      onDone();
    } catch (error) {
      toastError(error, t("expenses.installments.payOffError"));
    }
  };
  return (
    <>
      <DialogHeader>
        <DialogTitle>{t("expenses.installments.payOffTitle")}</DialogTitle>
        <DialogDescription>
          {card
            ? t("expenses.installments.payOffCard", { card: card.name })
            : t("expenses.installments.payOffOther")}
        </DialogDescription>
      </DialogHeader>
      {series.data ? (
        <p className="text-sm" data-testid="pay-off-series">
          {t("expenses.installments.payOffSeries", {
            description: series.data.description,
            count: series.data.installments.length,
            total: formatMoney(
              fromCents(
                series.data.installments.reduce((sum, { amount }) => sum + toCents(amount), 0),
              ),
              language,
            ),
          })}
        </p>
      ) : null}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onBack}>
          {t("expenses.edit.cancel")}
        </Button>
        <Button type="button" disabled={payOff.isPending || !expense.seriesId} onClick={confirm}>
          {payOff.isPending
            ? t("expenses.installments.payingOff")
            : t("expenses.installments.payOffConfirm")}
        </Button>
      </DialogFooter>
    </>
  );
}
