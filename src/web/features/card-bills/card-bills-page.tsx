import { ArrowLeft, ArrowRight, CreditCard, Undo2 } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "wouter";
import type { BillStatusName, CardBill, CardBillDetail } from "../../../contract/card-bills";
import type { Expense } from "../../../contract/expenses";
import type { PaymentMethod } from "../../../contract/payment-methods";
import { useDeleteBillPayment } from "../../api/card-bills/delete-bill-payment";
import { useCardBill } from "../../api/card-bills/get-card-bill";
import { useCardBills } from "../../api/card-bills/get-card-bills";
import { useCategories } from "../../api/categories/get-categories";
import { useMoveExpenseBill } from "../../api/expenses/move-expense-bill";
import { useFamilyQuery } from "../../api/family/get-family";
import { InstallmentLabel } from "../../api/installments/installment-label";
import { usePaymentMethods } from "../../api/payment-methods/get-payment-methods";
import { ExpenseAmount, RefundMark } from "../../components/expense-amount";
import { PageTitle } from "../../components/layout/page-title";
import { HiddenExpenseName, isHiddenExpense, PrivateMark } from "../../components/private-expense";
import { RequireFamily } from "../../components/require-family";
import { Alert } from "../../components/ui/alert";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent } from "../../components/ui/card";
import { Skeleton } from "../../components/ui/skeleton";
import { useLanguage } from "../../i18n/use-language";
import { formatDate, formatMoney } from "../../lib/format";
import { toastError } from "../../lib/toast-error";
import { useDocumentTitle } from "../../lib/use-document-title";
import { toast } from "../../lib/use-toast";
import { cn } from "../../lib/utils";
import { billTexts, defaultBill } from "./bill-text";
import { PayBillDialog } from "./pay-bill-dialog";

/** How many bills the list shows before "Mostrar todas": a phone reaches the chosen bill's lines. */
const FIRST_BILLS = 6;

const statusVariant: Record<BillStatusName, "secondary" | "warning" | "outline"> = {
  open: "secondary",
  closed: "warning",
  paid: "outline",
};

function useBillTexts() {
  const { t } = useTranslation();
  const language = useLanguage();
  return (bill: Pick<CardBill, "closesOn" | "dueOn">) => billTexts(bill, t, language);
}

function StatusBadge({ status }: { status: BillStatusName }) {
  const { t } = useTranslation();
  return <Badge variant={statusVariant[status]}>{t(`cardBills.status.${status}`)}</Badge>;
}

/** The card's bills, newest first; the chosen one pressed. */
function BillList({
  bills,
  selectedId,
  onSelect,
}: {
  bills: CardBill[];
  selectedId: string | undefined;
  onSelect: (id: string) => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const textsOf = useBillTexts();
  const [all, setAll] = useState(false);
  const shown = all ? bills : bills.filter((b, i) => i < FIRST_BILLS || b.id === selectedId);
  return (
    <div className="grid content-start gap-2">
      <ul className="grid gap-2" aria-label={t("cardBills.list")}>
        {shown.map((bill) => {
          const { name, days } = textsOf(bill);
          const selected = bill.id === selectedId;
          return (
            <li key={bill.id}>
              <button
                type="button"
                aria-pressed={selected}
                onClick={() => onSelect(bill.id)}
                className={cn(
                  "grid w-full gap-1 rounded-xl border bg-card p-3 text-left text-sm outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50",
                  selected && "border-primary ring-1 ring-primary",
                )}
              >
                <span className="flex flex-wrap items-center justify-between gap-2">
                  <span className="font-semibold">{name}</span>
                  <StatusBadge status={bill.status} />
                </span>
                <span className="text-muted-foreground">{days}</span>
                <span className="flex flex-wrap justify-between gap-x-3">
                  <span>{formatMoney(bill.total, language)}</span>
                  {bill.leftToPay !== "0.00" ? (
                    <span className="text-muted-foreground">
                      {t("cardBills.leftToPay", { amount: formatMoney(bill.leftToPay, language) })}
                    </span>
                  ) : null}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
      {shown.length < bills.length ? (
        <Button variant="outline" onClick={() => setAll(true)}>
          {t("cardBills.showAll", { count: bills.length })}
        </Button>
      ) : null}
    </div>
  );
}

function Line({ expense, categoryName }: { expense: Expense; categoryName: string | null }) {
  const { t } = useTranslation();
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

function Payments({
  bill,
  accountName,
}: {
  bill: CardBillDetail;
  accountName: (id: string | null) => string;
}) {
  const { t } = useTranslation();
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
          </li>
        );
      })}
    </ul>
  );
}

/** The chosen bill: its figures, "Pagar fatura", its purchases and its payments. */
function BillDetail({ summary, methods }: { summary: CardBill; methods: PaymentMethod[] }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const detail = useCardBill(summary.id);
  // A payment's answer is the bill as it is now: shown before the card's list is refetched.
  const bill = detail.data ?? summary;
  const { name, days } = useBillTexts()(bill);
  const categories = useCategories();
  const [paying, setPaying] = useState<CardBill | null>(null);
  const money = (amount: string) => formatMoney(amount, language);
  const categoryName = (id: string | null) =>
    categories.data?.find((category) => category.id === id)?.name ?? null;
  const accountName = (id: string | null) =>
    methods.find((method) => method.id === id)?.name ?? t("cardBills.deletedAccount");
  const figures = [
    ["total", bill.total],
    ["paid", bill.paid],
    ["left", bill.leftToPay],
  ] as const;
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
            {figures.map(([key, amount]) => (
              <div key={key} className="grid gap-0.5">
                <dt className="text-muted-foreground">{t(`cardBills.${key}`)}</dt>
                <dd className="font-semibold" data-testid={`bill-${key}`}>
                  {money(amount)}
                </dd>
              </div>
            ))}
          </dl>
          {bill.leftToPay !== "0.00" ? (
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
                  <Line
                    key={expense.id}
                    expense={expense}
                    categoryName={categoryName(expense.categoryId)}
                  />
                ))}
              </ul>
            )}
          </section>
          <section className="grid gap-1" aria-labelledby="bill-payments">
            <h3 id="bill-payments" className="font-semibold">
              {t("cardBills.payments")}
            </h3>
            <Payments bill={detail.data} accountName={accountName} />
          </section>
        </>
      )}
      <PayBillDialog bill={paying} billName={name} onClose={() => setPaying(null)} />
    </section>
  );
}

function Bills({ card, methods }: { card: PaymentMethod; methods: PaymentMethod[] }) {
  const { t } = useTranslation();
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
  // A chosen bill that left the list (its last purchase moved out) gives way to the default.
  const selected = bills.data.find((bill) => bill.id === chosenId) ?? defaultBill(bills.data);
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
  const { t } = useTranslation();
  const { id = "" } = useParams<{ id: string }>();
  const family = useFamilyQuery();
  const methods = usePaymentMethods();
  const card = methods.data?.find((method) => method.id === id && method.kind === "credit_card");
  const title = card ? t("cardBills.titleOf", { card: card.name }) : t("cardBills.title");
  useDocumentTitle(title);
  return (
    <div className="mx-auto grid w-full max-w-4xl gap-6">
      <div className="grid gap-2">
        <Link
          href="/payment-methods"
          className="inline-flex min-h-11 items-center gap-2 self-start text-muted-foreground text-sm hover:text-foreground"
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          {t("cardBills.back")}
        </Link>
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
