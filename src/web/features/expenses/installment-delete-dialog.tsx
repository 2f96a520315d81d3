import { type ComponentProps, type MouseEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import type { ExpenseListItem } from "../../../contract/expenses";
import { useDeleteExpense } from "../../api/expenses/delete-expense";
import { useDeleteInstallments } from "../../api/installments/delete-installments";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "../../components/ui/alert-dialog";
import { toastError } from "../../lib/toast-error";
import { toast } from "../../lib/use-toast";
import { InstallmentScopeChoice } from "./installment-scope";
import { type InstallmentScope, installmentDeletion } from "./installments";
import { expensesTexts } from "./texts";

/**
 * Deleting an installment (docs/product.md#installments): this one alone (DELETE
 * /api/expenses/:id, restorable from the history like any expense), or the purchase from this
 * installment on, or all of it (DELETE /api/installments/:seriesId?from=n). Open while `expense`
 * is set; it stays open, its button disabled, until the server has answered.
 */
export function InstallmentDeleteDialog({
  expense,
  onClose,
  contentProps,
}: {
  expense: ExpenseListItem | null;
  onClose: () => void;
  contentProps?: Partial<ComponentProps<typeof AlertDialogContent>>;
}) {
  const { t } = useTranslation(expensesTexts);
  const [scope, setScope] = useState<InstallmentScope>("only");
  const deleteExpense = useDeleteExpense();
  const deleteInstallments = useDeleteInstallments();
  const pending = deleteExpense.isPending || deleteInstallments.isPending;

  const confirm = async (event: MouseEvent) => {
    event.preventDefault();
    if (!expense) return;
    const call = installmentDeletion(expense, scope);
    try {
      if (call.kind === "expense") {
        await deleteExpense.mutateAsync(call.id);
        toast({ title: t("expenses.installments.deleted", { count: 1 }) });
      } else {
        const { deletedCount } = await deleteInstallments.mutateAsync(call);
        toast({ title: t("expenses.installments.deleted", { count: deletedCount }) });
      }
      setScope("only");
      onClose();
    } catch (error) {
      toastError(error, t("expenses.toast.deleteError"));
    }
  };

  return (
    <AlertDialog
      open={expense !== null}
      onOpenChange={(next) => {
        if (!next) {
          setScope("only");
          onClose();
        }
      }}
    >
      {expense ? (
        <AlertDialogContent {...contentProps}>
          <AlertDialogHeader>
            <AlertDialogTitle>{t("expenses.delete.title")}</AlertDialogTitle>
            <AlertDialogDescription>
              {t("expenses.installments.deleteMessage", {
                description: expense.description,
                number: expense.installment,
                count: expense.installmentCount,
              })}
            </AlertDialogDescription>
          </AlertDialogHeader>
          <InstallmentScopeChoice value={scope} onChange={setScope} disabled={pending} />
          <AlertDialogFooter>
            <AlertDialogCancel>{t("expenses.delete.cancel")}</AlertDialogCancel>
            <AlertDialogAction disabled={pending} onClick={confirm}>
              {pending ? t("expenses.delete.deleting") : t("expenses.delete.confirm")}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      ) : null}
    </AlertDialog>
  );
}
