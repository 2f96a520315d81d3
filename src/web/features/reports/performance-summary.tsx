import { useTranslation } from "react-i18next";
import type { MonthSummary } from "../../../domain/month-summary";
import { Card, CardContent, CardHeader } from "../../components/ui/card";
import { cn } from "../../lib/utils";
import { reportsTexts } from "./texts";

/** How many categories stayed within their goal, went over it, or had no spending. */
export function PerformanceSummary({ performance }: { performance: MonthSummary["performance"] }) {
  const { t } = useTranslation(reportsTexts);
  const items = [
    { key: "within", count: performance.within, tone: "bg-primary" },
    { key: "over", count: performance.over, tone: "bg-destructive" },
    { key: "noSpending", count: performance.noSpending, tone: "bg-muted-foreground" },
  ] as const;
  return (
    <section aria-labelledby="performance-title" className="min-w-0">
      <Card className="h-full">
        <CardHeader>
          <h2 id="performance-title" className="font-semibold text-lg">
            {t("reports.performance.title")}
          </h2>
        </CardHeader>
        <CardContent>
          <dl className="space-y-3">
            {items.map((item) => (
              <div
                key={item.key}
                data-testid={`performance-${item.key}`}
                className="flex items-center justify-between gap-3 rounded-xl bg-muted px-4 py-3"
              >
                <dt className="flex items-center gap-2 text-sm">
                  <span aria-hidden="true" className={cn("size-2.5 rounded-full", item.tone)} />
                  {t(`reports.performance.${item.key}`)}
                </dt>
                <dd className="font-semibold tabular-nums">
                  {t("reports.performance.categories", { count: item.count })}
                </dd>
              </div>
            ))}
          </dl>
        </CardContent>
      </Card>
    </section>
  );
}
