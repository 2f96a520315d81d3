import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { CardBill } from "../../../contract/card-bills";
import type { PaymentMethod } from "../../../contract/payment-methods";
import { useCardBill } from "../../api/card-bills/get-card-bill";
import { useCategories } from "../../api/categories/get-categories";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { Card, CardContent } from "../../components/ui/card";
import { Skeleton } from "../../components/ui/skeleton";
import { useLanguage } from "../../i18n/use-language";
import { formatMoney } from "../../lib/format";
import { BillLine } from "./bill-line";
import { BillPayments } from "./bill-payments";
import { StatusBadge } from "./bill-status-badge";
import { billFigures, hasLeftToPay, nameById } from "./card-bills-view";
import { PayBillDialog } from "./pay-bill-dialog";
import { cardBillsTexts } from "./texts";
import { useBillTexts } from "./use-bill-texts";

/** The chosen bill: its figures, "Pagar fatura", its purchases and its payments. */
export function BillDetail({ summary, methods }: { summary: CardBill; methods: PaymentMethod[] }) {
  const { t } = useTranslation(cardBillsTexts);
  const language = useLanguage();
  const detail = useCardBill(summary.id);
  // A payment's answer is the bill as it is now: shown before the card's list is refetched.
  const bill = detail.data ?? summary;
  const { name, days } = useBillTexts()(bill);
  const categories = useCategories();
  const [paying, setPaying] = useState<CardBill | null>(null);
  const money = (amount: string) => formatMoney(amount, language);
  const accountName = (id: string | null) => nameById(methods, id) ?? t("cardBills.deletedAccount");
  return (
    <section aria-labelledby="bill-title" className="grid content-start gap-4">
      <Card>
        <CardContent className="grid gap-4 p-4 sm:p-5">
          <div className="flex flex-wrap items-start justify-between gap-3">
            <div className="grid gap-1">
              <h2 id="bill-title" className="font-semibold text-lg leading-tight">
                {name}
              </h2>
              <p className="text-muted-foreground text-sm">{days}</p>
            </div>
            <StatusBadge status={bill.status} />
          </div>
          <dl className="grid grid-cols-3 gap-2 text-sm">
            {billFigures(bill).map(({ key, amount }) => (
              <div key={key} className="grid gap-0.5">
                <dt className="text-muted-foreground">{t(`cardBills.${key}`)}</dt>
                <dd className="font-semibold" data-testid={`bill-${key}`}>
                  {money(amount)}
                </dd>
              </div>
            ))}
          </dl>
          {hasLeftToPay(bill) ? (
            <Button className="justify-self-start" onClick={() => setPaying(bill)}>
              {t("cardBills.pay")}
            </Button>
          ) : null}
        </CardContent>
      </Card>
      {detail.isError ? (
        <Alert variant="destructive">{t("cardBills.loadError")}</Alert>
      ) : !detail.data ? (
        <Skeleton className="h-40 w-full rounded-2xl" />
      ) : (
        <>
          <section className="grid gap-1" aria-labelledby="bill-lines">
            <h3 id="bill-lines" className="font-semibold">
              {t("cardBills.lines")}
            </h3>
            {detail.data.lines.length === 0 ? (
              <p className="text-muted-foreground text-sm">{t("cardBills.noLines")}</p>
            ) : (
              <ul className="divide-y" aria-label={t("cardBills.lines")}>
                {detail.data.lines.map((expense) => (
                  <BillLine
                    key={expense.id}
                    expense={expense}
                    categoryName={nameById(categories.data, expense.categoryId)}
                  />
                ))}
              </ul>
            )}
          </section>
          <section className="grid gap-1" aria-labelledby="bill-payments">
            <h3 id="bill-payments" className="font-semibold">
              {t("cardBills.payments")}
            </h3>
            <BillPayments
              bill={detail.data}
              accountName={accountName}
              undoable={(id) => !methods?.find((method) => method.id === id)?.hidden}
            />
          </section>
        </>
      )}
      <PayBillDialog bill={paying} billName={name} onClose={() => setPaying(null)} />
    </section>
  );
}
