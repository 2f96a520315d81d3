import { Plus } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ExpenseForm } from "../../components/expense-form";
import { Button } from "../../components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "../../components/ui/dialog";

/** The round '+' fixed at the bottom right: 'Adicionar Gasto Rápido', closed once saved. */
export function QuickAddButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button
          type="button"
          aria-label={t("dashboard.quickAdd.open")}
          className="fixed right-4 bottom-4 z-30 size-14 rounded-full shadow-lg sm:right-6 sm:bottom-6 [&_svg]:size-6"
        >
          <Plus aria-hidden="true" />
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t("dashboard.quickAdd.title")}</DialogTitle>
          <DialogDescription>{t("dashboard.quickAdd.description")}</DialogDescription>
        </DialogHeader>
        <ExpenseForm compact onSaved={() => setOpen(false)} />
      </DialogContent>
    </Dialog>
  );
}
