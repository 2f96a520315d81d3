import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { CreateExpenseInput } from "../../../contract/expenses";
import type { Split } from "../../../contract/shares";
import { useCurrentUser } from "../../api/auth/get-current-user";
import { useCategories } from "../../api/categories/get-categories";
import { ConfirmDeleteDialog } from "../../components/confirm-delete-dialog";
import { FormDialog, FormDialogForm } from "../../components/form-dialog";
import { PrivateMark } from "../../components/private-expense";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardHeader } from "../../components/ui/card";
import { useLanguage } from "../../i18n/use-language";
import { formatDate, formatMoney } from "../../lib/format";
import { toastError } from "../../lib/toast-error";
import { useReturnFocus } from "../../lib/use-return-focus";
import { toast } from "../../lib/use-toast";
import {
  discardQueuedExpense,
  fixQueuedExpense,
  useQueuedExpenses,
} from "../../offline/browser-queue";
import type { QueueEntry } from "../../offline/queue";
import type { ExpenseFieldValues } from "./expense-field-values";
import { ExpenseFields, expenseCreateResolver } from "./expense-form";
import type { ForWhomForm } from "./for-whom-field";
import { draftOf, FAMILY_DRAFT } from "./split-draft";
import { expensesTexts } from "./texts";

/**
 * 'Pendentes': the expenses kept on this device until they reach the server, above the list of
 * saved ones; a refused one shows the server's reason, 'Corrigir' and 'Descartar'
 * (docs/product.md#offline-expense-queue). Nothing while the queue is empty.
 */
export function PendingExpenses() {
  const { t } = useTranslation(expensesTexts);
  const { user } = useCurrentUser();
  const entries = useQueuedExpenses(user?.id);
  const [fixing, setFixing] = useState<QueueEntry | null>(null);
  const [discarding, setDiscarding] = useState<QueueEntry | null>(null);
  const returnFocus = useReturnFocus();
  if (!user || entries.length === 0) return null;

  const discard = async () => {
    if (!discarding) return;
    try {
      await discardQueuedExpense(user.id, discarding.id);
      toast({ title: t("expenses.pending.discarded") });
    } catch (error) {
      toastError(error, t("expenses.pending.discardError"));
    }
    setDiscarding(null);
  };

  return (
    <Card>
      <CardHeader>
        <h2 className="font-semibold text-lg leading-tight">{t("expenses.pending.title")}</h2>
        <p className="text-muted-foreground text-sm">{t("expenses.pending.description")}</p>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-3">
          {entries.map((entry) => (
            <PendingRow
              key={entry.id}
              entry={entry}
              onFix={() => setFixing(entry)}
              onDiscard={() => setDiscarding(entry)}
            />
          ))}
        </ul>
      </CardContent>
      <FixDialog userId={user.id} entry={fixing} onClose={() => setFixing(null)} />
      <ConfirmDeleteDialog
        open={discarding !== null}
        onClose={() => setDiscarding(null)}
        title={t("expenses.pending.discardTitle")}
        message={t("expenses.pending.discardMessage", {
          description: discarding?.input.description ?? "",
        })}
        cancelLabel={t("expenses.delete.cancel")}
        confirmLabel={t("expenses.pending.discard")}
        pendingLabel={t("expenses.pending.discard")}
        isPending={false}
        onConfirm={() => void discard()}
        contentProps={returnFocus}
      />
    </Card>
  );
}

function PendingRow({
  entry,
  onFix,
  onDiscard,
}: {
  entry: QueueEntry;
  onFix: () => void;
  onDiscard: () => void;
}) {
  const { t } = useTranslation(expensesTexts);
  const language = useLanguage();
  const categories = useCategories();
  const category = categories.data?.find((c) => c.id === entry.input.categoryId);
  const { description, amount, date } = entry.input;
  const refused = entry.status === "refused";
  return (
    <li
      data-testid="pending-expense"
      className="grid gap-2 rounded-xl border border-border p-3 sm:grid-cols-[1fr_auto] sm:items-center"
    >
      <div className="grid min-w-0 gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <span className="min-w-0 truncate font-medium">{description}</span>
          {entry.input.private ? <PrivateMark className="ml-0" /> : null}
          <Badge variant={refused ? "destructive" : "warning"}>
            {refused
              ? t("expenses.pending.statusRefused")
              : entry.status === "sending"
                ? t("expenses.pending.statusSending")
                : t("expenses.pending.statusPending")}
          </Badge>
        </div>
        <p className="text-muted-foreground text-sm">
          {formatDate(date, language)}
          {category ? ` · ${category.name}` : ""}
          {" · "}
          <span className="font-medium text-foreground">{formatMoney(amount, language)}</span>
        </p>
        {refused && entry.error ? (
          // The field errors say what to fix ("Categoria não encontrada"); the general message
          // ("Alguns campos são inválidos…") only when there are none.
          <p className="text-destructive text-sm">
            {t("expenses.pending.refusedReason", {
              reason:
                entry.error.fieldErrors.map((fieldError) => fieldError.message).join("; ") ||
                entry.error.message,
            })}
          </p>
        ) : null}
      </div>
      {refused ? (
        <div className="flex gap-2 sm:justify-end">
          <Button
            type="button"
            variant="outline"
            aria-label={t("expenses.pending.fixLabel", { description })}
            onClick={onFix}
          >
            {t("expenses.pending.fix")}
          </Button>
          <Button
            type="button"
            variant="outline"
            aria-label={t("expenses.pending.discardLabel", { description })}
            onClick={onDiscard}
          >
            {t("expenses.pending.discard")}
          </Button>
        </div>
      ) : null}
    </li>
  );
}

function FixForm({
  userId,
  entry,
  onDone,
}: {
  userId: string;
  entry: QueueEntry;
  onDone: () => void;
}) {
  const { t } = useTranslation(expensesTexts);
  const language = useLanguage();
  const categories = useCategories();
  const form = useForm<ExpenseFieldValues, unknown, CreateExpenseInput>({
    resolver: expenseCreateResolver(language),
    defaultValues: {
      description: entry.input.description,
      amount: entry.input.amount,
      // A category the server no longer knows cannot be chosen again: the select starts empty.
      categoryId: categories.data?.some((c) => c.id === entry.input.categoryId)
        ? entry.input.categoryId
        : "",
      date: entry.input.date,
      paidByUserId: entry.input.paidByUserId ?? "",
      paymentMethodId: entry.input.paymentMethodId ?? "",
      // Kept as it was queued: the fix form sends it again, or what the person changes it to.
      split: entry.input.split ? draftOf(entry.input.split as Split, language) : FAMILY_DRAFT,
      private: entry.input.private === true,
    },
  });
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors, isSubmitting },
  } = form;
  const isPrivate = watch("private") === true;

  const save = handleSubmit(async (input) => {
    try {
      await fixQueuedExpense(userId, entry.id, input);
      toast({ title: t("expenses.pending.fixed") });
      onDone();
    } catch (error) {
      toastError(error, t("expenses.toast.updateError"));
    }
  });

  return (
    <FormDialogForm
      onSubmit={save}
      cancelLabel={t("expenses.edit.cancel")}
      submitLabel={t("expenses.edit.save")}
      pendingLabel={t("expenses.edit.saving")}
      pending={isSubmitting}
      className="grid gap-6"
    >
      <ExpenseFields
        register={register}
        forWhom={form as unknown as ForWhomForm}
        privacy={{ on: isPrivate }}
        errors={errors}
        categories={categories.data ?? []}
        categoryPlaceholder={t("expenses.form.categoryPlaceholder")}
        currentPaymentMethodId={entry.input.paymentMethodId}
        compact
      />
    </FormDialogForm>
  );
}

/** 'Corrigir': the expense form, filled with the refused entry; saving puts it back in the queue. */
function FixDialog({
  userId,
  entry,
  onClose,
}: {
  userId: string;
  entry: QueueEntry | null;
  onClose: () => void;
}) {
  const { t } = useTranslation(expensesTexts);
  return (
    <FormDialog
      open={entry !== null}
      onClose={onClose}
      title={t("expenses.pending.fixTitle")}
      description={t("expenses.pending.fixDescription")}
    >
      {entry ? <FixForm key={entry.id} userId={userId} entry={entry} onDone={onClose} /> : null}
    </FormDialog>
  );
}
