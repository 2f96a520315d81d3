import { zodResolver } from "@hookform/resolvers/zod";
import { type ComponentProps, type FormEvent, useEffect, useRef } from "react";
import type {
  FieldError,
  FieldErrors,
  Resolver,
  ResolverResult,
  UseFormRegister,
} from "react-hook-form";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import type { Category } from "../../../contract/categories";
import {
  type CreateExpenseInput,
  createExpenseInputSchema,
  DESCRIPTION_MAX,
} from "../../../contract/expenses";
import {
  type CreateInstallmentsInput,
  createInstallmentsInputSchema,
} from "../../../contract/installments";
import type { Language } from "../../../contract/languages";
import { useCurrentUser } from "../../api/auth/get-current-user";
import { useCategories } from "../../api/categories/get-categories";
import { useCategorySuggestion } from "../../api/category-rules/get-category-suggestion";
import { useCreateExpense } from "../../api/expenses/create-expense";
import { useFamilyPeople } from "../../api/family/get-family-people";
import { usePayerChoices } from "../../api/family/payer-choices";
import { useCreateInstallments } from "../../api/installments/create-installments";
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
import type { ExpenseFieldValues } from "./expense-field-values";
import { ForWhomField, type ForWhomForm } from "./for-whom-field";
import { InstallmentFields } from "./installment-fields";
import {
  type ExpenseFormValues,
  installmentsFieldOf,
  installmentsRequest,
  splitPreview,
} from "./installments";
import { PaymentMethodSelect } from "./payment-method-select";
import { PrivateField } from "./private-field";
import { FAMILY_DRAFT, splitOfDraft } from "./split-draft";
import { expensesTexts } from "./texts";
import { useDebouncedValue } from "./use-debounced-value";

/** How long the description rests before its category is asked for: once per word, not per key. */
const SUGGESTION_DELAY_MS = 400;

const createResolver = zodResolver(createExpenseInputSchema);

/**
 * The contract's create schema, with "Não informado" ("" in the select) left out of the request:
 * the expense is then saved without a payment method; and so is the family's split, the default,
 * so a family of one sends what it always sent. Shares are read in the person's language. A
 * private expense sends `private: true` and neither payer nor split: the server makes it its
 * author's, paid by them (docs/product.md#private-expenses); one not private sends nothing of it.
 */
export const expenseCreateResolver =
  (language: Language): Resolver<ExpenseFieldValues, unknown, CreateExpenseInput> =>
  (values, context, options) =>
    createResolver(
      {
        ...values,
        paymentMethodId: values.paymentMethodId || undefined,
        ...(values.private
          ? { private: true, paidByUserId: undefined, split: undefined }
          : {
              private: undefined,
              split:
                values.split && values.split.choice !== "family"
                  ? splitOfDraft(values.split, language)
                  : undefined,
            }),
      },
      context,
      // Only the field names and modes are read from the options; their value types do not matter.
      options as unknown as Parameters<typeof createResolver>[2],
    ) as unknown as ReturnType<Resolver<ExpenseFieldValues, unknown, CreateExpenseInput>>;

/** What the add form saves: one expense, or a purchase in installments (docs/product.md#installments). */
export type ExpenseFormOutput =
  | { kind: "expense"; input: CreateExpenseInput }
  | { kind: "installments"; input: CreateInstallmentsInput };

/**
 * The add form's resolver: without "Parcelado" the expense's (its amount read in the person's
 * language); with it, POST /api/installments's contract on the same fields, the amount as the
 * total and the date as the first installment's, each error under the field that shows it.
 */
export function expenseFormResolver(
  language: Language,
): Resolver<ExpenseFormValues, unknown, ExpenseFormOutput> {
  const expenseResolver = readingAmounts(expenseCreateResolver(language), ["amount"], language);
  return async (
    values,
    context,
    options,
  ): Promise<ResolverResult<ExpenseFormValues, ExpenseFormOutput>> => {
    if (!values.installments) {
      const { installments: _on, count: _count, firstAmount: _first, ...expense } = values;
      const result = await expenseResolver(
        expense,
        context,
        options as unknown as Parameters<typeof expenseResolver>[2],
      );
      if (Object.keys(result.errors).length > 0) {
        return { values: {}, errors: result.errors as FieldErrors<ExpenseFormValues> };
      }
      return {
        values: { kind: "expense", input: result.values as CreateExpenseInput },
        errors: {},
      };
    }
    const parsed = createInstallmentsInputSchema.safeParse(installmentsRequest(values, language));
    if (parsed.success) return { values: { kind: "installments", input: parsed.data }, errors: {} };
    const errors: Record<string, FieldError> = {};
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0] ?? "");
      const field = installmentsFieldOf[key] ?? key;
      errors[field] ??= { type: issue.code, message: issue.message };
    }
    return { values: {}, errors: errors as FieldErrors<ExpenseFormValues> };
  };
}

/**
 * The fields shared by the "Adicionar Gasto" form and the "Editar Gasto" dialog. Errors are
 * catalogue keys from the contract, translated here.
 */
export function ExpenseFields({
  register,
  forWhom,
  forWhomInstallments,
  privacy,
  errors,
  categories,
  categoryPlaceholder,
  currentPayerId,
  currentPaymentMethodId,
  compact,
  installments = false,
  dateDisabled = false,
  dateHint,
}: {
  register: UseFormRegister<ExpenseFieldValues>;
  /** Given, "Para quem" shows. */
  forWhom?: ForWhomForm;
  /** "Para quem" for installments: percentages only (docs/product.md#for-whom). */
  forWhomInstallments?: ComponentProps<typeof ForWhomField>["installments"];
  /**
   * Given, "Privado" is offered in a family of two or more (docs/product.md#private-expenses);
   * `on`, the form's value: "Pago por" and "Para quem" hide, the author pays and it is theirs.
   */
  privacy?: {
    on: boolean;
    /** Private or shared as a whole (an installment of a private purchase): no box to change it. */
    locked?: boolean;
  };
  errors: FieldErrors<ExpenseFieldValues>;
  categories: Category[];
  /** The label of the empty choice: "choose one" when adding, "Sem categoria" when editing. */
  categoryPlaceholder: string;
  /** When editing: the expense's payer now, kept as a choice if they have left the family. */
  currentPayerId?: string | null;
  /** When editing: the expense's method now, kept as a choice if it has been archived. */
  currentPaymentMethodId?: string | null;
  compact: boolean;
  /** "Parcelado" on: the amount is the total, the date the first installment's. */
  installments?: boolean;
  /** Editing an installment for more than itself: each keeps its own date. */
  dateDisabled?: boolean;
  dateHint?: string;
}) {
  const { t } = useTranslation(expensesTexts);
  const language = useLanguage();
  const payers = usePayerChoices(currentPayerId);
  const methods = usePaymentMethodChoices(currentPaymentMethodId);
  const people = useFamilyPeople();
  const message = (key?: string) => (key ? t(key) : undefined);
  // Alone in a family there is nobody to keep it from; one already private can be made shared.
  const offerPrivate =
    privacy !== undefined &&
    !privacy.locked &&
    ((people.data ?? []).filter((person) => person.isMember).length > 1 || privacy.on);
  const isPrivate = privacy?.on === true;
  return (
    // items-start: a field with a hint under it ("Para quem"'s preview) leaves its row's others as they are.
    <div className={cn("grid items-start gap-4", !compact && "sm:grid-cols-2 lg:grid-cols-4")}>
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
      <FormField
        label={installments ? t("expenses.form.total") : t("expenses.form.amount")}
        error={message(errors.amount?.message)}
      >
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
      <FormField
        label={installments ? t("expenses.form.firstDate") : t("expenses.form.date")}
        hint={dateHint}
        error={message(errors.date?.message)}
      >
        <Input type="date" readOnly={dateDisabled} {...register("date")} />
      </FormField>
      {offerPrivate ? (
        <PrivateField register={register} on={isPrivate} error={message(errors.private?.message)} />
      ) : null}
      {isPrivate ? null : (
        <PayerSelect
          choices={payers}
          error={message(errors.paidByUserId?.message)}
          {...register("paidByUserId")}
        />
      )}
      <PaymentMethodSelect
        choices={methods}
        error={message(errors.paymentMethodId?.message)}
        {...register("paymentMethodId")}
      />
      {forWhom && !isPrivate ? (
        <ForWhomField form={forWhom} installments={forWhomInstallments} />
      ) : null}
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
  const { t } = useTranslation(expensesTexts);
  const categories = useCategories();
  const createExpense = useCreateExpense();
  const createInstallments = useCreateInstallments();
  const { user } = useCurrentUser();
  const language = useLanguage();
  const form = useForm<ExpenseFormValues, unknown, ExpenseFormOutput>({
    // "12,50" as well as "12.50" (docs/product.md#typing-amounts).
    resolver: expenseFormResolver(language),
    defaultValues: {
      description: "",
      amount: "",
      categoryId: "",
      date: todayIso(),
      // Whoever adds it paid, unless they say otherwise (DESIGN.md decision 15).
      paidByUserId: user?.id ?? "",
      paymentMethodId: "",
      installments: false,
      count: "",
      firstAmount: "",
      split: FAMILY_DRAFT,
      private: false,
    },
  });
  const {
    register,
    handleSubmit,
    reset,
    getValues,
    setFocus,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = form;
  const [installments, amount, date, count, firstAmount, isPrivate] = watch([
    "installments",
    "amount",
    "date",
    "count",
    "firstAmount",
    "private",
  ]);
  // While a description is typed, the category the family's rules, else its history, give its
  // payee (docs/product.md#category-rules), until the person picks one themselves.
  const description = useDebouncedValue(watch("description").trim(), SUGGESTION_DELAY_MS);
  const suggested = useCategorySuggestion(description).data?.categoryId;
  useEffect(() => {
    const category = categories.data?.find((c) => c.id === suggested);
    if (category?.isActive && !form.getFieldState("categoryId").isDirty) {
      form.setValue("categoryId", category.id);
    }
  }, [suggested, categories.data, form]);
  // "Para quem" previews one installment's shares (docs/product.md#for-whom).
  const perInstallment = installments
    ? splitPreview({ amount, date, count, firstAmount }, language)
    : null;
  // One key per submission: a request retried after a lost answer returns the first expense.
  const idempotencyKey = useRef<string | null>(null);
  // Two quick clicks both reach the submit handler before React re-renders the disabled button.
  const inFlight = useRef(false);

  const done = (title: string) => {
    idempotencyKey.current = null;
    toast({ title });
    // Category and date usually repeat when several receipts are entered in a row; a purchase in
    // installments rarely does.
    reset({
      ...getValues(),
      description: "",
      amount: "",
      installments: false,
      count: "",
      firstAmount: "",
      // The family's split is what most receipts in a row are; a custom one fits one amount.
      split: FAMILY_DRAFT,
      // Shared is the default (docs/product.md#private-expenses): each private one is chosen.
      private: false,
    });
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

  /**
   * A purchase in installments is sent at once or not at all: the offline queue keeps single
   * expenses (docs/product.md#offline-expense-queue), so offline the form says it needs a
   * connection and keeps what was typed.
   */
  const saveInstallments = async (input: CreateInstallmentsInput) => {
    if (!navigator.onLine) {
      toast({ variant: "destructive", title: t("expenses.installments.offline") });
      return;
    }
    idempotencyKey.current ??= newIdempotencyKey();
    try {
      const series = await createInstallments.mutateAsync({
        input,
        idempotencyKey: idempotencyKey.current,
      });
      done(t("expenses.installments.added", { count: series.installments.length }));
    } catch (error) {
      // The server answered, so nothing was made: the next attempt is a new submission. No
      // answer keeps the key: sent again, the purchase the first made comes back, never a second.
      if (error instanceof ApiRequestError) idempotencyKey.current = null;
      if (isNetworkFailure(error)) {
        toast({ variant: "destructive", title: t("expenses.installments.noAnswer") });
        return;
      }
      // A member who left meanwhile (validation.shareNotMember) shows under "Para quem".
      if (
        showServerFieldErrors(error, setError, ["paymentMethodId", "count", "firstAmount", "split"])
      ) {
        return;
      }
      toastError(error, t("expenses.toast.addError"));
    }
  };

  const save = handleSubmit(async (output) => {
    if (output.kind === "installments") {
      await saveInstallments(output.input);
      return;
    }
    const { input } = output;
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
      // A method archived meanwhile (validation.paymentMethodArchived) shows under its select, a
      // member who left meanwhile (validation.shareNotMember) under "Para quem", a refused
      // "Privado" under its switch.
      if (showServerFieldErrors(error, setError, ["paymentMethodId", "split", "private"])) return;
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

  const pending = isSubmitting || createExpense.isPending || createInstallments.isPending;
  const noCategories = categories.isSuccess && categories.data.length === 0;

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <ExpenseFields
        // It registers only an expense's own fields, which the add form has as well.
        register={register as unknown as UseFormRegister<ExpenseFieldValues>}
        forWhom={form as unknown as ForWhomForm}
        forWhomInstallments={
          installments
            ? {
                perInstallment: {
                  cents: perInstallment?.parts[0]?.cents ?? null,
                  each: perInstallment?.parts.length === 1,
                },
              }
            : undefined
        }
        // "Privado" with "Parcelado": the whole purchase is private (docs/product.md#private-expenses).
        privacy={{ on: isPrivate === true }}
        errors={errors}
        categories={categories.data ?? []}
        categoryPlaceholder={t("expenses.form.categoryPlaceholder")}
        compact={compact}
        installments={installments}
      />
      <InstallmentFields
        register={register}
        errors={errors}
        values={{ installments, amount, date, count, firstAmount }}
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
