import { useTranslation } from "react-i18next";
import { Alert, AlertDescription, AlertTitle } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { errorDescription } from "../../lib/toast-error";

/** A failed read: what the server said, and a way to try again without reloading the page. */
export function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert variant="destructive" className="gap-2">
      <AlertTitle>{t("dashboard.loadError.title")}</AlertTitle>
      <AlertDescription>{errorDescription(error)}</AlertDescription>
      <div>
        <Button type="button" variant="outline" size="sm" onClick={onRetry}>
          {t("dashboard.loadError.retry")}
        </Button>
      </div>
    </Alert>
  );
}
