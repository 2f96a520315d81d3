import { useTranslation } from "react-i18next";
import { Skeleton } from "../../components/ui/skeleton";

/** The dashboard's shape while the month loads, so nothing jumps when the figures arrive. */
export function DashboardSkeleton() {
  const { t } = useTranslation();
  return (
    <div className="space-y-6" aria-busy="true" data-testid="dashboard-skeleton">
      <p className="sr-only" role="status">
        {t("common.loading")}
      </p>
      <div className="grid gap-3 sm:grid-cols-3">
        {[1, 2, 3].map((key) => (
          <Skeleton key={key} className="h-24 rounded-2xl" />
        ))}
      </div>
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {[1, 2, 3, 4].map((key) => (
          <Skeleton key={key} className="h-28 rounded-2xl" />
        ))}
      </div>
      <div className="grid gap-3 md:grid-cols-2 lg:grid-cols-3">
        {[1, 2, 3].map((key) => (
          <Skeleton key={key} className="h-40 rounded-2xl" />
        ))}
      </div>
      <Skeleton className="h-48 rounded-2xl" />
    </div>
  );
}
