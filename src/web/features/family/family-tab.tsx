import { ChevronRight, History } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { useFamilyQuery } from "../../api/family/get-family";
import { BudgetPeriodSection } from "./budget-period-section";
import { CardSpendingSection } from "./card-spending-section";
import { FamilyActions } from "./family-actions";
import { FamilyDetails } from "./family-details";
import { FamilySetup } from "./family-setup";
import { SplitRulesSection } from "./split-rules-section";
import { familyTexts } from "./texts";

/**
 * The Profile page's family tab, also the body of /family: the family (members, invites,
 * removal by the owner, its budget month, how card purchases count and its default split, then leaving, handing over or deleting it), or the ways
 * to get one (create, join).
 */
export function FamilyTab() {
  const { t } = useTranslation(familyTexts);
  const { data: family, isLoading, error } = useFamilyQuery();
  if (isLoading) {
    return (
      <p role="status" className="py-6 text-center text-muted-foreground">
        {t("family.loading")}
      </p>
    );
  }
  if (error) {
    return (
      <p role="alert" className="py-6 text-center text-destructive">
        {t("family.loadError")}
      </p>
    );
  }
  if (!family) return <FamilySetup />;
  return (
    <div className="grid grid-cols-1 gap-6">
      <FamilyDetails family={family} />
      <BudgetPeriodSection family={family} />
      <CardSpendingSection family={family} />
      <SplitRulesSection family={family} />
      <HistoryLink />
      <FamilyActions family={family} />
    </div>
  );
}

/** The way to the family's history (docs/product.md#family-history). */
function HistoryLink() {
  const { t } = useTranslation(familyTexts);
  return (
    <Link
      href="/family/history"
      className="flex min-h-11 items-center gap-3 rounded-2xl border bg-card p-4 hover:bg-accent focus-visible:outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
    >
      <History className="size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
      <span className="grid flex-1 gap-0.5">
        <span className="font-medium">{t("historyLink.label")}</span>
        <span className="text-muted-foreground text-sm">{t("historyLink.hint")}</span>
      </span>
      <ChevronRight className="size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
    </Link>
  );
}
