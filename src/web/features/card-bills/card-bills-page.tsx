import { CreditCard } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "wouter";
import type { PaymentMethod } from "../../../contract/payment-methods";
import { useCardBills } from "../../api/card-bills/get-card-bills";
import { useFamilyQuery } from "../../api/family/get-family";
import { usePaymentMethods } from "../../api/payment-methods/get-payment-methods";
import { BackLink } from "../../components/back-link";
import { PageTitle } from "../../components/layout/page-title";
import { RequireFamily } from "../../components/require-family";
import { Alert } from "../../components/ui/alert";
import { Card, CardContent } from "../../components/ui/card";
import { Skeleton } from "../../components/ui/skeleton";
import { useDocumentTitle } from "../../lib/use-document-title";
import { BillDetail } from "./bill-detail";
import { BillList } from "./bill-list";
import { cardOf, chosenBill } from "./card-bills-view";
import { cardBillsTexts } from "./texts";

/** The card's bills beside the chosen one; the default chosen until the person picks another. */
function Bills({ card, methods }: { card: PaymentMethod; methods: PaymentMethod[] }) {
  const { t } = useTranslation(cardBillsTexts);
  const bills = useCardBills(card.id);
  const [chosenId, setChosenId] = useState<string>();
  if (bills.isError) return <Alert variant="destructive">{t("cardBills.loadError")}</Alert>;
  if (!bills.data) return <Skeleton className="h-44 w-full rounded-2xl" />;
  if (bills.data.length === 0) {
    return (
      <Card>
        <CardContent className="flex flex-col items-center gap-2 py-10 text-center">
          <CreditCard className="size-8 text-muted-foreground" aria-hidden="true" />
          <h2 className="font-semibold text-lg">{t("cardBills.empty")}</h2>
          <p className="text-muted-foreground text-sm">{t("cardBills.emptyHint")}</p>
        </CardContent>
      </Card>
    );
  }
  const selected = chosenBill(bills.data, chosenId);
  return (
    <div className="grid gap-6 md:grid-cols-[18rem_1fr] md:items-start">
      <BillList bills={bills.data} selectedId={selected?.id} onSelect={setChosenId} />
      {selected ? <BillDetail key={selected.id} summary={selected} methods={methods} /> : null}
    </div>
  );
}

/**
 * A credit card's bills ("Faturas", docs/decisions/011-cards-bills-installments.md), reached from
 * "Contas e cartões": each bill's days, status, total and what is left; the chosen bill's
 * purchases, moved by hand to the bill before or after, and its payments, made and undone.
 */
export function CardBillsPage() {
  const { t } = useTranslation(cardBillsTexts);
  const { id = "" } = useParams<{ id: string }>();
  const family = useFamilyQuery();
  const methods = usePaymentMethods();
  const card = cardOf(methods.data, id);
  const title = card ? t("cardBills.titleOf", { card: card.name }) : t("cardBills.title");
  useDocumentTitle(title);
  return (
    <div className="mx-auto grid w-full max-w-4xl gap-6">
      <div className="grid gap-2">
        <BackLink href="/payment-methods">{t("cardBills.back")}</BackLink>
        <PageTitle>{title}</PageTitle>
        <p className="text-muted-foreground text-sm">{t("cardBills.intro")}</p>
      </div>
      <RequireFamily family={family} fallback={<Skeleton className="h-44 w-full rounded-2xl" />}>
        {methods.isError ? (
          <Alert variant="destructive">{t("cardBills.loadError")}</Alert>
        ) : !methods.data ? (
          <Skeleton className="h-44 w-full rounded-2xl" />
        ) : card ? (
          <Bills card={card} methods={methods.data} />
        ) : (
          <Alert>{t("cardBills.notFound")}</Alert>
        )}
      </RequireFamily>
    </div>
  );
}
