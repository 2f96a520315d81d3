import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import {
  type CreateSettlementInput,
  type Debt,
  SETTLEMENT_NOTE_MAX,
  settlementMethods,
} from "../../../contract/balances";
import type { FamilyPerson } from "../../../contract/family";
import { useCreateSettlement } from "../../api/balances/create-settlement";
import { usePaymentMethods } from "../../api/payment-methods/get-payment-methods";
import { FormDialog, FormDialogForm } from "../../components/form-dialog";
import { FormField } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";
import { NativeSelect } from "../../components/ui/native-select";
import { useLanguage } from "../../i18n/use-language";
import { todayIso } from "../../lib/format";
import { displayNameOf } from "../../lib/member-name";
import { showServerFieldErrors } from "../../lib/server-field-errors";
import { toastError } from "../../lib/toast-error";
import { toast } from "../../lib/use-toast";
import {
  type SettleValues,
  settleAccountsOf,
  settleDefaults,
  settleResolver,
} from "./settle-values";
import { balancesTexts } from "./texts";

const fieldNames = [
  "fromUserId",
  "toUserId",
  "amount",
  "paidOn",
  "fromMethodId",
  "toMethodId",
] as const;

function SettleForm({
  debt,
  members,
  onDone,
}: {
  debt: Debt;
  /** The family's current members: only they can settle (the contract's rule). */
  members: readonly FamilyPerson[];
  onDone: () => void;
}) {
  const { t } = useTranslation(balancesTexts);
  const language = useLanguage();
  const settle = useCreateSettlement();
  const accounts = settleAccountsOf(usePaymentMethods().data ?? []);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<SettleValues, unknown, CreateSettlementInput>({
    resolver: settleResolver(language),
    defaultValues: settleDefaults(debt, todayIso(), language),
  });
  const message = (key?: string) => (key ? t(key) : undefined);
  const save = handleSubmit(async (input) => {
    try {
      await settle.mutateAsync(input);
      toast({ title: t("balances.saved") });
      onDone();
    } catch (error) {
      // Someone who left the family meanwhile: on the field.
      if (showServerFieldErrors(error, setError, fieldNames)) return;
      toastError(error, t("balances.saveError"));
    }
  });
  const person = (name: "fromUserId" | "toUserId") => (
    <FormField label={t(`balances.dialog.${name}`)} error={message(errors[name]?.message)}>
      <NativeSelect {...register(name)}>
        {members.map((member) => (
          <option key={member.userId} value={member.userId}>
            {displayNameOf(member) ?? t("payer.unnamed")}
          </option>
        ))}
      </NativeSelect>
    </FormField>
  );
  // Optional: naming them moves their balances as a transfer does.
  const account = (name: "fromMethodId" | "toMethodId") => (
    <FormField label={t(`balances.dialog.${name}`)} error={message(errors[name]?.message)}>
      <NativeSelect {...register(name)}>
        <option value="">{t("balances.dialog.noAccount")}</option>
        {accounts.map((method) => (
          <option key={method.id} value={method.id}>
            {method.name}
          </option>
        ))}
      </NativeSelect>
    </FormField>
  );
  const pending = isSubmitting || settle.isPending;
  return (
    <FormDialogForm
      onSubmit={save}
      cancelLabel={t("balances.dialog.cancel")}
      submitLabel={t("balances.dialog.submit")}
      pendingLabel={t("balances.dialog.submitting")}
      pending={pending}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        {person("fromUserId")}
        {person("toUserId")}
        <FormField label={t("balances.dialog.amount")} error={message(errors.amount?.message)}>
          <Input inputMode="decimal" autoComplete="off" {...register("amount")} />
        </FormField>
        <FormField label={t("balances.dialog.paidOn")} error={message(errors.paidOn?.message)}>
          <Input type="date" {...register("paidOn")} />
        </FormField>
      </div>
      <FormField label={t("balances.dialog.method")} error={message(errors.method?.message)}>
        <NativeSelect {...register("method")}>
          {settlementMethods.map((method) => (
            <option key={method} value={method}>
              {t(`balances.methods.${method}`)}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      {accounts.length > 0 ? (
        <div className="grid gap-4 sm:grid-cols-2">
          {account("fromMethodId")}
          {account("toMethodId")}
        </div>
      ) : null}
      <FormField label={t("balances.dialog.note")} error={message(errors.note?.message)}>
        <Input autoComplete="off" maxLength={SETTLEMENT_NOTE_MAX} {...register("note")} />
      </FormField>
    </FormDialogForm>
  );
}

/** "Acertar contas": one member paid another back (PIX, cash, a transfer); never spending. */
export function SettleDialog({
  debt,
  members,
  onClose,
}: {
  /** The debt being settled; null when the dialog is closed. */
  debt: Debt | null;
  members: readonly FamilyPerson[];
  onClose: () => void;
}) {
  const { t } = useTranslation(balancesTexts);
  return (
    <FormDialog
      open={debt !== null}
      onClose={onClose}
      title={t("balances.settle")}
      description={t("balances.dialog.description")}
    >
      {debt ? <SettleForm debt={debt} members={members} onDone={onClose} /> : null}
    </FormDialog>
  );
}
