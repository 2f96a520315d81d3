import { zodResolver } from "@hookform/resolvers/zod";
import { type Resolver, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { DESCRIPTION_MAX } from "../../../contract/expenses";
import { type IncomeKind, incomeKinds } from "../../../contract/incomes";
import type { Language } from "../../../contract/languages";
import {
  BUSINESS_DAY_RULE_MAX,
  createRecurringRuleInputSchema,
  type Frequency,
  frequencies,
  type RecurringEntry,
  type RecurringRule,
  recurringEntries,
} from "../../../contract/recurring";
import { useCurrentUser } from "../../api/auth/get-current-user";
import { useCategories } from "../../api/categories/get-categories";
import { usePayerChoices } from "../../api/family/payer-choices";
import { useCreateRecurringRule } from "../../api/recurring/create-recurring-rule";
import { useUpdateRecurringRule } from "../../api/recurring/update-recurring-rule";
import { FormDialog, FormDialogForm } from "../../components/form-dialog";
import { PayerSelect } from "../../components/payer-select";
import { FormField } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";
import { NativeSelect } from "../../components/ui/native-select";
import { useLanguage } from "../../i18n/use-language";
import { formatAmountInput, readingAmounts } from "../../lib/amount-input";
import { monthName, todayIso } from "../../lib/format";
import { showServerFieldErrors } from "../../lib/server-field-errors";
import { toastError } from "../../lib/toast-error";
import { toast } from "../../lib/use-toast";
import { ordinalOf, weekdayName } from "./schedule-text";
import { recurringTexts } from "./texts";

/**
 * The form's values, every one a string as the controls hold it. `dayKind`: a monthly rule falls
 * on a day of the month or on the nth business day.
 */
export type RuleValues = {
  entry: RecurringEntry;
  description: string;
  amount: string;
  categoryId: string;
  incomeKind: IncomeKind | "";
  paidByUserId: string;
  frequency: Frequency;
  dayKind: "dayOfMonth" | "businessDay";
  dayOfWeek: string;
  dayOfMonth: string;
  businessDay: string;
  monthOfYear: string;
  startDate: string;
  endDate: string;
};

type RuleOutput = z.output<typeof createRecurringRuleInputSchema>;

const fieldNames = [
  "entry",
  "description",
  "amount",
  "categoryId",
  "incomeKind",
  "paidByUserId",
  "frequency",
  "dayOfWeek",
  "dayOfMonth",
  "businessDay",
  "monthOfYear",
  "startDate",
  "endDate",
] as const;

/**
 * The request the values make: only the day fields of the chosen frequency (a monthly rule's day
 * of the month or business day), no end as null; an expense's category or an income's kind.
 */
export function ruleInputOf(values: RuleValues) {
  const { frequency, entry } = values;
  const onBusinessDay = frequency === "monthly" && values.dayKind === "businessDay";
  return {
    entry,
    description: values.description,
    amount: values.amount,
    ...(entry === "income"
      ? { incomeKind: values.incomeKind === "" ? null : values.incomeKind }
      : { categoryId: values.categoryId }),
    ...(values.paidByUserId ? { paidByUserId: values.paidByUserId } : {}),
    frequency,
    dayOfWeek: frequency === "weekly" ? Number(values.dayOfWeek) : null,
    dayOfMonth: frequency === "weekly" || onBusinessDay ? null : Number(values.dayOfMonth),
    businessDay: onBusinessDay ? Number(values.businessDay) : null,
    monthOfYear: frequency === "yearly" ? Number(values.monthOfYear) : null,
    startDate: values.startDate,
    endDate: values.endDate === "" ? null : values.endDate,
  };
}

const contractResolver = zodResolver(createRecurringRuleInputSchema);
// The contract's own rules (the same the server runs) on the request the values make.
const resolver: Resolver<RuleValues, unknown, RuleOutput> = (values, context, options) =>
  contractResolver(
    ruleInputOf(values),
    context,
    options as unknown as Parameters<typeof contractResolver>[2],
  ) as unknown as ReturnType<Resolver<RuleValues, unknown, RuleOutput>>;

function valuesOf(rule: RecurringRule | null, userId: string, language: Language): RuleValues {
  const today = todayIso();
  const now = new Date();
  if (!rule) {
    return {
      entry: "expense",
      description: "",
      amount: "",
      categoryId: "",
      incomeKind: "",
      paidByUserId: userId,
      frequency: "monthly",
      dayKind: "dayOfMonth",
      dayOfWeek: String(((now.getDay() + 6) % 7) + 1),
      dayOfMonth: String(now.getDate()),
      businessDay: "5",
      monthOfYear: String(now.getMonth() + 1),
      startDate: today,
      endDate: "",
    };
  }
  return {
    entry: rule.entry,
    description: rule.description,
    amount: formatAmountInput(rule.amount, language),
    categoryId: rule.categoryId ?? "",
    incomeKind: rule.incomeKind ?? "",
    paidByUserId: rule.paidByUserId ?? "",
    frequency: rule.frequency,
    dayKind: rule.businessDay !== null ? "businessDay" : "dayOfMonth",
    dayOfWeek: String(rule.dayOfWeek ?? 1),
    dayOfMonth: String(rule.dayOfMonth ?? 1),
    businessDay: String(rule.businessDay ?? 5),
    monthOfYear: String(rule.monthOfYear ?? 1),
    startDate: rule.startDate,
    endDate: rule.endDate ?? "",
  };
}

const range = (count: number) => Array.from({ length: count }, (_, i) => i + 1);

function RuleForm({ rule, onDone }: { rule: RecurringRule | null; onDone: () => void }) {
  const { t } = useTranslation(recurringTexts);
  const language = useLanguage();
  const { user } = useCurrentUser();
  const categories = useCategories();
  const payers = usePayerChoices(rule ? rule.paidByUserId : undefined);
  const createRule = useCreateRecurringRule();
  const updateRule = useUpdateRecurringRule();
  const {
    register,
    handleSubmit,
    watch,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<RuleValues, unknown, RuleOutput>({
    // The amount shows and is read with the person's decimal sign (docs/product.md#typing-amounts).
    resolver: readingAmounts(resolver, ["amount"], language),
    defaultValues: valuesOf(rule, user?.id ?? "", language),
  });
  const frequency = watch("frequency");
  const entry = watch("entry");
  const dayKind = watch("dayKind");
  const income = entry === "income";
  const message = (key?: string) => (key ? t(key) : undefined);

  const save = handleSubmit(async (input) => {
    try {
      if (rule) {
        // What a rule records is chosen once (contract/recurring.ts).
        const { entry: _chosen, categoryId, ...changes } = input;
        await updateRule.mutateAsync({
          id: rule.id,
          input: { ...changes, ...(categoryId ? { categoryId } : {}) },
        });
      } else await createRule.mutateAsync(input);
      const toastKey = rule ? "updated" : "created";
      toast({
        title: t(income ? `recurring.toast.${toastKey}Income` : `recurring.toast.${toastKey}`),
      });
      onDone();
    } catch (error) {
      if (showServerFieldErrors(error, setError, fieldNames)) return;
      toastError(error, t("recurring.toast.saveError"));
    }
  });

  const pending = isSubmitting || createRule.isPending || updateRule.isPending;
  return (
    <FormDialogForm
      onSubmit={save}
      cancelLabel={t("recurring.form.cancel")}
      submitLabel={t("recurring.form.save")}
      pendingLabel={t("recurring.form.saving")}
      pending={pending}
    >
      {rule ? null : (
        <FormField label={t("recurring.form.entry")} error={message(errors.entry?.message)}>
          <NativeSelect {...register("entry")}>
            {recurringEntries.map((value) => (
              <option key={value} value={value}>
                {t(`recurring.entry.${value}`)}
              </option>
            ))}
          </NativeSelect>
        </FormField>
      )}
      <FormField
        label={t("recurring.form.description")}
        error={message(errors.description?.message)}
      >
        <Input
          autoComplete="off"
          maxLength={DESCRIPTION_MAX}
          placeholder={t(
            income
              ? "recurring.form.descriptionPlaceholderIncome"
              : "recurring.form.descriptionPlaceholder",
          )}
          {...register("description")}
        />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t("recurring.form.amount")} error={message(errors.amount?.message)}>
          <Input
            type="text"
            inputMode="decimal"
            autoComplete="off"
            placeholder={formatAmountInput("0.00", language)}
            {...register("amount")}
          />
        </FormField>
        {income ? (
          <FormField
            label={t("recurring.form.incomeKind")}
            error={message(errors.incomeKind?.message)}
          >
            <NativeSelect {...register("incomeKind")}>
              <option value="">{t("recurring.form.incomeKindPlaceholder")}</option>
              {incomeKinds.map((kind) => (
                <option key={kind} value={kind}>
                  {t(`recurring.incomeKind.${kind}`)}
                </option>
              ))}
            </NativeSelect>
          </FormField>
        ) : (
          <FormField
            label={t("recurring.form.category")}
            error={message(errors.categoryId?.message)}
          >
            <NativeSelect {...register("categoryId")}>
              <option value="">{t("recurring.form.categoryPlaceholder")}</option>
              {(categories.data ?? []).map((category) => (
                <option key={category.id} value={category.id}>
                  {category.name}
                </option>
              ))}
            </NativeSelect>
          </FormField>
        )}
      </div>
      <PayerSelect
        choices={payers}
        label={income ? t("recurring.form.receivedBy") : undefined}
        error={message(errors.paidByUserId?.message)}
        {...register("paidByUserId")}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t("recurring.form.frequency")} error={message(errors.frequency?.message)}>
          <NativeSelect {...register("frequency")}>
            {frequencies.map((value) => (
              <option key={value} value={value}>
                {t(`recurring.form.${value}`)}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        {frequency === "weekly" ? (
          <FormField
            label={t("recurring.form.dayOfWeek")}
            error={message(errors.dayOfWeek?.message)}
          >
            <NativeSelect {...register("dayOfWeek")}>
              {range(7).map((day) => (
                <option key={day} value={day}>
                  {weekdayName(day, language)}
                </option>
              ))}
            </NativeSelect>
          </FormField>
        ) : null}
        {frequency === "yearly" ? (
          <FormField label={t("recurring.form.month")} error={message(errors.monthOfYear?.message)}>
            <NativeSelect {...register("monthOfYear")}>
              {range(12).map((month) => (
                <option key={month} value={month}>
                  {monthName(month, language)}
                </option>
              ))}
            </NativeSelect>
          </FormField>
        ) : null}
        {frequency === "monthly" ? (
          <FormField label={t("recurring.form.dayKind")}>
            <NativeSelect {...register("dayKind")}>
              <option value="dayOfMonth">{t("recurring.form.dayKindDayOfMonth")}</option>
              <option value="businessDay">{t("recurring.form.dayKindBusinessDay")}</option>
            </NativeSelect>
          </FormField>
        ) : null}
        {frequency === "monthly" && dayKind === "businessDay" ? (
          <FormField
            label={t("recurring.form.businessDay")}
            hint={t("recurring.form.businessDayHint")}
            error={message(errors.businessDay?.message)}
          >
            <NativeSelect {...register("businessDay")}>
              {range(BUSINESS_DAY_RULE_MAX).map((day) => (
                <option key={day} value={day}>
                  {t("recurring.form.businessDayOption", { nth: ordinalOf(day, t) })}
                </option>
              ))}
            </NativeSelect>
          </FormField>
        ) : frequency !== "weekly" ? (
          <FormField
            label={t("recurring.form.dayOfMonth")}
            hint={t("recurring.form.dayOfMonthHint")}
            error={message(errors.dayOfMonth?.message)}
          >
            <NativeSelect {...register("dayOfMonth")}>
              {range(31).map((day) => (
                <option key={day} value={day}>
                  {day}
                </option>
              ))}
            </NativeSelect>
          </FormField>
        ) : null}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t("recurring.form.startDate")} error={message(errors.startDate?.message)}>
          <Input type="date" {...register("startDate")} />
        </FormField>
        <FormField label={t("recurring.form.endDate")} error={message(errors.endDate?.message)}>
          <Input type="date" {...register("endDate")} />
        </FormField>
      </div>
    </FormDialogForm>
  );
}

/**
 * "Novo lançamento recorrente" (rule null), "Editar gasto recorrente" or "Editar receita
 * recorrente", while `open`.
 */
export function RuleDialog({
  open,
  rule,
  onClose,
}: {
  open: boolean;
  rule: RecurringRule | null;
  onClose: () => void;
}) {
  const { t } = useTranslation(recurringTexts);
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      className="max-h-dvh overflow-y-auto"
      title={t(
        rule
          ? rule.entry === "income"
            ? "recurring.form.editTitleIncome"
            : "recurring.form.editTitle"
          : "recurring.form.newTitle",
      )}
      description={t("recurring.form.intro")}
    >
      <RuleForm key={rule?.id ?? "new"} rule={rule} onDone={onClose} />
    </FormDialog>
  );
}
