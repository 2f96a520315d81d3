import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useParams, useSearch } from "wouter";
import { toCents } from "../../../contract/money";
import type { PaymentMethod } from "../../../contract/payment-methods";
import type { AccountEntry, ReconciliationState } from "../../../contract/reconciliation";
import { useFamilyQuery } from "../../api/family/get-family";
import { usePaymentMethods } from "../../api/payment-methods/get-payment-methods";
import { useReconciliation } from "../../api/reconciliation/get-reconciliation";
import { useReconcile } from "../../api/reconciliation/reconcile";
import { useSetCleared } from "../../api/reconciliation/set-cleared";
import { BackLink } from "../../components/back-link";
import { PageTitle } from "../../components/layout/page-title";
import { RequireFamily } from "../../components/require-family";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { Card, CardContent } from "../../components/ui/card";
import { Checkbox } from "../../components/ui/checkbox";
import { FormField } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";
import { Skeleton } from "../../components/ui/skeleton";
import { useLanguage } from "../../i18n/use-language";
import { formatAmountInput } from "../../lib/amount-input";
import { formatDate, formatSignedMoney, todayIso } from "../../lib/format";
import { showServerFieldErrors } from "../../lib/server-field-errors";
import { toastError } from "../../lib/toast-error";
import { useDocumentTitle } from "../../lib/use-document-title";
import { toast } from "../../lib/use-toast";
import { cn } from "../../lib/utils";
import { bankBalanceOf, differenceOf, REASON_MAX, reconcileDefaults } from "./reconcile-values";
import { reconciliationTexts } from "./texts";

type Values = { date: string; bankBalance: string; reason: string };
const fieldNames = ["date", "bankBalance", "reason"] as const;
const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);

/** A figure of the account against its bank: its label above, the amount below. */
function Figure({ label, amount, tone }: { label: string; amount: string; tone?: string }) {
  return (
    // A line each on a phone, label and amount apart; side by side, each above the other.
    <div className="flex items-baseline justify-between gap-3 sm:grid sm:justify-start sm:gap-0.5">
      <dt className="text-muted-foreground text-sm sm:text-xs">{label}</dt>
      <dd className={cn("font-semibold tabular-nums", tone)}>{amount}</dd>
    </div>
  );
}

/** One entry not yet reconciled, cleared or not by its checkbox. */
function EntryRow({ accountId, entry }: { accountId: string; entry: AccountEntry }) {
  const { t } = useTranslation(reconciliationTexts);
  const language = useLanguage();
  const setCleared = useSetCleared();
  // A settlement naming only this account has no other account to name: its kind says it.
  const what = entry.hidden
    ? t("reconciliation.privateExpense")
    : entry.label || t(`reconciliation.kinds.${entry.kind}`);
  const amount = formatSignedMoney(entry.amount, language);
  const date = formatDate(entry.date, language);
  const checked = setCleared.isPending ? (setCleared.variables?.cleared ?? false) : entry.cleared;
  const toggle = (cleared: boolean) =>
    setCleared.mutate(
      { accountId, kind: entry.kind, entryId: entry.id, cleared },
      { onError: (error) => toastError(error, t("reconciliation.clearError")) },
    );
  return (
    <li className="flex min-h-11 items-center gap-3 py-2">
      <Checkbox
        checked={checked}
        onCheckedChange={(value) => toggle(value === true)}
        aria-label={t("reconciliation.clearedMark", { entry: `${what}, ${date}, ${amount}` })}
        className="size-6"
      />
      <div className="grid min-w-0 flex-1 gap-0.5">
        <span className="break-words font-medium leading-tight">{what}</span>
        <span className="text-muted-foreground text-xs">
          {date} · {t(`reconciliation.kinds.${entry.kind}`)}
        </span>
      </div>
      <span
        className={cn(
          "shrink-0 font-medium tabular-nums",
          toCents(entry.amount) > 0 && "text-emerald-700 dark:text-emerald-400",
        )}
      >
        {amount}
      </span>
    </li>
  );
}

function Entries({ accountId, state }: { accountId: string; state: ReconciliationState }) {
  const { t } = useTranslation(reconciliationTexts);
  return (
    <Card>
      <CardContent className="grid gap-2 p-4 sm:p-5">
        <h2 className="font-semibold">{t("reconciliation.entries")}</h2>
        {state.entries.length === 0 ? (
          <p className="text-muted-foreground text-sm">{t("reconciliation.empty")}</p>
        ) : (
          <ul className="divide-y">
            {state.entries.map((entry) => (
              <EntryRow key={`${entry.kind}:${entry.id}`} accountId={accountId} entry={entry} />
            ))}
          </ul>
        )}
        {state.more > 0 ? (
          <p className="text-muted-foreground text-sm">
            {t("reconciliation.more", { count: state.more })}
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}

/** The bank's balance typed against the app's, the difference, and 'Conciliar'. */
function Reconcile({ account }: { account: PaymentMethod }) {
  const { t } = useTranslation(reconciliationTexts);
  const language = useLanguage();
  const search = useSearch();
  const reconcile = useReconcile();
  const {
    register,
    handleSubmit,
    setError,
    watch,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<Values>({
    defaultValues: reconcileDefaults(search, todayIso(), language),
  });
  const date = watch("date");
  const state = useReconciliation(account.id, date, isDay(date));
  const data = state.data;
  const difference = data
    ? differenceOf(watch("bankBalance"), data.clearedBalance, language)
    : null;
  const adjusts = difference !== null && toCents(difference) !== 0;
  const money = (amount: string) => formatSignedMoney(amount, language);
  const message = (key?: string) => (key ? t(key) : undefined);
  const save = handleSubmit(async (input) => {
    try {
      await reconcile.mutateAsync({
        accountId: account.id,
        date: input.date,
        bankBalance: bankBalanceOf(input.bankBalance, language),
        reason: adjusts ? input.reason : undefined,
      });
      toast({ title: t("reconciliation.done") });
      reset({ date: input.date, bankBalance: "", reason: "" });
    } catch (error) {
      if (showServerFieldErrors(error, setError, fieldNames)) return;
      toastError(error, t("reconciliation.saveError"));
    }
  });
  return (
    <>
      <Card>
        <CardContent className="grid gap-4 p-4 sm:p-5">
          <form onSubmit={save} noValidate className="grid gap-4">
            <div className="grid gap-4 sm:grid-cols-2">
              <FormField
                label={t("reconciliation.bankBalance")}
                hint={t("reconciliation.bankBalanceHint")}
                error={message(errors.bankBalance?.message)}
              >
                <Input
                  inputMode="decimal"
                  autoComplete="off"
                  placeholder={formatAmountInput("0.00", language)}
                  {...register("bankBalance")}
                />
              </FormField>
              <FormField label={t("reconciliation.date")} error={message(errors.date?.message)}>
                <Input type="date" max={todayIso()} {...register("date")} />
              </FormField>
            </div>
            {state.isError ? (
              <Alert variant="destructive">{t("reconciliation.loadError")}</Alert>
            ) : !data ? (
              <Skeleton className="h-16 w-full rounded-xl" />
            ) : data.balance === null || data.clearedBalance === null ? (
              <Alert>{t("reconciliation.noBalance")}</Alert>
            ) : (
              <>
                <dl className="grid gap-2 sm:grid-cols-3 sm:gap-3" aria-live="polite">
                  <Figure label={t("reconciliation.balance")} amount={money(data.balance)} />
                  <Figure label={t("reconciliation.cleared")} amount={money(data.clearedBalance)} />
                  <Figure
                    label={t("reconciliation.difference")}
                    amount={difference === null ? "—" : money(difference)}
                    tone={adjusts ? "text-destructive" : undefined}
                  />
                </dl>
                <p className="text-muted-foreground text-sm">
                  {data.last
                    ? t("reconciliation.last", {
                        date: formatDate(data.last.date, language),
                        amount: money(data.last.bankBalance),
                      })
                    : t("reconciliation.never")}
                </p>
              </>
            )}
            {adjusts ? (
              <FormField
                label={t("reconciliation.reason")}
                hint={t("reconciliation.reasonHint", { amount: money(difference) })}
                error={message(errors.reason?.message)}
              >
                <Input autoComplete="off" maxLength={REASON_MAX} {...register("reason")} />
              </FormField>
            ) : null}
            <Button
              type="submit"
              className="min-h-11 sm:justify-self-start"
              disabled={isSubmitting || reconcile.isPending}
            >
              {isSubmitting || reconcile.isPending
                ? t("reconciliation.saving")
                : adjusts
                  ? t("reconciliation.submitAdjust", { amount: money(difference) })
                  : t("reconciliation.submit")}
            </Button>
          </form>
        </CardContent>
      </Card>
      {data && data.balance !== null ? <Entries accountId={account.id} state={data} /> : null}
    </>
  );
}

/**
 * 'Conciliar' (docs/product.md#reconciliation), reached from an account on "Contas e cartões": the
 * bank's balance on a day against the app's, the entries not yet reconciled cleared one by one,
 * and the reconciliation recorded, with an adjustment and its reason when they differ.
 */
export function ReconcilePage() {
  const { t } = useTranslation(reconciliationTexts);
  const { id = "" } = useParams<{ id: string }>();
  const family = useFamilyQuery();
  const methods = usePaymentMethods();
  const account = methods.data?.find((m) => m.id === id && m.kind !== "credit_card");
  const title = account
    ? t("reconciliation.titleOf", { account: account.name })
    : t("reconciliation.title");
  useDocumentTitle(title);
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6">
      <div className="grid gap-2">
        <BackLink href="/payment-methods">{t("reconciliation.back")}</BackLink>
        <PageTitle>{title}</PageTitle>
        <p className="text-muted-foreground text-sm">{t("reconciliation.intro")}</p>
      </div>
      <RequireFamily family={family} fallback={<Skeleton className="h-44 w-full rounded-2xl" />}>
        {methods.isError ? (
          <Alert variant="destructive">{t("reconciliation.loadError")}</Alert>
        ) : !methods.data ? (
          <Skeleton className="h-44 w-full rounded-2xl" />
        ) : account ? (
          <Reconcile key={account.id} account={account} />
        ) : (
          <Alert>{t("reconciliation.notFound")}</Alert>
        )}
      </RequireFamily>
    </div>
  );
}
