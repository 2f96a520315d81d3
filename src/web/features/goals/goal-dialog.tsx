import { zodResolver } from "@hookform/resolvers/zod";
import { Lock } from "lucide-react";
import { useId } from "react";
import { type Resolver, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import {
  type CreateGoalInput,
  createGoalInputSchema,
  GOAL_NAME_MAX,
  type Goal,
} from "../../../contract/goals";
import { useCurrentUser } from "../../api/auth/get-current-user";
import { useCreateGoal } from "../../api/goals/create-goal";
import { useUpdateGoal } from "../../api/goals/update-goal";
import { usePaymentMethods } from "../../api/payment-methods/get-payment-methods";
import { FormDialog, FormDialogForm } from "../../components/form-dialog";
import { FormField } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";
import { NativeSelect } from "../../components/ui/native-select";
import { useLanguage } from "../../i18n/use-language";
import { formatAmountInput, readingAmounts } from "../../lib/amount-input";
import { showServerFieldErrors } from "../../lib/server-field-errors";
import { toastError } from "../../lib/toast-error";
import { toast } from "../../lib/use-toast";
import { type GoalValues, goalChanges, goalInputOf, goalValuesOf } from "./goal-form-values";
import { accountChoicesOf } from "./goals-view";
import { goalsTexts } from "./texts";

const fieldNames = ["name", "targetAmount", "targetMonth", "methodId", "isPrivate"] as const;

const contractResolver = zodResolver(createGoalInputSchema);
// The contract's own rules (the same the server runs) on the request the values make.
const resolver: Resolver<GoalValues, unknown, CreateGoalInput> = (values, context, options) =>
  contractResolver(
    goalInputOf(values),
    context,
    options as unknown as Parameters<typeof contractResolver>[2],
  ) as unknown as ReturnType<Resolver<GoalValues, unknown, CreateGoalInput>>;

function GoalForm({ goal, onDone }: { goal: Goal | null; onDone: () => void }) {
  const { t } = useTranslation(goalsTexts);
  const language = useLanguage();
  const { user } = useCurrentUser();
  const methods = usePaymentMethods();
  const create = useCreateGoal();
  const update = useUpdateGoal();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<GoalValues, unknown, CreateGoalInput>({
    // The target shows and is read with the person's decimal sign (docs/product.md#typing-amounts).
    resolver: readingAmounts(resolver, ["targetAmount"], language),
    defaultValues: goalValuesOf(goal, language),
  });
  // 'Só minha' is its maker's to say (docs/product.md#caixinhas-savings-goals).
  const mayKeepPrivate = goal === null || (user != null && goal.createdByUserId === user.id);
  const accounts = accountChoicesOf(methods.data, goal?.methodId ?? null);
  const privateHintId = useId();
  const message = (key?: string) => (key ? t(key) : undefined);

  const save = handleSubmit(async (input) => {
    try {
      if (goal) {
        const changes = goalChanges(goal, input);
        if (!mayKeepPrivate) delete changes.isPrivate;
        if (Object.keys(changes).length > 0) {
          await update.mutateAsync({ id: goal.id, input: changes });
          toast({ title: t("goals.toast.updated") });
        }
      } else {
        await create.mutateAsync(input);
        toast({ title: t("goals.toast.created") });
      }
      onDone();
    } catch (error) {
      // A shared goal in a private account, an account archived meanwhile: under their fields.
      if (showServerFieldErrors(error, setError, fieldNames)) return;
      toastError(error, t("goals.toast.saveError"));
    }
  });

  return (
    <FormDialogForm
      onSubmit={save}
      cancelLabel={t("goals.form.cancel")}
      submitLabel={t("goals.form.save")}
      pendingLabel={t("goals.form.saving")}
      pending={isSubmitting || create.isPending || update.isPending}
    >
      <FormField label={t("goals.form.name")} error={message(errors.name?.message)}>
        <Input
          autoComplete="off"
          maxLength={GOAL_NAME_MAX}
          placeholder={t("goals.form.namePlaceholder")}
          {...register("name")}
        />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t("goals.form.target")} error={message(errors.targetAmount?.message)}>
          <Input
            inputMode="decimal"
            autoComplete="off"
            placeholder={formatAmountInput("0.00", language)}
            {...register("targetAmount")}
          />
        </FormField>
        <FormField
          label={t("goals.form.month")}
          hint={t("goals.form.monthHint")}
          error={message(errors.targetMonth?.message)}
        >
          <Input type="month" {...register("targetMonth")} />
        </FormField>
      </div>
      <FormField
        label={t("goals.form.account")}
        hint={t("goals.form.accountHint")}
        error={message(errors.methodId?.message)}
      >
        <NativeSelect {...register("methodId")}>
          <option value="">{t("goals.form.noAccount")}</option>
          {accounts.map((account) => (
            <option key={account.value} value={account.value}>
              {account.label}
            </option>
          ))}
        </NativeSelect>
      </FormField>
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
            {t("goals.form.private")}
          </label>
          {/* The server's refusal, when there is one, in place of the hint. */}
          <p
            id={privateHintId}
            role={errors.isPrivate ? "alert" : undefined}
            className={
              errors.isPrivate ? "text-destructive text-sm" : "text-muted-foreground text-xs"
            }
          >
            {message(errors.isPrivate?.message) ?? t("goals.form.privateHint")}
          </p>
        </div>
      ) : null}
    </FormDialogForm>
  );
}

/** 'Nova caixinha' when `goal` is null, else 'Editar caixinha' for it. */
export function GoalDialog({
  open,
  goal,
  onClose,
}: {
  open: boolean;
  goal: Goal | null;
  onClose: () => void;
}) {
  const { t } = useTranslation(goalsTexts);
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={goal ? t("goals.form.editTitle") : t("goals.form.createTitle")}
      description={t("goals.form.description")}
    >
      <GoalForm key={goal?.id ?? "new"} goal={goal} onDone={onClose} />
    </FormDialog>
  );
}
