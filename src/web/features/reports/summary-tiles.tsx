import { useTranslation } from "react-i18next";
import type { MonthSummary } from "../../../domain/month-summary";
import type { ViewedMember } from "../../api/family/view-choices";
import { Card } from "../../components/ui/card";
import { useLanguage } from "../../i18n/use-language";
import { localeOf, monthInSentence } from "../../lib/format";
import { useMoney } from "../../lib/use-money";
import { cn } from "../../lib/utils";
import { formatShare, monthBalance } from "./report-view";
import { reportsTexts } from "./texts";

/** Total Orçado, Total Gasto, and Excesso (over) or Economia (under or equal), absolute. */
export function SummaryTiles({
  summary,
  viewed = null,
  month,
}: {
  summary: MonthSummary;
  /** Viewed as a member: ShareTiles. */
  viewed?: ViewedMember | null;
  month: number;
}) {
  const { t } = useTranslation(reportsTexts);
  const money = useMoney();
  if (viewed) return <ShareTiles summary={summary} viewed={viewed} month={month} />;
  const balance = monthBalance(summary);
  const excess = balance.kind === "excess";
  return (
    <section aria-labelledby="summary-title">
      <h2 id="summary-title" className="sr-only">
        {t("reports.summary.title")}
      </h2>
      <dl className="grid gap-3 sm:grid-cols-3">
        <Card className="p-4 sm:p-5" data-testid="total-budgeted">
          <dt className="text-muted-foreground text-sm">{t("reports.summary.budgeted")}</dt>
          <dd className="mt-1 font-bold text-2xl tabular-nums">
            {money(summary.totalBudgetCents)}
          </dd>
        </Card>
        <Card className="p-4 sm:p-5" data-testid="total-spent">
          <dt className="text-muted-foreground text-sm">{t("reports.summary.spent")}</dt>
          <dd className="mt-1 font-bold text-2xl tabular-nums">{money(summary.totalSpentCents)}</dd>
        </Card>
        <Card
          className={cn("p-4 sm:p-5", excess ? "border-destructive/40" : "border-primary/30")}
          data-testid="balance"
        >
          <dt className="text-muted-foreground text-sm">
            {excess ? t("reports.summary.excess") : t("reports.summary.savings")}
          </dt>
          <dd
            className={cn(
              "mt-1 font-bold text-2xl tabular-nums",
              excess ? "text-destructive" : "text-success",
            )}
          >
            {money(balance.amountCents)}
          </dd>
        </Card>
      </dl>
    </section>
  );
}

/**
 * The tiles viewed as a member (docs/product.md#viewing-as-a-member): the family's budget (budgets
 * stay the family's), their share, and how much of the budget it is. Not 'Excesso' or 'Economia':
 * what a budget the whole family spends from has left says nothing of one person's share.
 */
function ShareTiles({
  summary,
  viewed,
  month,
}: {
  summary: MonthSummary;
  viewed: ViewedMember;
  month: number;
}) {
  const { t } = useTranslation(reportsTexts);
  const language = useLanguage();
  const money = useMoney();
  const { totalBudgetCents, totalSpentCents } = summary;
  const monthName = monthInSentence(month, language);
  return (
    <section aria-labelledby="summary-title" className="space-y-3">
      <h2 id="summary-title" className="font-semibold text-lg" data-testid="view-heading">
        {viewed.me
          ? t("viewAs.myShareIn", { month: monthName })
          : t("viewAs.shareIn", { name: viewed.name, month: monthName })}
      </h2>
      <dl className="grid gap-3 sm:grid-cols-3">
        <Card className="p-4 sm:p-5" data-testid="total-budgeted">
          <dt className="text-muted-foreground text-sm">{t("viewAs.familyBudget")}</dt>
          <dd className="mt-1 font-bold text-2xl tabular-nums">{money(totalBudgetCents)}</dd>
        </Card>
        <Card className="p-4 sm:p-5" data-testid="total-spent">
          <dt className="text-muted-foreground text-sm">
            {viewed.me ? t("viewAs.myShare") : t("viewAs.share", { name: viewed.name })}
          </dt>
          <dd className="mt-1 font-bold text-2xl tabular-nums">{money(totalSpentCents)}</dd>
        </Card>
        <Card className="p-4 sm:p-5" data-testid="share-of-budget">
          <dt className="text-muted-foreground text-sm">{t("reports.summary.ofFamilyBudget")}</dt>
          <dd className="mt-1 font-bold text-2xl tabular-nums">
            {totalBudgetCents > 0
              ? formatShare(totalSpentCents / totalBudgetCents, localeOf(language))
              : t("reports.table.noBudget")}
          </dd>
        </Card>
      </dl>
    </section>
  );
}
