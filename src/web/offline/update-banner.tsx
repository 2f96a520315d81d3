import { useTranslation } from "react-i18next";
import { Button } from "../components/ui/button";

/**
 * 'Nova versão disponível' with 'Atualizar' (docs/product.md#installing-and-updating). The new
 * version waits until the person presses it: the page is never reloaded by itself, so nothing
 * typed in a form is lost. Stays until pressed (not a toast that times out).
 */
export function UpdateBanner({ onUpdate }: { onUpdate: () => void }) {
  const { t } = useTranslation();
  return (
    <div
      role="status"
      className="fixed inset-x-4 bottom-24 z-50 mx-auto flex max-w-md items-center justify-between gap-3 rounded-xl border border-border bg-card p-3 pl-4 text-card-foreground text-sm shadow-lg sm:bottom-6"
    >
      <span>{t("pwa.updateAvailable")}</span>
      <Button size="sm" onClick={onUpdate}>
        {t("pwa.update")}
      </Button>
    </div>
  );
}
