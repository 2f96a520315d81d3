import { Plus } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "../../components/ui/dialog";
import { ExpenseForm } from "./expense-form";

/**
 * The round '+' fixed at the bottom right: 'Adicionar Gasto Rápido', closed once saved. It is the
 * expense form, so it lives here; the app hands it to the dashboard (features/dashboard never
 * imports this folder).
 */
export function QuickAddButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button
          type="button"
          aria-label={t("expenses.quickAdd.open")}
          // The signed-in frame leaves room for it below the footer (authenticated-layout.tsx).
          data-quick-add=""
          className="fixed right-4 bottom-4 z-30 size-14 rounded-full shadow-lg sm:right-6 sm:bottom-6 [&_svg]:size-6"
        >
          <Plus aria-hidden="true" />
        </Button>
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
