import { CreditCard, Plus, Zap } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import type { Category } from "../../../contract/categories";
import { useDeleteCategory } from "../../api/categories/delete-category";
import { useCategories } from "../../api/categories/get-categories";
import { useFamilyQuery } from "../../api/family/get-family";
import { ConfirmDeleteDialog } from "../../components/confirm-delete-dialog";
import { PageTitle } from "../../components/layout/page-title";
import { mainContentId } from "../../components/layout/skip-link";
import { RequireFamily } from "../../components/require-family";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardFooter, CardHeader } from "../../components/ui/card";
import { Skeleton } from "../../components/ui/skeleton";
import { useEntityActions } from "../../components/use-entity-actions";
import { useLanguage } from "../../i18n/use-language";
import { formatMoney } from "../../lib/format";
import { useDocumentTitle } from "../../lib/use-document-title";
import { CategoryDialog } from "./category-dialog";
import { CategoryIcon } from "./category-icons";
import { categoriesTexts } from "./texts";

function CategoryCard({
  category,
  onEdit,
  onDelete,
}: {
  category: Category;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation(categoriesTexts);
  const language = useLanguage();
  return (
    <Card className="flex flex-col">
      <CardHeader className="flex-row items-center gap-3">
        <span
          aria-hidden="true"
          className="size-3 shrink-0 rounded-full"
          style={{ backgroundColor: category.color }}
        />
        <h2 className="min-w-0 flex-1 break-words font-semibold text-lg leading-tight">
          {category.name}
        </h2>
        <span
          aria-hidden="true"
          className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-muted"
          style={{ color: category.color }}
        >
          <CategoryIcon name={category.icon} className="size-5" />
        </span>
      </CardHeader>
      <CardContent className="flex-1">
        <dl className="grid grid-cols-2 gap-3">
          <div className="grid gap-1">
            <dt className="text-muted-foreground text-sm">{t("categories.weeklyBudget")}</dt>
            <dd className="font-semibold tabular-nums">
              {formatMoney(category.weeklyBudget, language)}
            </dd>
          </div>
          <div className="grid gap-1">
            <dt className="text-muted-foreground text-sm">{t("categories.monthlyBudget")}</dt>
            <dd className="font-semibold tabular-nums">
              {formatMoney(category.monthlyBudget, language)}
            </dd>
          </div>
        </dl>
      </CardContent>
      <CardFooter className="gap-2">
        {/* The category's name completes each button's accessible name: the grid repeats them. */}
        <Button variant="outline" size="sm" className="flex-1" onClick={onEdit}>
          {t("categories.edit")}
          <span className="sr-only"> {category.name}</span>
        </Button>
        <Button
          variant="outline"
          size="sm"
          className="flex-1 text-destructive hover:text-destructive"
          onClick={onDelete}
        >
          {t("categories.delete")}
          <span className="sr-only"> {category.name}</span>
        </Button>
      </CardFooter>
    </Card>
  );
}

function CategoryGrid({
  onEdit,
  onDelete,
}: {
  onEdit: (category: Category) => void;
  onDelete: (category: Category) => void;
}) {
  const { t } = useTranslation(categoriesTexts);
  const categories = useCategories();
  if (categories.isError) return <Alert variant="destructive">{t("categories.loadError")}</Alert>;
  if (categories.isLoading) {
    return (
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <Skeleton className="h-44 rounded-2xl" />
        <Skeleton className="h-44 rounded-2xl" />
        <Skeleton className="h-44 rounded-2xl" />
      </div>
    );
  }
  const list = categories.data ?? [];
  if (list.length === 0) {
    return (
      <Card>
        <CardContent className="grid gap-1 py-10 text-center sm:py-12">
          <h2 className="font-semibold text-lg">{t("categories.empty")}</h2>
          <p className="text-muted-foreground text-sm">{t("categories.emptyHint")}</p>
        </CardContent>
      </Card>
    );
  }
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {list.map((category) => (
        <li key={category.id} className="grid">
          <CategoryCard
            category={category}
            onEdit={() => onEdit(category)}
            onDelete={() => onDelete(category)}
          />
        </li>
      ))}
    </ul>
  );
}

export function CategoriesPage() {
  const { t } = useTranslation(categoriesTexts);
  const title = t("pages.categories.title");
  useDocumentTitle(title);
  // GET /api/family, which RequireFamily also shows by: "New" only once there is a family.
  const familyQuery = useFamilyQuery();
  const family = familyQuery.data;
  const actions = useEntityActions<Category>({
    remove: useDeleteCategory(),
    deleted: () => t("categories.toast.deleted"),
    deleteError: t("categories.toast.deleteError"),
    // A deleted card takes its button with it: focus continues from the page's main content.
    focusAfterDelete: () => document.getElementById(mainContentId),
  });
  const { deleting } = actions;

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <PageTitle>{title}</PageTitle>
        <div className="flex flex-wrap gap-2">
          {/* The family's accounts and cards are set up beside its categories
              (docs/product.md#payment-methods); the phone's tab bar has no room for a fifth tab. */}
          <Button asChild variant="outline">
            <Link href="/payment-methods">
              <CreditCard aria-hidden="true" />
              {t("pages.paymentMethods.title")}
            </Link>
          </Button>
          {/* Which category an imported or typed expense gets (docs/product.md#category-rules). */}
          <Button asChild variant="outline">
            <Link href="/categories/rules">
              <Zap aria-hidden="true" />
              {t("categories.rules")}
            </Link>
          </Button>
          {family ? (
            <Button onClick={actions.create}>
              <Plus aria-hidden="true" />
              {t("categories.new")}
            </Button>
          ) : null}
        </div>
      </div>
      <RequireFamily
        family={familyQuery}
        fallback={<Skeleton className="h-44 w-full rounded-2xl" />}
      >
        <CategoryGrid onEdit={actions.edit} onDelete={actions.askDelete} />
        <CategoryDialog
          open={actions.form.open}
          category={actions.form.entity}
          onClose={actions.form.onClose}
        />
        <ConfirmDeleteDialog
          {...actions.confirmDelete}
          title={t("categories.deleteDialog.title")}
          message={deleting ? t("categories.deleteDialog.message", { name: deleting.name }) : ""}
          cancelLabel={t("categories.deleteDialog.cancel")}
          confirmLabel={t("categories.deleteDialog.confirm")}
          pendingLabel={t("categories.deleteDialog.deleting")}
        />
      </RequireFamily>
    </div>
  );
}
