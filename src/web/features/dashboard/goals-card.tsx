import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { toCents } from "../../../contract/cents";
import type { Goal } from "../../../contract/goals";
import { progressPercent } from "../../../domain/budget";
import { Card } from "../../components/ui/card";
import { Progress } from "../../components/ui/progress";
import { useLanguage } from "../../i18n/use-language";
import { formatMoney } from "../../lib/format";
import { dashboardTexts } from "./texts";

/** How many goals the card shows, in the screen's order; the rest are a tap away. */
const GOALS_SHOWN = 3;

/** Each goal as 'IPVA 2027 · R$ 800,00 de R$ 2.400,00' over its bar, and 'Ver caixinhas'. */
export function GoalsCard({ goals }: { goals: readonly Goal[] }) {
  const { t } = useTranslation(dashboardTexts);
  const language = useLanguage();
  return (
    <section aria-labelledby="dashboard-goals-title">
      <Card className="grid gap-3 p-4 sm:p-5" data-testid="dashboard-goals">
        <div className="flex flex-wrap items-baseline justify-between gap-x-3">
          <h2 id="dashboard-goals-title" className="font-semibold">
            {t("dashboard.goals.title")}
          </h2>
          <Link href="/goals" className="text-primary text-sm underline underline-offset-4">
            {t("dashboard.goals.all")}
          </Link>
        </div>
        <ul className="grid gap-3 text-sm">
          {goals.slice(0, GOALS_SHOWN).map((goal) => {
            const percent = Math.round(
              progressPercent(Math.max(0, toCents(goal.saved)), toCents(goal.targetAmount)),
            );
            return (
              <li key={goal.id} className="grid gap-1">
                <div className="flex flex-wrap justify-between gap-x-3">
                  <span className="min-w-0 break-words font-medium">{goal.name}</span>
                  <span className="tabular-nums">
                    {t("dashboard.goals.progress", {
                      saved: formatMoney(goal.saved, language),
                      target: formatMoney(goal.targetAmount, language),
                    })}
                  </span>
                </div>
                <Progress
                  value={percent}
                  aria-label={t("dashboard.goals.share", { name: goal.name, percent })}
                />
              </li>
            );
          })}
        </ul>
      </Card>
    </section>
  );
}
