import { Lock } from "lucide-react";
import { useTranslation } from "react-i18next";
import { toCents } from "../../../contract/cents";
import type { Goal, GoalList } from "../../../contract/goals";
import { Badge } from "../../components/ui/badge";
import { Progress } from "../../components/ui/progress";
import { useLanguage } from "../../i18n/use-language";
import { formatMoney } from "../../lib/format";
import { goalMonthOf, savedPercent } from "./goals-view";
import { goalsTexts } from "./texts";

/**
 * What a goal's card says (docs/product.md#caixinhas-savings-goals): 'R$ 800,00 de R$ 2.400,00'
 * with its bar, what is left, 'R$ 533,34 por mês até mar/2027' and the track when it has a month
 * (the server's figures, domain/goals.ts), the account that holds it and 'Privada' for the
 * person's own.
 */
export function GoalSummary({ goal, accountName }: { goal: Goal; accountName?: string }) {
  const { t } = useTranslation(goalsTexts);
  const language = useLanguage();
  const percent = savedPercent(goal);
  const reached = toCents(goal.left) <= 0;
  const money = (amount: string) => formatMoney(amount, language);
  const details = [
    accountName ? t("goals.heldIn", { name: accountName }) : null,
    goal.isPrivate ? t("goals.private") : null,
  ].filter((detail) => detail !== null);
  return (
    <div className="grid min-w-0 gap-1.5">
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="break-words font-semibold leading-tight">{goal.name}</h2>
        {goal.isPrivate ? (
          <Lock aria-hidden="true" className="size-4 text-muted-foreground" />
        ) : null}
        {goal.onTrack === null ? null : (
          <Badge variant={goal.onTrack ? "secondary" : "warning"}>
            {t(goal.onTrack ? "goals.onTrack" : "goals.behind")}
          </Badge>
        )}
      </div>
      <p className="text-sm tabular-nums" data-testid="goal-progress">
        {t("goals.progress", { saved: money(goal.saved), target: money(goal.targetAmount) })}
      </p>
      <Progress
        value={percent}
        aria-label={t("goals.progressShare", { name: goal.name, percent })}
      />
      <p className="text-muted-foreground text-sm tabular-nums">
        {reached ? t("goals.reached") : t("goals.left", { amount: money(goal.left) })}
      </p>
      {goal.perMonth !== null && goal.targetDate !== null && !reached ? (
        <p className="font-medium text-sm tabular-nums" data-testid="goal-per-month">
          {t("goals.perMonth", {
            amount: money(goal.perMonth),
            month: t("goals.month", goalMonthOf(goal.targetDate, language)),
          })}
        </p>
      ) : null}
      {details.length > 0 ? (
        <p className="text-muted-foreground text-sm">{details.join(" · ")}</p>
      ) : null}
    </div>
  );
}

/** Other members' private goals, unnamed: how many, and their sums ('2 caixinhas privadas de outros'). */
export function OthersPrivateLine({ others }: { others: GoalList["othersPrivate"] }) {
  const { t } = useTranslation(goalsTexts);
  const language = useLanguage();
  if (others.count === 0) return null;
  return (
    <p className="text-muted-foreground text-sm tabular-nums" data-testid="goals-others-private">
      {t("goals.othersPrivate", {
        count: others.count,
        saved: formatMoney(others.saved, language),
        target: formatMoney(others.target, language),
      })}
    </p>
  );
}
