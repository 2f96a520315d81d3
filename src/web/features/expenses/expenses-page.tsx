import { useTranslation } from "react-i18next";
import { ExpenseForm } from "../../components/expense-form";
import { PageTitle } from "../../components/layout/page-title";
import { NoFamilyCard } from "../../components/no-family-card";
import { Card, CardContent, CardHeader } from "../../components/ui/card";
import { Skeleton } from "../../components/ui/skeleton";
import { useFamily } from "../../lib/family-queries";
import { useDocumentTitle } from "../../lib/use-document-title";
import { ExpenseList } from "./expense-list";

export function ExpensesPage() {
  const { t } = useTranslation();
  const title = t("pages.expenses.title");
  useDocumentTitle(title);
  const { family, isLoading } = useFamily();

  return (
    <div className="grid gap-6">
      <PageTitle>{title}</PageTitle>
      {isLoading ? (
        <Skeleton className="h-48 w-full rounded-2xl" />
      ) : family ? (
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
