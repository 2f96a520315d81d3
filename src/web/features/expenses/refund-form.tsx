import { useState } from "react";
import { useTranslation } from "react-i18next";
import { createRefundInputSchema, type ExpenseListItem } from "../../../contract/expenses";
import { useCreateRefund } from "../../api/expenses/create-refund";
import { useUpdateExpense } from "../../api/expenses/update-expense";
import { Button } from "../../components/ui/button";
import {
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../components/ui/dialog";
import { FormField } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";
import { useLanguage } from "../../i18n/use-language";
import { formatAmountInput, parseAmountInput } from "../../lib/amount-input";
import { ApiRequestError } from "../../lib/api-client";
import { todayIso } from "../../lib/format";
import { toastError } from "../../lib/toast-error";
import { toast } from "../../lib/use-toast";
import { expensesTexts } from "./texts";

/**
 * "Estornar" (docs/product.md#refunds): what came back of a purchase, on a day, in the edit
 * dialog; or a refund's own change (its amount, date and description: the rest is its
 * purchase's). A refund past what is left of the purchase is refused by the server with a
 * translated message, shown on the amount.
 */
export function RefundForm({
  expense,
  onBack,
  onDone,
}: {
  /** The purchase to refund, or the refund to change. */
  expense: ExpenseListItem;
  /** Back to the expense's form; null when there is none to go back to. */
  onBack: (() => void) | null;
  onDone: () => void;
}) {
  const { t } = useTranslation(expensesTexts);
  const language = useLanguage();
  const create = useCreateRefund();
  const update = useUpdateExpense();
  const editing = expense.refundOfId !== null;
  const [amount, setAmount] = useState(() =>
    formatAmountInput(expense.amount.replace(/^-/, ""), language),
  );
  const [date, setDate] = useState(editing ? expense.date : todayIso());
  const [description, setDescription] = useState(editing ? expense.description : "");
  const [errors, setErrors] = useState<{ amount?: string; date?: string; description?: string }>(
    {},
  );
  const pending = create.isPending || update.isPending;

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = createRefundInputSchema.safeParse({
      amount: parseAmountInput(amount, language),
      date,
      ...(description.trim() ? { description } : {}),
    });
    if (!parsed.success) {
      const found: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof typeof errors;
        found[field] ??= t(issue.message);
      }
      setErrors(found);
      return;
    }
    setErrors({});
    try {
      if (editing) {
        await update.mutateAsync({ id: expense.id, input: parsed.data });
        toast({ title: t("expenses.refund.updated") });
      } else {
        await create.mutateAsync({ id: expense.id, input: parsed.data });
        toast({ title: t("expenses.refund.created") });
      }
      onDone();
    } catch (error) {
      if (error instanceof ApiRequestError && error.code === "refund_too_large") {
        setErrors({ amount: error.message });
        return;
      }
      toastError(error, t("expenses.refund.error"));
    }
  };

  return (
    <form noValidate onSubmit={save} className="grid gap-6">
      <DialogHeader>
        <DialogTitle>
          {editing ? t("expenses.refund.editTitle") : t("expenses.refund.title")}
        </DialogTitle>
        <DialogDescription>
          {editing
            ? t("expenses.refund.editDescription")
            : t("expenses.refund.description", { purchase: expense.description })}
        </DialogDescription>
      </DialogHeader>
      <div className="grid gap-4">
        <FormField label={t("expenses.refund.amount")} error={errors.amount}>
          <Input
            inputMode="decimal"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            autoComplete="off"
          />
        </FormField>
        <FormField label={t("expenses.refund.date")} error={errors.date}>
          <Input type="date" value={date} onChange={(e) => setDate(e.target.value)} />
        </FormField>
        <FormField
          label={t("expenses.refund.descriptionLabel")}
          hint={editing ? undefined : t("expenses.refund.descriptionHint")}
          error={errors.description}
        >
          <Input value={description} onChange={(e) => setDescription(e.target.value)} />
        </FormField>
      </div>
      <DialogFooter>
        {onBack ? (
          <Button type="button" variant="outline" onClick={onBack}>
            {t("expenses.refund.back")}
          </Button>
        ) : null}
        <Button type="submit" disabled={pending}>
          {pending
            ? t("expenses.edit.saving")
            : editing
              ? t("expenses.edit.save")
              : t("expenses.refund.submit")}
        </Button>
      </DialogFooter>
    </form>
  );
}
