import { useTranslation } from "react-i18next";
import { useFamilyQuery } from "../../api/family/get-family";
import { FamilyActions } from "./family-actions";
import { FamilyDetails } from "./family-details";
import { FamilySetup } from "./family-setup";

/**
 * The Profile page's family tab, also the body of /family: the family (members, invites,
 * removal by the owner, then leaving, handing over or deleting it), or the ways to get one
 * (create, join).
 */
export function FamilyTab() {
  const { t } = useTranslation();
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
      <FamilyActions family={family} />
    </div>
  );
}
