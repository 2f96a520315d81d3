import { useTranslation } from "react-i18next";
import { useFamilyQuery } from "../../api/family/get-family";
import { PageTitle } from "../../components/layout/page-title";
import { NoFamilyCard } from "../../components/no-family-card";
import { Card, CardContent, CardHeader } from "../../components/ui/card";
import { Skeleton } from "../../components/ui/skeleton";
import { useDocumentTitle } from "../../lib/use-document-title";
import { ExpenseForm } from "./expense-form";
import { ExpenseList } from "./expense-list";

export function ExpensesPage() {
  const { t } = useTranslation();
  const title = t("pages.expenses.title");
  useDocumentTitle(title);
  // RequireFamily: replace this family check with <RequireFamily fallback={<Skeleton .../>}> at merge.
  const family = useFamilyQuery();

  return (
    <div className="grid gap-6">
      <PageTitle>{title}</PageTitle>
      {family.isPending ? (
        <Skeleton className="h-48 w-full rounded-2xl" />
      ) : family.data ? (
        <>
          <Card>
            <CardHeader>
              <h2 className="font-semibold text-lg leading-tight">{t("expenses.form.title")}</h2>
            </CardHeader>
            <CardContent>
              <ExpenseForm />
            </CardContent>
          </Card>
          <ExpenseList />
        </>
      ) : (
        <NoFamilyCard />
      )}
    </div>
  );
}
