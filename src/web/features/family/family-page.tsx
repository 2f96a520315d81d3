import { ArrowLeft } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { useFamilyQuery } from "../../api/family/get-family";
import { PageTitle } from "../../components/layout/page-title";
import { Button } from "../../components/ui/button";
import { useDocumentTitle } from "../../lib/use-document-title";
import { FamilyTab } from "./family-tab";
import { familyTexts } from "./texts";

export function FamilyPage() {
  const { t } = useTranslation(familyTexts);
  const title = t("pages.family.title");
  useDocumentTitle(title);
  const { data: family, isLoading } = useFamilyQuery();
  return (
    <div className="mx-auto grid w-full max-w-2xl grid-cols-1 gap-6">
      <div className="grid gap-2">
        <PageTitle>{title}</PageTitle>
        {isLoading ? null : (
          <p className="text-muted-foreground">
            {family ? t("family.page.introMember") : t("family.page.introNoFamily")}
          </p>
        )}
      </div>
      <FamilyTab />
      {family ? (
        <Button asChild variant="outline" className="w-full sm:w-fit">
          <Link href="/">
            <ArrowLeft aria-hidden="true" />
            {t("family.page.toDashboard")}
          </Link>
        </Button>
      ) : null}
    </div>
  );
}
