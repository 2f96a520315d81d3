import { zodResolver } from "@hookform/resolvers/zod";
import { type Resolver, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import {
  type CreateContributionInput,
  createContributionInputSchema,
  type Goal,
} from "../../../contract/goals";
import { useAddContribution } from "../../api/goals/add-contribution";
import { usePaymentMethods } from "../../api/payment-methods/get-payment-methods";
import { FormDialog, FormDialogForm } from "../../components/form-dialog";
import { FormField } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";
import { NativeSelect } from "../../components/ui/native-select";
import { useLanguage } from "../../i18n/use-language";
import { formatAmountInput, readingAmounts } from "../../lib/amount-input";
import { todayIso } from "../../lib/format";
import { showServerFieldErrors } from "../../lib/server-field-errors";
import { toastError } from "../../lib/toast-error";
import { toast } from "../../lib/use-toast";
import { type ContributionValues, contributionInputOf, type Movement } from "./goal-form-values";
import { sourceChoicesOf } from "./goals-view";
import { goalsTexts } from "./texts";

const fieldNames = ["amount", "date", "fromMethodId"] as const;
const contractResolver = zodResolver(createContributionInputSchema);

function ContributionForm({
  goal,
  movement,
  onDone,
}: {
  goal: Goal;
  movement: Movement;
  onDone: () => void;
}) {
  const { t } = useTranslation(goalsTexts);
  const language = useLanguage();
  const methods = usePaymentMethods();
  const add = useAddContribution();
  // The contract's own rules on the request the values make (a withdrawal: a negative amount).
  const resolver: Resolver<ContributionValues, unknown, CreateContributionInput> = (
    values,
    context,
    options,
  ) =>
    contractResolver(
      contributionInputOf(values, movement),
      context,
      options as unknown as Parameters<typeof contractResolver>[2],
    ) as unknown as ReturnType<Resolver<ContributionValues, unknown, CreateContributionInput>>;
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ContributionValues, unknown, CreateContributionInput>({
    resolver: readingAmounts(resolver, ["amount"], language),
    defaultValues: { amount: "", date: todayIso(), fromMethodId: "" },
  });
  // Money comes from another account only into a goal that has one (docs/product.md#caixinhas-savings-goals).
  const sources = movement === "deposit" ? sourceChoicesOf(methods.data, goal) : [];
  const message = (key?: string) => (key ? t(key) : undefined);
  const save = handleSubmit(async (input) => {
    try {
      await add.mutateAsync({ goalId: goal.id, input });
      toast({
        title: t(movement === "deposit" ? "goals.toast.deposited" : "goals.toast.withdrawn"),
      });
      onDone();
    } catch (error) {
      // More than is saved, an account archived meanwhile: under their fields.
      if (showServerFieldErrors(error, setError, fieldNames)) return;
      toastError(error, t("goals.toast.saveError"));
    }
  });
  return (
    <FormDialogForm
      onSubmit={save}
      cancelLabel={t("goals.form.cancel")}
      submitLabel={t(movement === "deposit" ? "goals.deposit" : "goals.withdraw")}
      pendingLabel={t("goals.form.saving")}
      pending={isSubmitting || add.isPending}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t("goals.movement.amount")} error={message(errors.amount?.message)}>
          <Input
            inputMode="decimal"
            autoComplete="off"
            placeholder={formatAmountInput("0.00", language)}
            {...register("amount")}
          />
        </FormField>
        <FormField label={t("goals.movement.date")} error={message(errors.date?.message)}>
          <Input type="date" {...register("date")} />
        </FormField>
      </div>
      {sources.length > 0 ? (
        <FormField
          label={t("goals.movement.from")}
          hint={t("goals.movement.fromHint")}
          error={message(errors.fromMethodId?.message)}
        >
          <NativeSelect {...register("fromMethodId")}>
            <option value="">{t("goals.movement.fromNone")}</option>
            {sources.map((source) => (
              <option key={source.value} value={source.value}>
                {source.label}
              </option>
            ))}
          </NativeSelect>
        </FormField>
      ) : null}
    </FormDialogForm>
  );
}

/** 'Guardar' or 'Retirar' on a goal: the amount, the date and, putting in, where it comes from. */
export function ContributionDialog({
  goal,
  movement,
  onClose,
}: {
  goal: Goal | null;
  movement: Movement;
  onClose: () => void;
}) {
  const { t } = useTranslation(goalsTexts);
  const name = goal?.name ?? "";
  return (
    <FormDialog
      open={goal !== null}
      onClose={onClose}
      title={t(
        movement === "deposit" ? "goals.movement.depositTitle" : "goals.movement.withdrawTitle",
        {
          name,
        },
      )}
      description={t(
        movement === "deposit"
          ? "goals.movement.depositDescription"
          : "goals.movement.withdrawDescription",
      )}
    >
      {goal ? (
        <ContributionForm
          key={`${goal.id}-${movement}`}
          goal={goal}
          movement={movement}
          onDone={onClose}
        />
      ) : null}
    </FormDialog>
  );
}
