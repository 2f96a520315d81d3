import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { progressPercent, usagePercent } from "../../../domain/budget";
import type { CategorySummary } from "../../../domain/month-summary";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { Progress } from "../../components/ui/progress";
import { useMoney } from "../../lib/use-money";
import { cn } from "../../lib/utils";
import { dashboardTexts } from "./texts";

const toneText = {
  destructive: "text-destructive",
  warning: "text-warning",
  success: "text-success",
} as const;

const toneBar = {
  destructive: "bg-destructive",
  warning: "bg-amber-500",
  success: "bg-primary",
} as const;

function CategoryCard({ category, share }: { category: CategorySummary; share: boolean }) {
  const { t } = useTranslation(dashboardTexts);
  const money = useMoney();
  const { status } = category;
  const percent = Math.round(progressPercent(category.spentCents, category.monthlyBudgetCents));
  const shareLine =
    category.monthlyBudgetCents > 0
      ? t("viewAs.ofBudget", {
          percent: Math.round(usagePercent(category.spentCents, category.monthlyBudgetCents)),
        })
      : t("dashboard.categories.noBudget");
  return (
    <Card className="flex h-full flex-col gap-3 p-4 sm:p-5">
      <div className="flex items-start justify-between gap-3">
        <h3 className="flex min-w-0 items-center gap-2 font-semibold">
          <span
            aria-hidden="true"
            className="size-3 shrink-0 rounded-full"
            style={{ backgroundColor: category.color }}
          />
          <span className="truncate">{category.name}</span>
        </h3>
        <p className="shrink-0 font-bold text-lg tabular-nums" data-testid="category-spent">
          {money(category.spentCents)}
        </p>
      </div>
      <dl className="grid grid-cols-2 gap-2 text-sm">
        <div>
          <dt className="text-muted-foreground text-xs">
            {t("dashboard.categories.weeklyBudget")}
          </dt>
          <dd className="font-medium tabular-nums" data-testid="category-weekly-budget">
            {money(category.weeklyBudgetCents)}
          </dd>
        </div>
        <div>
          <dt className="text-muted-foreground text-xs">
            {t("dashboard.categories.monthlyBudget")}
          </dt>
          <dd className="font-medium tabular-nums" data-testid="category-monthly-budget">
            {money(category.monthlyBudgetCents)}
          </dd>
        </div>
      </dl>
      {share ? (
        // A member's share against the family's budget, without the status: see CategoryCards.
        <>
          <Progress
            value={percent}
            aria-label={`${category.name}: ${shareLine}`}
            indicatorClassName="bg-primary"
          />
          <p data-testid="category-status" className="text-muted-foreground text-sm tabular-nums">
            {shareLine}
          </p>
        </>
      ) : (
        <>
          <Progress
            value={percent}
            aria-label={t("dashboard.categories.progress", { name: category.name, percent })}
            indicatorClassName={toneBar[status.tone]}
          />
          <p
            data-testid="category-status"
            data-tone={status.tone}
            className={cn("font-medium text-sm tabular-nums", toneText[status.tone])}
          >
            {status.tone === "destructive"
              ? t("dashboard.categories.over", { amount: money(status.overByCents) })
              : t("dashboard.categories.available", { percent: status.availablePercent })}
          </p>
        </>
      )}
    </Card>
  );
}

/**
 * One card per category: spent, weekly and monthly budget, progress capped at 100%, status.
 *
 * Viewed as a member (`share`, docs/product.md#viewing-as-a-member) the spent is their share and
 * the budgets stay the family's: the bar and its line say how much of the family's budget the
 * share is, in a neutral colour, and no status. 'X% disponível' or 'acima da meta' measure what
 * is left of a budget the whole family spends from; one person's share under it says nothing of
 * whether the family is within it, so a status there would mislead.
 */
export function CategoryCards({
  categories,
  share = false,
}: {
  categories: CategorySummary[];
  share?: boolean;
}) {
  const { t } = useTranslation(dashboardTexts);
  return (
    <section aria-labelledby="categories-title" className="space-y-3">
      <h2 id="categories-title" className="font-semibold text-lg">
        {t("dashboard.categories.title")}
      </h2>
      {categories.length === 0 ? (
        <Card className="flex flex-col items-start gap-3 p-5 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-muted-foreground text-sm">{t("dashboard.categories.empty")}</p>
          <Button asChild variant="outline" size="sm">
            <Link href="/categories">{t("dashboard.categories.create")}</Link>
          </Button>
        </Card>
      ) : (
        <ul className="grid gap-3 md:grid-cols-2 lg:grid-cols-3">
          {categories.map((category) => (
            <li key={category.categoryId} data-testid="category-card" className="min-w-0">
              <CategoryCard category={category} share={share} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
