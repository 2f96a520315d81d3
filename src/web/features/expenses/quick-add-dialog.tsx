import { useState } from "react";
import { useTranslation } from "react-i18next";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "../../components/ui/dialog";
import { ExpenseForm } from "./expense-form";
import { QuickAddTrigger } from "./quick-add-button";

/**
 * 'Adicionar Gasto Rápido' behind the round '+' (quick-add-button.tsx, which loads this chunk):
 * the expense form in a dialog, closed once saved.
 */
export function QuickAddDialog({ initiallyOpen }: { initiallyOpen: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(initiallyOpen);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <QuickAddTrigger />
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t("expenses.quickAdd.title")}</DialogTitle>
          <DialogDescription>{t("expenses.quickAdd.description")}</DialogDescription>
        </DialogHeader>
        <ExpenseForm compact onSaved={() => setOpen(false)} />
      </DialogContent>
    </Dialog>
  );
}
