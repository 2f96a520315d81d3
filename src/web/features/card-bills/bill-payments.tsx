import { Undo2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { CardBillDetail } from "../../../contract/card-bills";
import { useDeleteBillPayment } from "../../api/card-bills/delete-bill-payment";
import { Button } from "../../components/ui/button";
import { useLanguage } from "../../i18n/use-language";
import { formatDate, formatMoney } from "../../lib/format";
import { toastError } from "../../lib/toast-error";
import { toast } from "../../lib/use-toast";
import { cardBillsTexts } from "./texts";

/**
 * The bill's payments, each undone by its own button; not one paid from another member's private
 * account, which its holder alone undoes (docs/product.md#private-accounts).
 */
export function BillPayments({
  bill,
  accountName,
  undoable,
}: {
  bill: CardBillDetail;
  accountName: (id: string | null) => string;
  undoable: (accountId: string | null) => boolean;
}) {
  const { t } = useTranslation(cardBillsTexts);
  const language = useLanguage();
  const undo = useDeleteBillPayment();
  if (bill.payments.length === 0) {
    return <p className="text-muted-foreground text-sm">{t("cardBills.noPayments")}</p>;
  }
  return (
    <ul className="divide-y" aria-label={t("cardBills.payments")}>
      {bill.payments.map((payment) => {
        const amount = formatMoney(payment.amount, language);
        const date = formatDate(payment.paidOn, language);
        return (
          <li key={payment.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
            <span className="grid">
              <span className="font-medium">{amount}</span>
              <span className="text-muted-foreground text-sm">
                {date} · {accountName(payment.fromMethodId)}
              </span>
            </span>
            {undoable(payment.fromMethodId) ? (
              <Button
                variant="outline"
                size="sm"
                disabled={undo.isPending}
                aria-label={t("cardBills.undoLabel", { amount, date })}
                onClick={async () => {
                  try {
                    await undo.mutateAsync({ billId: bill.id, paymentId: payment.id });
                    toast({ title: t("cardBills.undone") });
                  } catch (error) {
                    toastError(error, t("cardBills.undoError"));
                  }
                }}
              >
                <Undo2 aria-hidden="true" />
                {t("cardBills.undo")}
              </Button>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
