import { Lock } from "lucide-react";
import { useRef } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { type createIncomeInputSchema, type Income, incomeKinds } from "../../../contract/incomes";
import { useCurrentUser } from "../../api/auth/get-current-user";
import { usePayerChoices } from "../../api/family/payer-choices";
import { useCreateIncome } from "../../api/incomes/create-income";
import { useUpdateIncome } from "../../api/incomes/update-income";
import { usePaymentMethods } from "../../api/payment-methods/get-payment-methods";
import { offeredToReader } from "../../api/payment-methods/payment-method-choices";
import { FormDialog, FormDialogForm } from "../../components/form-dialog";
import { PayerSelect } from "../../components/payer-select";
import { FormField } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";
import { NativeSelect } from "../../components/ui/native-select";
import { useLanguage } from "../../i18n/use-language";
import { todayIso } from "../../lib/format";
import { newIdempotencyKey } from "../../lib/idempotency-key";
import { showServerFieldErrors } from "../../lib/server-field-errors";
import { toastError } from "../../lib/toast-error";
import { toast } from "../../lib/use-toast";
import { type IncomeValues, incomeDefaults, incomeResolver } from "./income-values";
import { incomesTexts } from "./texts";

const fieldNames = [
  "description",
  "amount",
  "kind",
  "receivedByUserId",
  "date",
  "paymentMethodId",
  "private",
] as const;

/**
 * "Conta" (docs/product.md#income): the family's active accounts, never a card; the archived one
 * the income already has stays a choice, so changing another field keeps it.
 */
function useAccountChoices(currentId: string | null) {
  const methods = usePaymentMethods();
  return (methods.data ?? [])
    .filter((method) => method.kind !== "credit_card")
    .filter((method) => offeredToReader(method) || method.id === currentId)
    .map((method) => ({
      value: method.id,
      label: method.name,
    }));
}

function IncomeForm({ income, onDone }: { income: Income | null; onDone: () => void }) {
  const { t } = useTranslation(incomesTexts);
  const language = useLanguage();
  const { user } = useCurrentUser();
  const me = user?.id ?? "";
  const create = useCreateIncome();
  const update = useUpdateIncome();
  const receivers = usePayerChoices(income ? income.receivedByUserId : undefined);
  const accounts = useAccountChoices(income?.paymentMethodId ?? null);
  // One key per dialog: a retried save returns the income the first one made.
  const idempotencyKey = useRef(newIdempotencyKey());
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<IncomeValues, unknown, z.output<typeof createIncomeInputSchema>>({
    resolver: incomeResolver(language),
    defaultValues: incomeDefaults(income, me, todayIso(), language),
  });
  const isPrivate = watch("private");
  // Only its author makes an income private or shared again (docs/product.md#income).
  const mayChangePrivacy = !income || income.addedByUserId === me;
  const message = (key?: string) => (key ? t(key) : undefined);
  const save = handleSubmit(async (input) => {
    try {
      if (income) {
        await update.mutateAsync({ id: income.id, input });
      } else {
        await create.mutateAsync({ input, idempotencyKey: idempotencyKey.current });
      }
      toast({ title: t(income ? "incomes.updated" : "incomes.created") });
      onDone();
    } catch (error) {
      if (showServerFieldErrors(error, setError, fieldNames)) return;
      toastError(error);
    }
  });
  const pending = isSubmitting || create.isPending || update.isPending;
  return (
    <FormDialogForm
      onSubmit={save}
      cancelLabel={t("incomes.form.cancel")}
      submitLabel={t("incomes.form.save")}
      pendingLabel={t("incomes.form.saving")}
      pending={pending}
    >
      <FormField label={t("incomes.form.description")} error={message(errors.description?.message)}>
        <Input autoComplete="off" {...register("description")} />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t("incomes.form.amount")} error={message(errors.amount?.message)}>
          <Input inputMode="decimal" autoComplete="off" {...register("amount")} />
        </FormField>
        <FormField label={t("incomes.form.kind")} error={message(errors.kind?.message)}>
          <NativeSelect {...register("kind")}>
            {incomeKinds.map((kind) => (
              <option key={kind} value={kind}>
                {t(`incomeKinds.${kind}`)}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        {isPrivate ? null : (
          <PayerSelect
            label={t("incomes.form.receivedBy")}
            choices={receivers}
            error={message(errors.receivedByUserId?.message)}
            {...register("receivedByUserId")}
          />
        )}
        <FormField label={t("incomes.form.date")} error={message(errors.date?.message)}>
          <Input type="date" {...register("date")} />
        </FormField>
        {accounts.length > 0 ? (
          <FormField
            label={t("incomes.form.account")}
            error={message(errors.paymentMethodId?.message)}
          >
            <NativeSelect {...register("paymentMethodId")}>
              <option value="">{t("incomes.form.noAccount")}</option>
              {accounts.map((account) => (
                <option key={account.value} value={account.value}>
                  {account.label}
                </option>
              ))}
            </NativeSelect>
          </FormField>
        ) : null}
      </div>
      {mayChangePrivacy ? (
        // The whole row is the label: a 44 px target on a phone.
        <label className="flex min-h-11 items-center gap-3 text-sm sm:min-h-9">
          <input
            type="checkbox"
            className="size-5 shrink-0 accent-primary"
            {...register("private")}
          />
          <Lock aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
          {t("incomes.form.private")}
        </label>
      ) : null}
    </FormDialogForm>
  );
}

/** "Nova receita" (`income` null) or "Editar receita", in a dialog. */
export function IncomeDialog({
  open,
  income,
  onClose,
}: {
  open: boolean;
  income: Income | null;
  onClose: () => void;
}) {
  const { t } = useTranslation(incomesTexts);
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={t(income ? "incomes.form.editTitle" : "incomes.form.newTitle")}
      description={t("incomes.form.intro")}
    >
      <IncomeForm income={income} onDone={onClose} />
    </FormDialog>
  );
}
