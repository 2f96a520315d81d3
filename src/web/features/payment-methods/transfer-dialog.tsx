import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { PaymentMethod } from "../../../contract/payment-methods";
import { type CreateTransferInput, TRANSFER_NOTE_MAX } from "../../../contract/transfers";
import { useCreateTransfer } from "../../api/transfers/create-transfer";
import { FormDialog, FormDialogForm } from "../../components/form-dialog";
import { FormField } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";
import { NativeSelect } from "../../components/ui/native-select";
import { useLanguage } from "../../i18n/use-language";
import { formatAmountInput } from "../../lib/amount-input";
import { todayIso } from "../../lib/format";
import { showServerFieldErrors } from "../../lib/server-field-errors";
import { toastError } from "../../lib/toast-error";
import { toast } from "../../lib/use-toast";
import { paymentMethodsTexts } from "./texts";
import { type TransferValues, transferDefaults, transferResolver } from "./transfer-values";

const fieldNames = ["fromMethodId", "toMethodId", "amount", "date", "note"] as const;

function TransferForm({
  accounts,
  onDone,
}: {
  accounts: readonly PaymentMethod[];
  onDone: () => void;
}) {
  const { t } = useTranslation(paymentMethodsTexts);
  const language = useLanguage();
  const create = useCreateTransfer();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<TransferValues, unknown, CreateTransferInput>({
    resolver: transferResolver(language),
    defaultValues: transferDefaults(accounts, todayIso()),
  });
  const message = (key?: string) => (key ? t(key) : undefined);
  const save = handleSubmit(async (input) => {
    try {
      await create.mutateAsync(input);
      toast({ title: t("paymentMethods.transfers.saved") });
      onDone();
    } catch (error) {
      // An account archived meanwhile: under its field.
      if (showServerFieldErrors(error, setError, fieldNames)) return;
      toastError(error, t("paymentMethods.toast.saveError"));
    }
  });
  const account = (name: "fromMethodId" | "toMethodId") => (
    <FormField
      label={t(`paymentMethods.transfers.${name === "fromMethodId" ? "from" : "to"}`)}
      error={message(errors[name]?.message)}
    >
      <NativeSelect {...register(name)}>
        {accounts.map((method) => (
          <option key={method.id} value={method.id}>
            {method.name}
          </option>
        ))}
      </NativeSelect>
    </FormField>
  );
  return (
    <FormDialogForm
      onSubmit={save}
      cancelLabel={t("paymentMethods.form.cancel")}
      submitLabel={t("paymentMethods.transfers.submit")}
      pendingLabel={t("paymentMethods.form.saving")}
      pending={isSubmitting || create.isPending}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        {account("fromMethodId")}
        {account("toMethodId")}
        <FormField
          label={t("paymentMethods.transfers.amount")}
          error={message(errors.amount?.message)}
        >
          <Input
            inputMode="decimal"
            autoComplete="off"
            placeholder={formatAmountInput("0.00", language)}
            {...register("amount")}
          />
        </FormField>
        <FormField label={t("paymentMethods.transfers.date")} error={message(errors.date?.message)}>
          <Input type="date" {...register("date")} />
        </FormField>
      </div>
      <FormField label={t("paymentMethods.transfers.note")} error={message(errors.note?.message)}>
        <Input autoComplete="off" maxLength={TRANSFER_NOTE_MAX} {...register("note")} />
      </FormField>
    </FormDialogForm>
  );
}

/** 'Transferir': money moved between two of the family's accounts (docs/product.md#transfers). */
export function TransferDialog({
  open,
  accounts,
  onClose,
}: {
  open: boolean;
  accounts: readonly PaymentMethod[];
  onClose: () => void;
}) {
  const { t } = useTranslation(paymentMethodsTexts);
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={t("paymentMethods.transfers.title")}
      description={t("paymentMethods.transfers.description")}
    >
      {open ? <TransferForm accounts={accounts} onDone={onClose} /> : null}
    </FormDialog>
  );
}
