import { Eraser } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useClearExampleExpenses } from "../../api/expenses/clear-example-expenses";
import { Button } from "../../components/ui/button";
import { toastError } from "../../lib/toast-error";
import { toast } from "../../lib/use-toast";
import { dashboardTexts } from "./texts";

/** Removes the example expenses a new family starts with, and says how many went. */
export function ClearExamplesButton() {
  const { t } = useTranslation(dashboardTexts);
  const clearExamples = useClearExampleExpenses();
  const clear = async () => {
    try {
      const { deletedCount } = await clearExamples.mutateAsync();
      toast({
        title: t("dashboard.examples.cleared"),
        description: t("dashboard.examples.clearedCount", { count: deletedCount }),
      });
    } catch (error) {
      toastError(error, t("dashboard.examples.clearError"));
    }
  };
  return (
    <Button
      type="button"
      variant="outline"
      size="sm"
      disabled={clearExamples.isPending}
      onClick={() => void clear()}
    >
      <Eraser aria-hidden="true" />
      {t("dashboard.examples.clear")}
    </Button>
  );
}
