import type { QueryClient } from "@tanstack/react-query";
import { useQueryClient } from "@tanstack/react-query";
import { WifiOff } from "lucide-react";
import { useCallback, useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import type { Language } from "../../contract/common";
import { useLanguage } from "../i18n/use-language";
import { localeOf, todayIso } from "../lib/format";

/**
 * When the data on screen was fetched: the oldest answer among the reads the mounted screens
 * observe (a screen shows the last data it had, docs/product.md#offline). Reads with no answer
 * (waiting for the network) tell nothing; undefined when none has one.
 */
export function shownDataFetchedAt(queryClient: QueryClient): number | undefined {
  let oldest: number | undefined;
  for (const query of queryClient.getQueryCache().getAll()) {
    const at = query.state.dataUpdatedAt;
    if (query.getObserversCount() === 0 || at === 0) continue;
    if (oldest === undefined || at < oldest) oldest = at;
  }
  return oldest;
}

/**
 * 'Dados de 14:32' for data fetched today, with the day as well when it is older (a phone opened
 * offline the morning after), in the language's own time and date order.
 */
export function dataTimeText(
  fetchedAt: number,
  language: Language,
  now: Date = new Date(),
): { key: "pwa.dataAt" | "pwa.dataOn"; time: string } {
  const fetched = new Date(fetchedAt);
  const sameDay = todayIso(fetched) === todayIso(now);
  const time = new Intl.DateTimeFormat(localeOf(language), {
    ...(sameDay ? {} : { day: "2-digit", month: "2-digit" }),
    hour: "2-digit",
    minute: "2-digit",
  }).format(fetched);
  return { key: sameDay ? "pwa.dataAt" : "pwa.dataOn", time };
}

/**
 * 'Sem conexão — mostrando os dados salvos · Dados de 14:32' under the header while the app cannot
 * reach the server (docs/product.md#offline): what the screens show is the last saved copy, and
 * from when. Shown by offline-marker.tsx.
 */
export function OfflineBar() {
  const { t } = useTranslation();
  const language = useLanguage();
  const queryClient = useQueryClient();
  const subscribe = useCallback(
    (listener: () => void) => queryClient.getQueryCache().subscribe(listener),
    [queryClient],
  );
  const fetchedAt = useSyncExternalStore(subscribe, () => shownDataFetchedAt(queryClient));
  const dataTime = fetchedAt === undefined ? undefined : dataTimeText(fetchedAt, language);
  return (
    <div
      role="status"
      className="flex flex-wrap items-center justify-center gap-x-2 gap-y-1 border-amber-300 border-b bg-amber-50 px-4 py-2 text-amber-900 text-sm dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
    >
      <WifiOff className="size-4 shrink-0" aria-hidden="true" />
      <span>{t("pwa.offline")}</span>
      {dataTime ? (
        <>
          <span aria-hidden="true"> · </span>
          <span className="whitespace-nowrap">{t(dataTime.key, { time: dataTime.time })}</span>
        </>
      ) : null}
    </div>
  );
}
