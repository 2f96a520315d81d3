import { zodResolver } from "@hookform/resolvers/zod";
import { Lock } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { type Resolver, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import {
  type CategoryRule,
  type CategoryRuleTest,
  categoryRuleInputSchema,
  RULE_PATTERN_MAX,
  ruleMatchKinds,
} from "../../../contract/category-rules";
import { useCategories } from "../../api/categories/get-categories";
import { useApplyCategoryRule } from "../../api/category-rules/apply-category-rule";
import { useCreateCategoryRule } from "../../api/category-rules/create-category-rule";
import { useTestCategoryRule } from "../../api/category-rules/test-category-rule";
import { useUpdateCategoryRule } from "../../api/category-rules/update-category-rule";
import { usePayerChoices } from "../../api/family/payer-choices";
import { usePaymentMethodChoices } from "../../api/payment-methods/payment-method-choices";
import { FormDialog, FormDialogForm } from "../../components/form-dialog";
import { PayerSelect } from "../../components/payer-select";
import { Button } from "../../components/ui/button";
import {
  DialogClose,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../components/ui/dialog";
import { FormField } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";
import { NativeSelect } from "../../components/ui/native-select";
import { useLanguage } from "../../i18n/use-language";
import { formatAmountInput, readingAmounts } from "../../lib/amount-input";
import { formatDate, formatMoney } from "../../lib/format";
import { showServerFieldErrors } from "../../lib/server-field-errors";
import { toastError } from "../../lib/toast-error";
import { toast } from "../../lib/use-toast";
import { type RuleValues, ruleInputOf, ruleValuesOf } from "./rule-form-values";
import { categoryRulesTexts } from "./texts";

type RuleOutput = z.output<typeof categoryRuleInputSchema>;

const fieldNames = [
  "matchKind",
  "pattern",
  "minAmount",
  "maxAmount",
  "paymentMethodId",
  "categoryId",
  "forUserId",
  "paidByUserId",
  "private",
] as const;

const contractResolver = zodResolver(categoryRuleInputSchema);
// The contract's own rules (the same the server runs) on the request the values make.
const resolver: Resolver<RuleValues, unknown, RuleOutput> = (values, context, options) =>
  contractResolver(
    ruleInputOf(values),
    context,
    options as unknown as Parameters<typeof contractResolver>[2],
  ) as unknown as ReturnType<Resolver<RuleValues, unknown, RuleOutput>>;

/** "Mudaria 37 gastos" and a few of them: what the rule would give another category. */
function TestResult({ result }: { result: CategoryRuleTest }) {
  const { t } = useTranslation(categoryRulesTexts);
  const language = useLanguage();
  return (
    <>
      <p className="font-medium">{t("categoryRules.test.count", { count: result.count })}</p>
      {result.examples.length > 0 ? (
        <ul className="grid gap-1 text-muted-foreground">
          {result.examples.map((example) => (
            <li key={example.id} className="flex justify-between gap-3">
              <span className="min-w-0 break-words">
                {formatDate(example.date, language)} · {example.description}
              </span>
              <span className="shrink-0 tabular-nums">{formatMoney(example.amount, language)}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}

function RuleForm({
  rule,
  onSaved,
  onDone,
}: {
  rule: CategoryRule | null;
  onSaved: (saved: CategoryRule, test: CategoryRuleTest) => void;
  onDone: () => void;
}) {
  const { t } = useTranslation(categoryRulesTexts);
  const language = useLanguage();
  const categories = useCategories();
  const methods = usePaymentMethodChoices(rule?.paymentMethodId);
  // A member the rule names who has left stays a choice, so saving another change keeps them.
  const forWhom = usePayerChoices(rule?.forUserId ?? undefined);
  const payers = usePayerChoices(rule?.paidByUserId ?? undefined);
  const create = useCreateCategoryRule();
  const update = useUpdateCategoryRule();
  const test = useTestCategoryRule();
  const {
    register,
    handleSubmit,
    watch,
    setValue,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<RuleValues, unknown, RuleOutput>({
    // Amounts show and are read with the person's decimal sign (docs/product.md#typing-amounts).
    resolver: readingAmounts(resolver, ["minAmount", "maxAmount"], language),
    defaultValues: ruleValuesOf(rule, language),
  });
  const isPrivate = watch("private");
  const privateHintId = useId();
  const message = (key?: string) => (key ? t(key) : undefined);
  // A test says what the draft did then: any change makes it say something else.
  const resetTest = test.reset;
  useEffect(() => {
    const subscription = watch(() => resetTest());
    return () => subscription.unsubscribe();
  }, [watch, resetTest]);

  // Editing keeps a learned rule's mark (docs/product.md#learned-rules): PUT replaces the rule.
  const inputOf = (checked: RuleOutput) =>
    rule?.learned ? { ...checked, learned: true } : checked;

  const runTest = handleSubmit((checked) => {
    test.mutate(inputOf(checked), {
      onError: (error) => {
        if (!showServerFieldErrors(error, setError, fieldNames)) toastError(error);
      },
    });
  });

  const save = handleSubmit(async (checked) => {
    const input = inputOf(checked);
    let saved: CategoryRule;
    try {
      saved = rule
        ? await update.mutateAsync({ id: rule.id, input })
        : await create.mutateAsync(input);
    } catch (error) {
      // What only the server decides (an expression it cannot read): under its field.
      if (showServerFieldErrors(error, setError, fieldNames)) return;
      toastError(error, t("categoryRules.toast.saveError"));
      return;
    }
    toast({ title: t(rule ? "categoryRules.toast.updated" : "categoryRules.toast.created") });
    // The past expenses are not changed by saving: they are offered when the rule would change
    // some (docs/product.md#category-rules). The rule is saved whatever the test answers.
    const result = await test.mutateAsync(input).catch(() => null);
    if (result && result.count > 0) onSaved(saved, result);
    else onDone();
  });

  const pending = isSubmitting || create.isPending || update.isPending;
  const amountProps = {
    inputMode: "decimal",
    autoComplete: "off",
    placeholder: formatAmountInput("0.00", language),
  } as const;
  return (
    <FormDialogForm
      onSubmit={save}
      cancelLabel={t("categoryRules.form.cancel")}
      submitLabel={t("categoryRules.form.save")}
      pendingLabel={t("categoryRules.form.saving")}
      pending={pending}
      actions={
        <Button type="button" variant="outline" disabled={test.isPending} onClick={runTest}>
          {test.isPending ? t("categoryRules.form.testing") : t("categoryRules.form.test")}
        </Button>
      }
    >
      <div className="grid gap-4 sm:grid-cols-[auto_1fr]">
        <FormField label={t("categoryRules.form.kind")} error={message(errors.matchKind?.message)}>
          <NativeSelect {...register("matchKind")}>
            {ruleMatchKinds.map((kind) => (
              <option key={kind} value={kind}>
                {t(`categoryRules.kinds.${kind}`)}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField
          label={t("categoryRules.form.pattern")}
          hint={t("categoryRules.form.patternHint")}
          error={message(errors.pattern?.message)}
        >
          <Input
            autoComplete="off"
            maxLength={RULE_PATTERN_MAX}
            placeholder="CARREFOUR"
            {...register("pattern")}
          />
        </FormField>
      </div>
      <FormField
        label={t("categoryRules.form.category")}
        error={message(errors.categoryId?.message)}
      >
        <NativeSelect {...register("categoryId")}>
          <option value="">{t("categoryRules.form.chooseCategory")}</option>
          {(categories.data ?? [])
            .filter((category) => category.isActive || category.id === rule?.categoryId)
            .map((category) => (
              <option key={category.id} value={category.id}>
                {category.name}
              </option>
            ))}
        </NativeSelect>
      </FormField>
      <div className="grid grid-cols-2 gap-4">
        <FormField
          label={t("categoryRules.form.minAmount")}
          error={message(errors.minAmount?.message)}
        >
          <Input {...amountProps} {...register("minAmount")} />
        </FormField>
        <FormField
          label={t("categoryRules.form.maxAmount")}
          error={message(errors.maxAmount?.message)}
        >
          <Input {...amountProps} {...register("maxAmount")} />
        </FormField>
      </div>
      {methods.length > 0 ? (
        <PayerSelect
          label={t("categoryRules.form.method")}
          choices={[{ value: "", label: t("categoryRules.form.anyMethod") }, ...methods]}
          error={message(errors.paymentMethodId?.message)}
          {...register("paymentMethodId")}
        />
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <PayerSelect
          label={t("categoryRules.form.forWhom")}
          choices={[{ value: "", label: t("categoryRules.form.family") }, ...forWhom]}
          error={message(errors.forUserId?.message)}
          {...register("forUserId")}
          disabled={isPrivate}
        />
        <PayerSelect
          label={t("categoryRules.form.paidBy")}
          choices={[{ value: "", label: t("categoryRules.form.whoever") }, ...payers]}
          error={message(errors.paidByUserId?.message)}
          {...register("paidByUserId")}
          disabled={isPrivate}
        />
      </div>
      <div className="grid gap-1">
        {/* The whole row is the label: a 44 px target on a phone. */}
        <label className="flex min-h-11 items-center gap-3 font-medium text-sm sm:min-h-9">
          <input
            type="checkbox"
            aria-describedby={privateHintId}
            className="size-5 shrink-0 accent-primary"
            {...register("private", {
              // A private expense is paid by and for its author alone (docs/product.md#private-expenses).
              onChange: (event) => {
                if (event.target.checked) {
                  setValue("forUserId", "");
                  setValue("paidByUserId", "");
                }
              },
            })}
          />
          <Lock aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
          {t("categoryRules.form.private")}
        </label>
        <p
          id={privateHintId}
          role={errors.private ? "alert" : undefined}
          className={errors.private ? "text-destructive text-sm" : "text-muted-foreground text-xs"}
        >
          {message(errors.private?.message) ?? t("categoryRules.form.privateHint")}
        </p>
      </div>
      {/* Present before any answer, so the answer is read out when it comes. */}
      <div role="status" className="grid gap-2 text-sm">
        {test.data ? <TestResult result={test.data} /> : null}
      </div>
    </FormDialogForm>
  );
}

/** After saving: the past expenses the rule would change, and the offer to change them. */
function ApplyOffer({
  rule,
  result,
  onDone,
}: {
  rule: CategoryRule;
  result: CategoryRuleTest;
  onDone: () => void;
}) {
  const { t } = useTranslation(categoryRulesTexts);
  const apply = useApplyCategoryRule();
  const run = async () => {
    try {
      const { changed } = await apply.mutateAsync(rule.id);
      toast({ title: t("categoryRules.toast.applied", { count: changed }) });
      onDone();
    } catch (error) {
      toastError(error, t("categoryRules.toast.applyError"));
    }
  };
  return (
    <>
      <div className="grid gap-2 text-sm">
        <TestResult result={result} />
      </div>
      <DialogFooter>
        <DialogClose asChild>
          <Button type="button" variant="outline">
            {t("categoryRules.apply.notNow")}
          </Button>
        </DialogClose>
        {/* The save button it replaces had the focus. */}
        <Button type="button" autoFocus disabled={apply.isPending} onClick={run}>
          {t("categoryRules.apply.confirm", { count: result.count })}
        </Button>
      </DialogFooter>
    </>
  );
}

function RuleSteps({ rule, onDone }: { rule: CategoryRule | null; onDone: () => void }) {
  const { t } = useTranslation(categoryRulesTexts);
  const [offer, setOffer] = useState<{ rule: CategoryRule; result: CategoryRuleTest } | null>(null);
  return (
    <>
      <DialogHeader>
        <DialogTitle>
          {t(
            offer
              ? "categoryRules.apply.title"
              : rule
                ? "categoryRules.form.editTitle"
                : "categoryRules.form.newTitle",
          )}
        </DialogTitle>
        <DialogDescription>
          {t(offer ? "categoryRules.apply.description" : "categoryRules.form.description")}
        </DialogDescription>
      </DialogHeader>
      {offer ? (
        <ApplyOffer rule={offer.rule} result={offer.result} onDone={onDone} />
      ) : (
        <RuleForm
          rule={rule}
          onSaved={(saved, result) => setOffer({ rule: saved, result })}
          onDone={onDone}
        />
      )}
    </>
  );
}

/** "Nova regra" when `rule` is null, else "Editar regra" for it; then, maybe, the offer. */
export function CategoryRuleDialog({
  open,
  rule,
  onClose,
}: {
  open: boolean;
  rule: CategoryRule | null;
  onClose: () => void;
}) {
  return (
    <FormDialog open={open} onClose={onClose} className="max-h-dvh overflow-y-auto">
      <RuleSteps key={rule?.id ?? "new"} rule={rule} onDone={onClose} />
    </FormDialog>
  );
}
