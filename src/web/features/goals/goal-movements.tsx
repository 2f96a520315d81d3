import { useTranslation } from "react-i18next";
import type { Goal } from "../../../contract/goals";
import { useDeleteContribution } from "../../api/goals/delete-contribution";
import { useContributions } from "../../api/goals/get-contributions";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { Skeleton } from "../../components/ui/skeleton";
import { useLanguage } from "../../i18n/use-language";
import { formatDate, formatSignedMoney } from "../../lib/format";
import { toastError } from "../../lib/toast-error";
import { toast } from "../../lib/use-toast";
import { goalsTexts } from "./texts";

/**
 * A goal's money put in and taken out, newest first, each undone by 'Desfazer' with the transfer
 * it made (docs/product.md#caixinhas-savings-goals). The server refuses an undo the withdrawals
 * since depend on, in its own words; one whose transfer was cleared against the bank is asked
 * first (lib/api-client.ts).
 */
export function GoalMovements({
  goal,
  accountName,
}: {
  goal: Goal;
  accountName: (id: string) => string | undefined;
}) {
  const { t } = useTranslation(goalsTexts);
  const language = useLanguage();
  const contributions = useContributions(goal.id);
  const undo = useDeleteContribution();
  if (contributions.isError) {
    return <Alert variant="destructive">{t("goals.movement.loadError")}</Alert>;
  }
  if (!contributions.data) return <Skeleton className="h-12 w-full" />;
  const items = contributions.data.items;
  if (items.length === 0) {
    return <p className="text-muted-foreground text-sm">{t("goals.movement.empty")}</p>;
  }
  const remove = async (id: string) => {
    try {
      await undo.mutateAsync({ goalId: goal.id, id });
      toast({ title: t("goals.toast.undone") });
    } catch (error) {
      toastError(error, t("goals.toast.saveError"));
    }
  };
  return (
    <ul
      className="divide-y rounded-lg border"
      aria-label={t("goals.movement.listOf", { name: goal.name })}
    >
      {items.map((item) => {
        const from = item.fromMethodId ? accountName(item.fromMethodId) : undefined;
        const amount = formatSignedMoney(item.amount, language);
        return (
          <li
            key={item.id}
            className="flex flex-wrap items-center justify-between gap-2 px-3 py-2"
            data-testid="goal-movement"
          >
            <div className="grid min-w-0 gap-0.5">
              <span className="font-medium text-sm tabular-nums">{amount}</span>
              <span className="text-muted-foreground text-xs">
                {formatDate(item.date, language)}
                {from ? ` · ${t("goals.movement.cameFrom", { name: from })}` : null}
                {item.note ? ` · ${item.note}` : null}
              </span>
            </div>
            <Button
              variant="outline"
              size="sm"
              disabled={undo.isPending}
              onClick={() => remove(item.id)}
            >
              {t("goals.movement.undo")}
              <span className="sr-only">
                {" "}
                {amount} {formatDate(item.date, language)}
              </span>
            </Button>
          </li>
        );
      })}
    </ul>
  );
}
