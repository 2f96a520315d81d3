import { ArrowRightLeft } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { PaymentMethod } from "../../../contract/payment-methods";
import { useDeleteTransfer } from "../../api/transfers/delete-transfer";
import { useTransfers } from "../../api/transfers/get-transfers";
import { Button } from "../../components/ui/button";
import { Card, CardContent } from "../../components/ui/card";
import { useLanguage } from "../../i18n/use-language";
import { formatDate, formatMoney } from "../../lib/format";
import { toastError } from "../../lib/toast-error";
import { toast } from "../../lib/use-toast";
import { paymentMethodsTexts } from "./texts";
import { TransferDialog } from "./transfer-dialog";
import { transferAccountsOf } from "./transfer-values";

/**
 * 'Transferências' (docs/product.md#transfers): 'Transferir' between two of the family's active
 * accounts, shown once it has two, and the latest transfers, each undone by 'Desfazer'.
 */
export function TransfersSection({ methods }: { methods: readonly PaymentMethod[] }) {
  const { t } = useTranslation(paymentMethodsTexts);
  const language = useLanguage();
  const transfers = useTransfers();
  const undo = useDeleteTransfer();
  const [open, setOpen] = useState(false);
  const accounts = transferAccountsOf(methods);
  const items = transfers.data?.items ?? [];
  if (accounts.length < 2 && items.length === 0) return null;
  const nameOf = (id: string) => methods.find((method) => method.id === id)?.name ?? "?";
  // Another member's private account is theirs alone to move money on, undoing included
  // (docs/product.md#private-accounts).
  const undoable = (ids: string[]) =>
    !ids.some((id) => methods.find((method) => method.id === id)?.hidden);
  const remove = async (id: string) => {
    try {
      await undo.mutateAsync(id);
      toast({ title: t("paymentMethods.transfers.undone") });
    } catch (error) {
      toastError(error, t("paymentMethods.toast.saveError"));
    }
  };
  return (
    <section className="grid gap-3" aria-labelledby="transfers-title">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="transfers-title" className="font-semibold text-lg">
          {t("paymentMethods.transfers.heading")}
        </h2>
        {accounts.length >= 2 ? (
          <Button variant="outline" onClick={() => setOpen(true)}>
            <ArrowRightLeft aria-hidden="true" />
            {t("paymentMethods.transfers.open")}
          </Button>
        ) : null}
      </div>
      {/* Still loading, the list is not empty: nothing is said until it comes. */}
      {!transfers.data ? null : items.length === 0 ? (
        <p className="text-muted-foreground text-sm">{t("paymentMethods.transfers.empty")}</p>
      ) : (
        <Card>
          <CardContent className="p-0">
            <ul className="divide-y">
              {items.map((item) => {
                const route = t("paymentMethods.transfers.route", {
                  from: nameOf(item.fromMethodId),
                  to: nameOf(item.toMethodId),
                });
                return (
                  <li
                    key={item.id}
                    className="flex flex-wrap items-center justify-between gap-3 p-4"
                    data-testid="transfer"
                  >
                    <div className="grid min-w-0 gap-0.5">
                      <p className="break-words font-medium">{route}</p>
                      <p className="text-muted-foreground text-sm">
                        {formatDate(item.date, language)}
                        {item.note ? ` · ${item.note}` : null}
                      </p>
                    </div>
                    <div className="flex items-center gap-3">
                      <span className="whitespace-nowrap font-semibold tabular-nums">
                        {formatMoney(item.amount, language)}
                      </span>
                      {undoable([item.fromMethodId, item.toMethodId]) ? (
                        <Button
                          variant="outline"
                          size="sm"
                          disabled={undo.isPending}
                          onClick={() => remove(item.id)}
                        >
                          {t("paymentMethods.transfers.undo")}
                          <span className="sr-only"> {route}</span>
                        </Button>
                      ) : null}
                    </div>
                  </li>
                );
              })}
            </ul>
          </CardContent>
        </Card>
      )}
      <TransferDialog open={open} accounts={accounts} onClose={() => setOpen(false)} />
    </section>
  );
}
