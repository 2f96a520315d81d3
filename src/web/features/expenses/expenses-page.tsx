import { Repeat, Upload } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { useFamilyQuery } from "../../api/family/get-family";
import { PageTitle } from "../../components/layout/page-title";
import { RequireFamily } from "../../components/require-family";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardHeader } from "../../components/ui/card";
import { Skeleton } from "../../components/ui/skeleton";
import { useDocumentTitle } from "../../lib/use-document-title";
import { ExpenseForm } from "./expense-form";
import { ExpenseList } from "./expense-list";
import { PendingExpenses } from "./pending-expenses";
import { expensesTexts } from "./texts";

export function ExpensesPage() {
  const { t } = useTranslation(expensesTexts);
  const title = t("pages.expenses.title");
  useDocumentTitle(title);
  const family = useFamilyQuery();

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <PageTitle>{title}</PageTitle>
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="outline">
            <Link href="/expenses/recurring">
              <Repeat aria-hidden="true" />
              {t("expenses.recurringLink")}
            </Link>
          </Button>
          <Button asChild variant="outline">
            <Link href="/expenses/import">
              <Upload aria-hidden="true" />
              {t("expenses.importLink")}
            </Link>
          </Button>
        </div>
      </div>
      <RequireFamily family={family} fallback={<Skeleton className="h-48 w-full rounded-2xl" />}>
        <Card>
          <CardHeader>
            <h2 className="font-semibold text-lg leading-tight">{t("expenses.form.title")}</h2>
          </CardHeader>
          <CardContent>
            <ExpenseForm />
          </CardContent>
        </Card>
        <PendingExpenses />
        <ExpenseList />
      </RequireFamily>
    </div>
  );
}
