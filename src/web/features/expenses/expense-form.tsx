import { zodResolver } from "@hookform/resolvers/zod";
import { type FormEvent, useRef } from "react";
import type { FieldErrors, Resolver, UseFormRegister } from "react-hook-form";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import type { Category } from "../../../contract/categories";
import {
  type CreateExpenseInput,
  createExpenseInputSchema,
  DESCRIPTION_MAX,
} from "../../../contract/expenses";
import { useCurrentUser } from "../../api/auth/get-current-user";
import { useCategories } from "../../api/categories/get-categories";
import { useCreateExpense } from "../../api/expenses/create-expense";
import { usePayerChoices } from "../../api/family/payer-choices";
import { usePaymentMethodChoices } from "../../api/payment-methods/payment-method-choices";
import { PayerSelect } from "../../components/payer-select";
import { Button } from "../../components/ui/button";
import { FormField } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";
import { NativeSelect } from "../../components/ui/native-select";
import { useLanguage } from "../../i18n/use-language";
import { formatAmountInput, readingAmounts } from "../../lib/amount-input";
import { ApiRequestError } from "../../lib/api-client";
import { todayIso } from "../../lib/format";
import { newIdempotencyKey } from "../../lib/idempotency-key";
import { showServerFieldErrors } from "../../lib/server-field-errors";
import { toastError } from "../../lib/toast-error";
import { toast } from "../../lib/use-toast";
import { cn } from "../../lib/utils";
import { queueExpense } from "../../offline/browser-queue";
import { isNetworkFailure } from "../../offline/queue";
import { PaymentMethodSelect } from "./payment-method-select";

/** The fields of an expense as the form holds them: every value a string, as typed. */
export type ExpenseFieldValues = {
  description: string;
  amount: string;
  categoryId: string;
  date: string;
  /** Optional as in the contract: left out, the server takes whoever adds it. */
  paidByUserId?: string;
  /** "" for "Não informado" (docs/product.md#payment-methods). */
  paymentMethodId?: string;
};

const createResolver = zodResolver(createExpenseInputSchema);

/**
 * The contract's create schema, with "Não informado" ("" in the select) left out of the request:
 * the expense is then saved without a payment method.
 */
export const expenseCreateResolver: Resolver<ExpenseFieldValues, unknown, CreateExpenseInput> = (
  values,
  context,
  options,
) =>
  createResolver(
    { ...values, paymentMethodId: values.paymentMethodId || undefined },
    context,
    // Only the field names and modes are read from the options; their value types do not matter.
    options as unknown as Parameters<typeof createResolver>[2],
  ) as unknown as ReturnType<Resolver<ExpenseFieldValues, unknown, CreateExpenseInput>>;

/**
 * The fields shared by the "Adicionar Gasto" form and the "Editar Gasto" dialog. Errors are
 * catalogue keys from the contract, translated here.
 */
export function ExpenseFields({
  register,
  errors,
  categories,
  categoryPlaceholder,
  currentPayerId,
  currentPaymentMethodId,
  compact,
}: {
  register: UseFormRegister<ExpenseFieldValues>;
  errors: FieldErrors<ExpenseFieldValues>;
  categories: Category[];
  /** The label of the empty choice: "choose one" when adding, "Sem categoria" when editing. */
  categoryPlaceholder: string;
  /** When editing: the expense's payer now, kept as a choice if they have left the family. */
  currentPayerId?: string | null;
  /** When editing: the expense's method now, kept as a choice if it has been archived. */
  currentPaymentMethodId?: string | null;
  compact: boolean;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const payers = usePayerChoices(currentPayerId);
  const methods = usePaymentMethodChoices(currentPaymentMethodId);
  const message = (key?: string) => (key ? t(key) : undefined);
  return (
    <div className={cn("grid gap-4", !compact && "sm:grid-cols-2 lg:grid-cols-4")}>
      <FormField
        label={t("expenses.form.description")}
        error={message(errors.description?.message)}
      >
        <Input
          autoComplete="off"
          maxLength={DESCRIPTION_MAX}
          placeholder={t("expenses.form.descriptionPlaceholder")}
          {...register("description")}
        />
      </FormField>
      <FormField label={t("expenses.form.amount")} error={message(errors.amount?.message)}>
        <Input
          type="text"
          inputMode="decimal"
          autoComplete="off"
          placeholder={formatAmountInput("0.00", language)}
          {...register("amount")}
        />
      </FormField>
      <FormField label={t("expenses.form.category")} error={message(errors.categoryId?.message)}>
        <NativeSelect {...register("categoryId")}>
          <option value="">{categoryPlaceholder}</option>
          {categories.map((category) => (
            <option key={category.id} value={category.id}>
              {category.name}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <FormField label={t("expenses.form.date")} error={message(errors.date?.message)}>
        <Input type="date" {...register("date")} />
      </FormField>
      <PayerSelect
        choices={payers}
        error={message(errors.paidByUserId?.message)}
        {...register("paidByUserId")}
      />
      <PaymentMethodSelect
        choices={methods}
        error={message(errors.paymentMethodId?.message)}
        {...register("paymentMethodId")}
      />
    </div>
  );
}

/**
 * The "Adicionar Gasto" form, on the Expenses page and in the dashboard's quick-add dialog.
 * `compact` stacks the fields in one column for a dialog.
 */
export function ExpenseForm({
  onSaved,
  compact = false,
}: {
  /** Saved, or kept on the device to be sent when the network returns (docs/product.md#offline-expense-queue). */
  onSaved?: () => void;
  compact?: boolean;
}) {
  const { t } = useTranslation();
  const categories = useCategories();
  const createExpense = useCreateExpense();
  const { user } = useCurrentUser();
  const language = useLanguage();
  const {
    register,
    handleSubmit,
    reset,
    getValues,
    setFocus,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ExpenseFieldValues, unknown, CreateExpenseInput>({
    // "12,50" as well as "12.50" (docs/product.md#typing-amounts).
    resolver: readingAmounts(expenseCreateResolver, ["amount"], language),
    defaultValues: {
      description: "",
      amount: "",
      categoryId: "",
      date: todayIso(),
      // Whoever adds it paid, unless they say otherwise (DESIGN.md decision 15).
      paidByUserId: user?.id ?? "",
      paymentMethodId: "",
    },
  });
  // One key per submission: a request retried after a lost answer returns the first expense.
  const idempotencyKey = useRef<string | null>(null);
  // Two quick clicks both reach the submit handler before React re-renders the disabled button.
  const inFlight = useRef(false);

  const done = (title: string) => {
    idempotencyKey.current = null;
    toast({ title });
    // Category and date usually repeat when several receipts are entered in a row.
    reset({ ...getValues(), description: "", amount: "" });
    if (!compact) setFocus("description");
    onSaved?.();
  };

  /**
   * Offline, or sent without an answer: the expense waits on the device under the same key, so a
   * first send that did reach the server is not saved twice (docs/product.md#offline-expense-queue).
   * Answers false when the device cannot keep it either (no IndexedDB), and the error shows.
   */
  const queue = async (input: CreateExpenseInput, key: string) => {
    if (!user) return false;
    try {
      await queueExpense(user.id, input, key);
    } catch {
      return false;
    }
    done(t("expenses.toast.queued"));
    return true;
  };

  const save = handleSubmit(async (input) => {
    idempotencyKey.current ??= newIdempotencyKey();
    const key = idempotencyKey.current;
    if (!navigator.onLine && (await queue(input, key))) return;
    try {
      await createExpense.mutateAsync({ input, idempotencyKey: key });
      done(t("expenses.toast.added"));
    } catch (error) {
      if (isNetworkFailure(error) && (await queue(input, key))) return;
      // The server answered, so nothing was created: the next attempt is a new submission. A
      // network failure keeps the key: the expense may exist, and a retry must not add a second.
      if (error instanceof ApiRequestError) idempotencyKey.current = null;
      // A method archived meanwhile (validation.paymentMethodArchived) shows under its select.
      if (showServerFieldErrors(error, setError, ["paymentMethodId"])) return;
      toastError(error, t("expenses.toast.addError"));
    }
  });

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    if (inFlight.current) {
      event.preventDefault();
      return;
    }
    inFlight.current = true;
    try {
      await save(event);
    } finally {
      inFlight.current = false;
    }
  };

  const pending = isSubmitting || createExpense.isPending;
  const noCategories = categories.isSuccess && categories.data.length === 0;

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <ExpenseFields
        register={register}
        errors={errors}
        categories={categories.data ?? []}
        categoryPlaceholder={t("expenses.form.categoryPlaceholder")}
        compact={compact}
      />
      <div className={cn("flex flex-col gap-3", !compact && "sm:flex-row sm:items-center")}>
        {noCategories ? (
          <p className="text-muted-foreground text-sm">
            {t("expenses.form.noCategories")}{" "}
            <Link href="/categories" className="font-medium text-primary underline">
              {t("expenses.form.createCategory")}
            </Link>
          </p>
        ) : null}
        <Button type="submit" disabled={pending} className={cn(compact ? "w-full" : "sm:ml-auto")}>
          {pending ? t("expenses.form.submitting") : t("expenses.form.submit")}
        </Button>
      </div>
    </form>
  );
}
