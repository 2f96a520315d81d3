import { zodResolver } from "@hookform/resolvers/zod";
import { Lock } from "lucide-react";
import { useId } from "react";
import { type Resolver, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import {
  type CreatePaymentMethodInput,
  createPaymentMethodInputSchema,
  PAYMENT_METHOD_NAME_MAX,
  type PaymentMethod,
  paymentMethodKinds,
} from "../../../contract/payment-methods";
import { useCurrentUser } from "../../api/auth/get-current-user";
import { usePayerChoices } from "../../api/family/payer-choices";
import { useCreatePaymentMethod } from "../../api/payment-methods/create-payment-method";
import { useUpdatePaymentMethod } from "../../api/payment-methods/update-payment-method";
import { FormDialog, FormDialogForm } from "../../components/form-dialog";
import { PayerSelect } from "../../components/payer-select";
import { FormField } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";
import { NativeSelect } from "../../components/ui/native-select";
import { useLanguage } from "../../i18n/use-language";
import { formatAmountInput, readingAmounts } from "../../lib/amount-input";
import { showServerFieldErrors } from "../../lib/server-field-errors";
import { toastError } from "../../lib/toast-error";
import { toast } from "../../lib/use-toast";
import { isCard, type MethodValues, methodChanges, methodInputOf } from "./method-form-values";
import { paymentMethodsTexts } from "./texts";

const fieldNames = [
  "kind",
  "name",
  "ownerUserId",
  "closingDay",
  "dueDay",
  "creditLimit",
  "openingBalance",
  "openingDate",
  "isPrivate",
] as const;

const contractResolver = zodResolver(createPaymentMethodInputSchema);
// The contract's own rules (the same the server runs) on the request the values make.
const resolver: Resolver<MethodValues, unknown, CreatePaymentMethodInput> = (
  values,
  context,
  options,
) =>
  contractResolver(
    methodInputOf(values),
    context,
    options as unknown as Parameters<typeof contractResolver>[2],
  ) as unknown as ReturnType<Resolver<MethodValues, unknown, CreatePaymentMethodInput>>;

function MethodForm({ method, onDone }: { method: PaymentMethod | null; onDone: () => void }) {
  const { t } = useTranslation(paymentMethodsTexts);
  const language = useLanguage();
  const { user } = useCurrentUser();
  // The owner is one of the current members; one who left stays shown while editing.
  const owners = usePayerChoices(method ? method.ownerUserId : undefined);
  const create = useCreatePaymentMethod();
  const update = useUpdatePaymentMethod();
  const {
    register,
    handleSubmit,
    watch,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<MethodValues, unknown, CreatePaymentMethodInput>({
    // The limit shows and is read with the person's decimal sign (docs/product.md#typing-amounts).
    resolver: readingAmounts(resolver, ["creditLimit", "openingBalance"], language),
    defaultValues: {
      kind: method?.kind ?? "credit_card",
      name: method?.name ?? "",
      ownerUserId: method ? (method.ownerUserId ?? "") : (user?.id ?? ""),
      closingDay: method?.closingDay?.toString() ?? "",
      dueDay: method?.dueDay?.toString() ?? "",
      creditLimit: method?.creditLimit ? formatAmountInput(method.creditLimit, language) : "",
      openingBalance: method?.openingBalance
        ? formatAmountInput(method.openingBalance, language)
        : "",
      openingDate: method?.openingDate ?? "",
      isPrivate: method?.isPrivate ?? false,
    },
  });
  const card = isCard(watch("kind"));
  // 'Só meu' is the holder's to say (docs/product.md#private-accounts): offered while the
  // holder chosen is the person, and on an account.
  const mayKeepPrivate = !card && user !== undefined && watch("ownerUserId") === user?.id;
  const privateHintId = useId();
  const message = (key?: string) => (key ? t(key) : undefined);

  const save = handleSubmit(async (checked) => {
    // A box no longer shown (another holder chosen, or a card) says nothing: the account is shared.
    const { isPrivate: _hidden, ...shared } = checked;
    const input = mayKeepPrivate ? checked : shared;
    try {
      if (method) {
        const changes = methodChanges(method, input);
        if (Object.keys(changes).length > 0) {
          await update.mutateAsync({ id: method.id, input: changes });
          toast({ title: t("paymentMethods.toast.updated") });
        }
      } else {
        await create.mutateAsync(input);
        toast({ title: t("paymentMethods.toast.created") });
      }
      onDone();
    } catch (error) {
      // A name the family already has, an owner who left: under their fields.
      if (showServerFieldErrors(error, setError, fieldNames)) return;
      toastError(error, t("paymentMethods.toast.saveError"));
    }
  });

  const pending = isSubmitting || create.isPending || update.isPending;
  const dayProps = { inputMode: "numeric", autoComplete: "off", maxLength: 2 } as const;
  return (
    <FormDialogForm
      onSubmit={save}
      cancelLabel={t("paymentMethods.form.cancel")}
      submitLabel={t("paymentMethods.form.save")}
      pendingLabel={t("paymentMethods.form.saving")}
      pending={pending}
    >
      <FormField label={t("paymentMethods.form.kind")} error={message(errors.kind?.message)}>
        {/* The kind never changes (a card's bills would lose their card): fixed when editing. */}
        <NativeSelect {...(method ? { disabled: true, value: method.kind } : register("kind"))}>
          {paymentMethodKinds.map((kind) => (
            <option key={kind} value={kind}>
              {t(`paymentMethods.kinds.${kind}`)}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <FormField label={t("paymentMethods.form.name")} error={message(errors.name?.message)}>
        <Input
          autoComplete="off"
          maxLength={PAYMENT_METHOD_NAME_MAX}
          placeholder={t(
            card ? "paymentMethods.form.cardPlaceholder" : "paymentMethods.form.namePlaceholder",
          )}
          {...register("name")}
        />
      </FormField>
      <PayerSelect
        label={t("paymentMethods.owner")}
        choices={owners}
        error={message(errors.ownerUserId?.message)}
        {...register("ownerUserId")}
      />
      {card ? (
        <>
          <div className="grid grid-cols-2 gap-4">
            <FormField
              label={t("paymentMethods.form.closingDay")}
              error={message(errors.closingDay?.message)}
            >
              <Input {...dayProps} {...register("closingDay")} />
            </FormField>
            <FormField
              label={t("paymentMethods.form.dueDay")}
              error={message(errors.dueDay?.message)}
            >
              <Input {...dayProps} {...register("dueDay")} />
            </FormField>
          </div>
          <FormField
            label={t("paymentMethods.form.limit")}
            hint={t("paymentMethods.form.limitHint")}
            error={message(errors.creditLimit?.message)}
          >
            <Input
              inputMode="decimal"
              autoComplete="off"
              placeholder={formatAmountInput("0.00", language)}
              {...register("creditLimit")}
            />
          </FormField>
        </>
      ) : (
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField
            label={t("paymentMethods.form.openingBalance")}
            hint={t("paymentMethods.form.openingBalanceHint")}
            error={message(errors.openingBalance?.message)}
          >
            <Input
              inputMode="text"
              autoComplete="off"
              placeholder={formatAmountInput("0.00", language)}
              {...register("openingBalance")}
            />
          </FormField>
          <FormField
            label={t("paymentMethods.form.openingDate")}
            error={message(errors.openingDate?.message)}
          >
            <Input type="date" {...register("openingDate")} />
          </FormField>
        </div>
      )}
      {mayKeepPrivate ? (
        <div className="grid gap-1">
          {/* The whole row is the label: a 44 px target on a phone. */}
          <label className="flex min-h-11 items-center gap-3 font-medium text-sm sm:min-h-9">
            <input
              type="checkbox"
              aria-describedby={privateHintId}
              className="size-5 shrink-0 accent-primary"
              {...register("isPrivate")}
            />
            <Lock aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
            {t("paymentMethods.form.private")}
          </label>
          {/* The server's refusal, when there is one, in place of the hint. */}
          <p
            id={privateHintId}
            role={errors.isPrivate ? "alert" : undefined}
            className={
              errors.isPrivate ? "text-destructive text-sm" : "text-muted-foreground text-xs"
            }
          >
            {message(errors.isPrivate?.message) ?? t("paymentMethods.form.privateHint")}
          </p>
        </div>
      ) : null}
    </FormDialogForm>
  );
}

/** "Nova conta ou cartão" when `method` is null, else "Editar" for it. */
export function PaymentMethodDialog({
  open,
  method,
  onClose,
}: {
  open: boolean;
  method: PaymentMethod | null;
  onClose: () => void;
}) {
  const { t } = useTranslation(paymentMethodsTexts);
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={method ? t("paymentMethods.form.editTitle") : t("paymentMethods.form.createTitle")}
      description={t("paymentMethods.form.description")}
    >
      <MethodForm key={method?.id ?? "new"} method={method} onDone={onClose} />
    </FormDialog>
  );
}
