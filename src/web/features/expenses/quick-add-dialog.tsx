import type { RefObject } from "react";
import { useTranslation } from "react-i18next";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "../../components/ui/dialog";
import { ExpenseForm } from "./expense-form";
import { expensesTexts } from "./texts";

/**
 * 'Adicionar Gasto Rápido' behind the round '+' (quick-add-button.tsx, which loads this chunk and
 * owns the button): the expense form in a dialog, closed once saved, the focus back on the '+'.
 */
export function QuickAddDialog({
  open,
  onOpenChange,
  trigger,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  trigger: RefObject<HTMLButtonElement | null>;
}) {
  const { t } = useTranslation(expensesTexts);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          trigger.current?.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle>{t("expenses.quickAdd.title")}</DialogTitle>
          <DialogDescription>{t("expenses.quickAdd.description")}</DialogDescription>
        </DialogHeader>
        <ExpenseForm compact onSaved={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}
