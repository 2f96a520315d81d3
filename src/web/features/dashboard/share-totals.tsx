import { useTranslation } from "react-i18next";
import { toCents } from "../../../contract/cents";
import type { MonthSummaryResponse } from "../../../contract/summary";
import { usagePercent } from "../../../domain/budget";
import type { MonthSummary } from "../../../domain/month-summary";
import { useFamilyPeople } from "../../api/family/get-family-people";
import { usePayerName } from "../../api/family/payer-names";
import type { ViewedMember } from "../../api/family/view-choices";
import { Card } from "../../components/ui/card";
import { useLanguage } from "../../i18n/use-language";
import { monthInSentence } from "../../lib/format";
import { useMoney } from "../../lib/use-money";
import { dashboardTexts } from "./texts";

/**
 * Who paid a member's share, in the family's order (the owner, then by joining; as the split's
 * preview names them), anyone the family no longer knows last: "Ana R$ 80,00 · Léo R$ 90,00".
 */
export function payersInFamilyOrder(
  spentByPayer: MonthSummaryResponse["spentByPayer"],
  order: readonly string[],
): MonthSummaryResponse["spentByPayer"] {
  const rank = (userId: string | null) => {
    const index = userId ? order.indexOf(userId) : -1;
    return index === -1 ? order.length : index;
  };
  return [...spentByPayer].sort((a, b) => rank(a.userId) - rank(b.userId));
}

/**
 * The month's totals viewed as a member (docs/product.md#viewing-as-a-member): their share, the
 * family's budget (budgets stay the family's) with how much of it the share is, and who paid the
 * share. No remaining balance: what is left of a budget the whole family spends says nothing
 * about one person's share, and "within the budget" beside it would mislead.
 */
export function ShareTotals({
  summary,
  spentByPayer,
  viewed,
  month,
}: {
  summary: MonthSummary;
  spentByPayer: MonthSummaryResponse["spentByPayer"];
  viewed: ViewedMember;
  month: number;
}) {
  const { t } = useTranslation(dashboardTexts);
  const language = useLanguage();
  const money = useMoney();
  const payerName = usePayerName();
  const people = useFamilyPeople();
  const payers = payersInFamilyOrder(
    spentByPayer,
    (people.data ?? []).map((person) => person.userId),
  );
  const monthName = monthInSentence(month, language);
  const { totalSpentCents, totalBudgetCents } = summary;
  return (
    <section aria-labelledby="month-totals-title" className="space-y-3">
      <h2 id="month-totals-title" className="font-semibold text-lg" data-testid="view-heading">
        {viewed.me
          ? t("viewAs.myShareIn", { month: monthName })
          : t("viewAs.shareIn", { name: viewed.name, month: monthName })}
      </h2>
      <dl className="grid gap-3 sm:grid-cols-3">
        <Card className="p-4 sm:p-5" data-testid="total-spent">
          <dt className="text-muted-foreground text-sm">
            {viewed.me ? t("viewAs.myShare") : t("viewAs.share", { name: viewed.name })}
          </dt>
          <dd className="mt-1">
            <span className="block font-bold text-2xl tabular-nums">{money(totalSpentCents)}</span>
            {totalBudgetCents > 0 ? (
              <span className="block text-muted-foreground text-xs">
                {t("viewAs.ofBudget", {
                  percent: Math.round(usagePercent(totalSpentCents, totalBudgetCents)),
                })}
              </span>
            ) : null}
          </dd>
        </Card>
        <Card className="p-4 sm:p-5" data-testid="total-budget">
          <dt className="text-muted-foreground text-sm">{t("viewAs.familyBudget")}</dt>
          <dd className="mt-1 font-bold text-2xl tabular-nums">{money(totalBudgetCents)}</dd>
        </Card>
        <Card className="p-4 sm:p-5" data-testid="share-payers">
          <dt className="text-muted-foreground text-sm">
            {viewed.me ? t("viewAs.paidMyShare") : t("viewAs.paidShare", { name: viewed.name })}
          </dt>
          <dd className="mt-1 font-semibold tabular-nums" data-testid="share-payers-line">
            {payers.length === 0
              ? t("viewAs.nothingShared")
              : payers
                  .map((payer) => `${payerName(payer.userId)} ${money(toCents(payer.spent))}`)
                  .join(" · ")}
          </dd>
        </Card>
      </dl>
    </section>
  );
}
