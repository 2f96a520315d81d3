import { CreditCard, Landmark, PiggyBank, Plus } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { toCents } from "../../../contract/cents";
import type { PaymentMethod } from "../../../contract/payment-methods";
import { useFamilyQuery } from "../../api/family/get-family";
import { usePayerName } from "../../api/family/payer-names";
import { useDeletePaymentMethod } from "../../api/payment-methods/delete-payment-method";
import { usePaymentMethods } from "../../api/payment-methods/get-payment-methods";
import { useUpdatePaymentMethod } from "../../api/payment-methods/update-payment-method";
import { ConfirmDeleteDialog } from "../../components/confirm-delete-dialog";
import { PageTitle } from "../../components/layout/page-title";
import { mainContentId } from "../../components/layout/skip-link";
import { RequireFamily } from "../../components/require-family";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { Card, CardContent } from "../../components/ui/card";
import { Skeleton } from "../../components/ui/skeleton";
import { useEntityActions } from "../../components/use-entity-actions";
import { useLanguage } from "../../i18n/use-language";
import { formatMoney } from "../../lib/format";
import { toastError } from "../../lib/toast-error";
import { useDocumentTitle } from "../../lib/use-document-title";
import { toast } from "../../lib/use-toast";
import { cn } from "../../lib/utils";
import { LimitUsed } from "./limit-used";
import { PaymentMethodDialog } from "./payment-method-dialog";
import { paymentMethodsTexts } from "./texts";
import { TransfersSection } from "./transfers-section";

type Actions = {
  onEdit: (method: PaymentMethod) => void;
  onDelete: (method: PaymentMethod) => void;
};

function MethodItem({ method, onEdit, onDelete }: { method: PaymentMethod } & Actions) {
  const { t } = useTranslation(paymentMethodsTexts);
  const ownerName = usePayerName();
  const language = useLanguage();
  const update = useUpdatePaymentMethod();
  const Icon = method.kind === "credit_card" ? CreditCard : Landmark;
  // Awaited rather than mutate's callbacks: archiving moves the method to the other section, so
  // this item unmounts before the answer's refetch ends, and mutate's callbacks would be dropped
  // with it (no toast at all).
  const toggle = async () => {
    const archiving = method.isActive;
    try {
      await update.mutateAsync({ id: method.id, input: { isActive: !archiving } });
      toast({
        title: t(archiving ? "paymentMethods.toast.archived" : "paymentMethods.toast.restored"),
      });
    } catch (error) {
      toastError(error, t("paymentMethods.toast.saveError"));
    }
  };
  // The name completes each button's accessible name: the list repeats them.
  const named = <span className="sr-only"> {method.name}</span>;
  return (
    <li>
      <Card>
        <CardContent className="grid gap-3 p-4 sm:flex sm:items-center sm:p-5">
          <div className="flex min-w-0 flex-1 items-start gap-3">
            <span
              aria-hidden="true"
              className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-muted text-muted-foreground"
            >
              <Icon className="size-5" />
            </span>
            <div className="grid min-w-0 gap-0.5">
              <h3 className="break-words font-semibold leading-tight">{method.name}</h3>
              <p className="text-muted-foreground text-sm">
                {t(`paymentMethods.kinds.${method.kind}`)} ·{" "}
                {t("paymentMethods.ownedBy", { name: ownerName(method.ownerUserId) })}
                {method.isPrivate && !method.hidden
                  ? ` · ${t("paymentMethods.privateMine")}`
                  : null}
              </p>
              {method.hidden ? (
                <p className="text-muted-foreground text-sm">{t("paymentMethods.hiddenNote")}</p>
              ) : null}
              {method.kind === "credit_card" ? (
                <p className="text-sm">
                  {t("paymentMethods.days", { closing: method.closingDay, due: method.dueDay })}
                </p>
              ) : null}
              <LimitUsed method={method} />
              {method.balance !== null ? (
                <p
                  className={cn(
                    "text-sm tabular-nums",
                    toCents(method.balance) < 0 && "text-destructive",
                  )}
                  data-testid="account-balance"
                >
                  {t("paymentMethods.balance", { amount: formatMoney(method.balance, language) })}
                </p>
              ) : null}
            </div>
          </div>
          {/* Another member's private account: theirs alone to change (docs/product.md#private-accounts). */}
          {method.hidden ? null : (
            <div className="flex flex-wrap gap-2">
              {method.kind === "credit_card" ? (
                <Button asChild variant="outline" size="sm">
                  <Link href={`/payment-methods/${method.id}/bills`}>
                    {t("paymentMethods.bills")}
                    {named}
                  </Link>
                </Button>
              ) : (
                <Button asChild variant="outline" size="sm">
                  <Link href={`/payment-methods/${method.id}/reconcile`}>
                    {t("paymentMethods.reconcile")}
                    {named}
                  </Link>
                </Button>
              )}
              <Button variant="outline" size="sm" onClick={() => onEdit(method)}>
                {t("paymentMethods.edit")}
                {named}
              </Button>
              <Button variant="outline" size="sm" disabled={update.isPending} onClick={toggle}>
                {t(method.isActive ? "paymentMethods.archive" : "paymentMethods.unarchive")}
                {named}
              </Button>
              <Button
                variant="outline"
                size="sm"
                className="text-destructive hover:text-destructive"
                onClick={() => onDelete(method)}
              >
                {t("paymentMethods.delete")}
                {named}
              </Button>
            </div>
          )}
        </CardContent>
      </Card>
    </li>
  );
}

function MethodList({ onEdit, onDelete }: Actions) {
  const { t } = useTranslation(paymentMethodsTexts);
  const methods = usePaymentMethods();

  if (methods.isError) return <Alert variant="destructive">{t("paymentMethods.loadError")}</Alert>;
  if (!methods.data) return <Skeleton className="h-32 w-full rounded-2xl" />;
  if (methods.data.length === 0) {
    return (
      <Card>
        <CardContent className="grid gap-1 py-10 text-center sm:py-12">
          <h2 className="font-semibold text-lg">{t("paymentMethods.empty")}</h2>
          <p className="text-muted-foreground text-sm">{t("paymentMethods.emptyHint")}</p>
        </CardContent>
      </Card>
    );
  }
  const active = methods.data.filter((method) => method.isActive);
  const archived = methods.data.filter((method) => !method.isActive);
  const section = (title: string, list: PaymentMethod[]) =>
    list.length > 0 ? (
      <section className="grid gap-3" aria-label={title}>
        <h2 className="font-semibold text-lg">{title}</h2>
        <ul className="grid gap-3">
          {list.map((method) => (
            <MethodItem key={method.id} method={method} onEdit={onEdit} onDelete={onDelete} />
          ))}
        </ul>
      </section>
    ) : null;
  return (
    <>
      {section(t("paymentMethods.activeTitle"), active)}
      <TransfersSection methods={methods.data} />
      {section(t("paymentMethods.archivedTitle"), archived)}
    </>
  );
}

/**
 * "Contas e cartões" (docs/product.md#payment-methods): the family's accounts and credit cards,
 * which an expense's "Pago com" names; archived ones apart, still on their expenses.
 */
export function PaymentMethodsPage() {
  const { t } = useTranslation(paymentMethodsTexts);
  const title = t("pages.paymentMethods.title");
  useDocumentTitle(title);
  const familyQuery = useFamilyQuery();
  const actions = useEntityActions<PaymentMethod>({
    remove: useDeletePaymentMethod(),
    deleted: () => t("paymentMethods.toast.deleted"),
    deleteError: t("paymentMethods.toast.deleteError"),
    // Used by expenses (409 payment_method_in_use): the server's text says to archive it.
    closeOnError: true,
    // A deleted item takes its button with it: focus continues from the page's main content.
    focusAfterDelete: () => document.getElementById(mainContentId),
  });
  const { deleting } = actions;
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div className="grid gap-1">
          <PageTitle>{title}</PageTitle>
          <p className="text-muted-foreground text-sm">{t("paymentMethods.intro")}</p>
        </div>
        {familyQuery.data ? (
          <div className="flex flex-wrap gap-2">
            {/* The family's savings goals are kept in its accounts (docs/product.md#caixinhas-savings-goals). */}
            <Button asChild variant="outline">
              <Link href="/goals">
                <PiggyBank aria-hidden="true" />
                {t("paymentMethods.goals")}
              </Link>
            </Button>
            <Button onClick={actions.create}>
              <Plus aria-hidden="true" />
              {t("paymentMethods.new")}
            </Button>
          </div>
        ) : null}
      </div>
      <RequireFamily
        family={familyQuery}
        fallback={<Skeleton className="h-32 w-full rounded-2xl" />}
      >
        <MethodList onEdit={actions.edit} onDelete={actions.askDelete} />
        <PaymentMethodDialog
          open={actions.form.open}
          method={actions.form.entity}
          onClose={actions.form.onClose}
        />
        <ConfirmDeleteDialog
          {...actions.confirmDelete}
          title={t("paymentMethods.deleteDialog.title")}
          message={
            deleting ? t("paymentMethods.deleteDialog.message", { name: deleting.name }) : ""
          }
          cancelLabel={t("paymentMethods.form.cancel")}
          confirmLabel={t("paymentMethods.delete")}
          pendingLabel={t("paymentMethods.deleteDialog.deleting")}
        />
      </RequireFamily>
    </div>
  );
}
