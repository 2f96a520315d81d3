import { WifiOff } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useOffline } from "./connection";

/**
 * 'Sem conexão — mostrando os dados salvos' under the header while the app cannot reach the
 * server (docs/product.md#offline): what the screens show is the last saved copy.
 */
export function OfflineMarker() {
  const offline = useOffline();
  const { t } = useTranslation();
  if (!offline) return null;
  return (
    <div
      role="status"
      className="flex items-center justify-center gap-2 border-amber-300 border-b bg-amber-50 px-4 py-2 text-amber-900 text-sm dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
    >
      <WifiOff className="size-4 shrink-0" aria-hidden="true" />
      <span>{t("pwa.offline")}</span>
    </div>
  );
}
