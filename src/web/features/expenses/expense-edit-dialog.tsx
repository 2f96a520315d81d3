import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { type Resolver, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import {
  type ExpenseListItem,
  type UpdateExpenseInput,
  updateExpenseInputSchema,
} from "../../../contract/expenses";
import type { Language } from "../../../contract/languages";
import { useCurrentUser } from "../../api/auth/get-current-user";
import { useCategories } from "../../api/categories/get-categories";
import { useCreateCategoryRule } from "../../api/category-rules/create-category-rule";
import { fetchRuleOffer } from "../../api/category-rules/get-rule-offer";
import { useUpdateExpense } from "../../api/expenses/update-expense";
import { useUpdateInstallments } from "../../api/installments/update-installments";
import { FormDialog, FormDialogForm } from "../../components/form-dialog";
import { Button } from "../../components/ui/button";
import { useLanguage } from "../../i18n/use-language";
import { formatAmountInput, readingAmounts } from "../../lib/amount-input";
import { showServerFieldErrors } from "../../lib/server-field-errors";
import { toastError } from "../../lib/toast-error";
import { type ToastInput, toast } from "../../lib/use-toast";
import type { ExpenseFieldValues } from "./expense-field-values";
import { ExpenseFields } from "./expense-form";
import type { ForWhomForm } from "./for-whom-field";
import { InstallmentScopeChoice } from "./installment-scope";
import { type InstallmentScope, installmentChange } from "./installments";
import { PayOffConfirm } from "./pay-off-confirm";
import { RefundForm } from "./refund-form";
import { draftOf, percentOnly, sameSplit, splitOfDraft } from "./split-draft";
import { expensesTexts } from "./texts";

type UpdateOutput = z.output<typeof updateExpenseInputSchema>;

/** The edit's scope, as the resolver reads it: from an installment on ("Esta e as próximas", "Todas"). */
type EditContext = { series: boolean };

const contractResolver = zodResolver(updateExpenseInputSchema);

/**
 * The contract's partial schema, except that an uncategorised expense left uncategorised, or one
 * whose payer's account is gone left so ("" in the selects), is simply not part of the change.
 * "Para quem" is read in the person's language. A private expense is its author's, paid by them:
 * neither payer nor split is part of its change (docs/product.md#private-expenses). Changed from
 * an installment on (`series` in the form's context), a split is percentages at most
 * (docs/product.md#for-whom): an installment's own split by amounts, which "Para quem" then shows
 * as percentages with nothing typed, is left as it is until the person chooses another.
 */
export const keepingEmptyChoices =
  (language: Language): Resolver<ExpenseFieldValues, EditContext, UpdateOutput> =>
  (values, context, options) =>
    contractResolver(
      {
        ...values,
        categoryId: values.categoryId === "" ? undefined : values.categoryId,
        paidByUserId: values.paidByUserId === "" ? undefined : values.paidByUserId,
        // "Não informado" clears the method (null); the contract reads "" as no change otherwise.
        paymentMethodId: values.paymentMethodId === "" ? null : values.paymentMethodId,
        split:
          !values.split ||
          values.private ||
          (context?.series && percentOnly(values.split) !== values.split)
            ? undefined
            : splitOfDraft(values.split, language),
        ...(values.private ? { paidByUserId: undefined } : {}),
      },
      context,
      // Only the field names and modes are read from the options; their value types do not matter.
      options as unknown as Parameters<typeof contractResolver>[2],
    );

/** Only what the user changed is sent (PATCH is partial), so a concurrent edit of another field survives. */
export function changedFields(expense: ExpenseListItem, values: UpdateOutput): UpdateExpenseInput {
  const changes: UpdateExpenseInput = {};
  // Paid by and for its author: the server refuses a payer or a split naming anyone else.
  const keepsPrivate = values.private ?? expense.private;
  if (values.private !== undefined && values.private !== expense.private) {
    changes.private = values.private;
  }
  if (values.description !== undefined && values.description !== expense.description) {
    changes.description = values.description;
  }
  if (values.amount !== undefined && values.amount !== expense.amount) {
    changes.amount = values.amount;
  }
  if (values.categoryId !== undefined && values.categoryId !== expense.categoryId) {
    changes.categoryId = values.categoryId;
  }
  if (values.date !== undefined && values.date !== expense.date) changes.date = values.date;
  if (
    !keepsPrivate &&
    values.paidByUserId !== undefined &&
    values.paidByUserId !== expense.paidByUserId
  ) {
    changes.paidByUserId = values.paidByUserId;
  }
  if (values.paymentMethodId !== undefined && values.paymentMethodId !== expense.paymentMethodId) {
    changes.paymentMethodId = values.paymentMethodId;
  }
  // Amounts typed for each member go with a new amount, so the server checks the two together.
  if (
    !keepsPrivate &&
    values.split !== undefined &&
    (!sameSplit(values.split, expense.split) ||
      (values.split.mode === "amounts" && changes.amount !== undefined))
  ) {
    changes.split = values.split;
  }
  return changes;
}

function EditExpenseForm({
  expense,
  onDone,
  onPayOff,
  onRefund,
}: {
  expense: ExpenseListItem;
  onDone: () => void;
  /** Shown for an installment: "Antecipar parcelas". */
  onPayOff: () => void;
  /** "Estornar": a refund of this purchase (docs/product.md#refunds). */
  onRefund: () => void;
}) {
  const { t } = useTranslation(expensesTexts);
  const categories = useCategories();
  const updateExpense = useUpdateExpense();
  const createRule = useCreateCategoryRule();
  const updateInstallments = useUpdateInstallments();
  const language = useLanguage();
  const { user } = useCurrentUser();
  const isInstallment = expense.seriesId !== null;
  // Only its author makes an expense private or shared again; an installment is private or shared
  // with its whole purchase, chosen when it is added (docs/product.md#private-expenses).
  const offersPrivate = !isInstallment && user !== null && expense.addedByUserId === user.id;
  const [scope, setScope] = useState<InstallmentScope>("only");
  const form = useForm<ExpenseFieldValues, EditContext, UpdateOutput>({
    context: { series: scope !== "only" },
    // The amount shows and is read with the person's decimal sign (docs/product.md#typing-amounts).
    resolver: readingAmounts(keepingEmptyChoices(language), ["amount"], language),
    defaultValues: {
      description: expense.description,
      amount: formatAmountInput(expense.amount, language),
      categoryId: expense.categoryId ?? "",
      date: expense.date,
      paidByUserId: expense.paidByUserId ?? "",
      paymentMethodId: expense.paymentMethodId ?? "",
      split: draftOf(expense.split, language),
      private: expense.private,
    },
  });
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    watch,
    formState: { errors, isSubmitting },
  } = form;
  const isPrivate = watch("private") === true;

  const chooseScope = (next: InstallmentScope) => {
    setScope(next);
    // Each installment keeps its own date: only "Só esta parcela" changes it.
    if (next !== "only") setValue("date", expense.date);
  };

  const save = handleSubmit(async (values) => {
    // From an installment on, a split other than this installment's is set on each
    // (docs/product.md#for-whom), as any other field is.
    const call = installmentChange(expense, scope, changedFields(expense, values));
    if (call === null) {
      onDone();
      return;
    }
    try {
      if (call.kind === "expense") {
        await updateExpense.mutateAsync({ id: call.id, input: call.input });
        const updated = toast({ title: t("expenses.toast.updated") });
        if (call.input.categoryId) offerLearnedRule(call.id, updated.update);
      } else {
        const series = await updateInstallments.mutateAsync(call);
        const count = series.installments.filter(
          (installment) => (installment.installment ?? 0) >= call.input.from,
        ).length;
        toast({ title: t("expenses.installments.updated", { count }) });
      }
      onDone();
    } catch (error) {
      if (showServerFieldErrors(error, setError, ["paymentMethodId", "split", "private"])) return;
      toastError(error, t("expenses.toast.updateError"));
    }
  });

  /**
   * A category changed on a payee the family has seen: "Sempre usar Mercado para CARREFOUR" on the
   * toast, one tap away (docs/product.md#learned-rules). Nothing when the offer cannot be asked.
   */
  const offerLearnedRule = (id: string, update: (next: ToastInput) => void) => {
    fetchRuleOffer(id)
      .then(({ offer }) => {
        const category = categories.data?.find((c) => c.id === offer?.categoryId);
        if (!offer || !category) return;
        const label = t("expenses.learnedRule.offer", {
          category: category.name,
          payee: offer.pattern,
        });
        const learn = () =>
          createRule
            .mutateAsync({
              matchKind: "contains",
              pattern: offer.pattern,
              categoryId: category.id,
              learned: true,
            })
            .then(() =>
              toast({
                title: t("expenses.learnedRule.created", {
                  category: category.name,
                  payee: offer.pattern,
                }),
              }),
            )
            .catch((error: unknown) => toastError(error, t("expenses.learnedRule.error")));
        update({
          title: t("expenses.toast.updated"),
          action: (
            <Button type="button" size="sm" variant="outline" onClick={learn}>
              {label}
            </Button>
          ),
        });
      })
      .catch(() => {});
  };

  const pending = isSubmitting || updateExpense.isPending || updateInstallments.isPending;
  return (
    <FormDialogForm
      onSubmit={save}
      cancelLabel={t("expenses.edit.cancel")}
      submitLabel={t("expenses.edit.save")}
      pendingLabel={t("expenses.edit.saving")}
      pending={pending}
      className="grid gap-6"
      actions={
        <>
          {isInstallment ? (
            <Button type="button" variant="outline" className="sm:mr-auto" onClick={onPayOff}>
              {t("expenses.installments.payOff")}
            </Button>
          ) : null}
          <Button
            type="button"
            variant="outline"
            className={isInstallment ? undefined : "sm:mr-auto"}
            onClick={onRefund}
          >
            {t("expenses.refund.action")}
          </Button>
        </>
      }
    >
      {isInstallment ? (
        <div className="grid gap-3 rounded-xl border p-3">
          <p className="font-medium text-sm">
            {t("expenses.installments.of", {
              number: expense.installment,
              count: expense.installmentCount,
            })}
          </p>
          <InstallmentScopeChoice value={scope} onChange={chooseScope} disabled={pending} />
        </div>
      ) : null}
      <ExpenseFields
        register={register}
        forWhom={form as unknown as ForWhomForm}
        // From an installment on, percentages at most: each installment's amount is its own.
        forWhomInstallments={scope === "only" ? undefined : {}}
        privacy={
          offersPrivate
            ? { on: isPrivate }
            : isInstallment && expense.private
              ? { on: true, locked: true }
              : undefined
        }
        errors={errors}
        categories={categories.data ?? []}
        categoryPlaceholder={t("expenses.uncategorized")}
        currentPayerId={expense.paidByUserId}
        currentPaymentMethodId={expense.paymentMethodId}
        compact
        dateDisabled={scope !== "only"}
        dateHint={scope !== "only" ? t("expenses.installments.dateOnlyThis") : undefined}
      />
    </FormDialogForm>
  );
}

/**
 * "Editar Gasto" for one expense: open while `expense` is set; closing (saved, cancelled or
 * dismissed) calls onOpenChange(false). Used by the Expenses list, and by the dashboard through
 * the app's composition (features never import each other).
 */
export function ExpenseEditDialog({
  expense,
  onOpenChange,
}: {
  expense: ExpenseListItem | null;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation(expensesTexts);
  // "Antecipar parcelas" asks in the same dialog: no dialog over a dialog on a phone.
  const [payingOff, setPayingOff] = useState<string | null>(null);
  const confirming = expense !== null && payingOff === expense.id;
  // "Estornar" asks in the same dialog too; a refund itself is changed there (its amount, date
  // and description: the rest is its purchase's).
  const [refunding, setRefunding] = useState<string | null>(null);
  const refundForm = expense !== null && (refunding === expense.id || expense.refundOfId !== null);
  const close = () => {
    setPayingOff(null);
    setRefunding(null);
    onOpenChange(false);
  };
  // The refund and the pay-off steps carry their own header: the edit's is the form's step only.
  const editing = expense !== null && !refundForm && !confirming;
  return (
    <FormDialog
      open={expense !== null}
      onClose={close}
      title={editing ? t("expenses.edit.title") : undefined}
      description={editing ? t("expenses.edit.description") : undefined}
    >
      {expense === null ? null : refundForm ? (
        <RefundForm
          key={expense.id}
          expense={expense}
          onBack={expense.refundOfId === null ? () => setRefunding(null) : null}
          onDone={close}
        />
      ) : confirming ? (
        <PayOffConfirm expense={expense} onBack={() => setPayingOff(null)} onDone={close} />
      ) : (
        <EditExpenseForm
          key={expense.id}
          expense={expense}
          onDone={close}
          onPayOff={() => setPayingOff(expense.id)}
          onRefund={() => setRefunding(expense.id)}
        />
      )}
    </FormDialog>
  );
}
