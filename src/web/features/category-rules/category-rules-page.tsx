import { ChevronDown, Plus } from "lucide-react";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import type { CategoryRule } from "../../../contract/category-rules";
import { useCategories } from "../../api/categories/get-categories";
import { useDeleteCategoryRule } from "../../api/category-rules/delete-category-rule";
import { useCategoryRules } from "../../api/category-rules/get-category-rules";
import { useReorderCategoryRules } from "../../api/category-rules/reorder-category-rules";
import { useFamilyQuery } from "../../api/family/get-family";
import { usePayerName } from "../../api/family/payer-names";
import { usePaymentMethods } from "../../api/payment-methods/get-payment-methods";
import { BackLink } from "../../components/back-link";
import { ConfirmDeleteDialog } from "../../components/confirm-delete-dialog";
import { PageTitle } from "../../components/layout/page-title";
import { mainContentId } from "../../components/layout/skip-link";
import { RequireFamily } from "../../components/require-family";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { Card, CardContent } from "../../components/ui/card";
import { Skeleton } from "../../components/ui/skeleton";
import { useEntityActions } from "../../components/use-entity-actions";
import { useLanguage } from "../../i18n/use-language";
import { toastError } from "../../lib/toast-error";
import { useDocumentTitle } from "../../lib/use-document-title";
import { CategoryRuleDialog } from "./category-rule-dialog";
import { movedIds, type RuleNames, ruleSummary } from "./rules-view";
import { categoryRulesTexts } from "./texts";

type Actions = {
  onEdit: (rule: CategoryRule) => void;
  onDelete: (rule: CategoryRule) => void;
};

function RuleList({ onEdit, onDelete }: Actions) {
  const { t } = useTranslation(categoryRulesTexts);
  const language = useLanguage();
  const rules = useCategoryRules();
  const categories = useCategories();
  const methods = usePaymentMethods();
  const person = usePayerName();
  const reorder = useReorderCategoryRules();
  const names = useMemo<Omit<RuleNames, "person">>(() => {
    const categoryNames = new Map(categories.data?.map((c) => [c.id, c.name]));
    const methodNames = new Map(methods.data?.map((m) => [m.id, m.name]));
    return {
      category: (id) => categoryNames.get(id) ?? "",
      method: (id) => methodNames.get(id),
    };
  }, [categories.data, methods.data]);

  if (rules.isError) return <Alert variant="destructive">{t("categoryRules.loadError")}</Alert>;
  if (!rules.data) return <Skeleton className="h-32 w-full rounded-2xl" />;
  const list = rules.data.items;
  if (list.length === 0) {
    return (
      <Card>
        <CardContent className="grid gap-1 py-10 text-center sm:py-12">
          <h2 className="font-semibold text-lg">{t("categoryRules.empty")}</h2>
          <p className="text-muted-foreground text-sm">{t("categoryRules.emptyHint")}</p>
        </CardContent>
      </Card>
    );
  }
  // The buttons stay enabled while a move is sent, so the focus stays on the one pressed; at the
  // ends of the list they say they cannot move (aria-disabled) rather than drop the focus.
  const move = (index: number, by: -1 | 1) => {
    const ids = movedIds(list, index, by);
    if (!ids || reorder.isPending) return;
    reorder.mutate(ids, {
      onError: (error) => toastError(error, t("categoryRules.toast.moveError")),
    });
  };
  return (
    <ol className="grid gap-3" aria-label={t("categoryRules.title")}>
      {list.map((rule, index) => {
        const { headline, details } = ruleSummary(rule, { ...names, person }, t, language);
        // The pattern completes each button's accessible name: the list repeats them.
        const named = <span className="sr-only"> {rule.pattern}</span>;
        return (
          <li key={rule.id}>
            <Card>
              <CardContent className="grid gap-3 p-4 sm:flex sm:items-center sm:p-5">
                <div className="grid min-w-0 flex-1 gap-0.5">
                  <p className="break-words font-semibold leading-tight">{headline}</p>
                  {details.length > 0 ? (
                    <p className="text-muted-foreground text-sm">{details.join(" · ")}</p>
                  ) : null}
                </div>
                <div className="flex flex-wrap gap-2">
                  <Button
                    variant="outline"
                    size="icon"
                    aria-label={t("categoryRules.moveUp", { pattern: rule.pattern })}
                    aria-disabled={index === 0}
                    className="aria-disabled:opacity-50"
                    onClick={() => move(index, -1)}
                  >
                    <ChevronDown aria-hidden="true" className="rotate-180" />
                  </Button>
                  <Button
                    variant="outline"
                    size="icon"
                    aria-label={t("categoryRules.moveDown", { pattern: rule.pattern })}
                    aria-disabled={index === list.length - 1}
                    className="aria-disabled:opacity-50"
                    onClick={() => move(index, 1)}
                  >
                    <ChevronDown aria-hidden="true" />
                  </Button>
                  <Button variant="outline" size="sm" onClick={() => onEdit(rule)}>
                    {t("categoryRules.edit")}
                    {named}
                  </Button>
                  <Button
                    variant="outline"
                    size="sm"
                    className="text-destructive hover:text-destructive"
                    onClick={() => onDelete(rule)}
                  >
                    {t("categoryRules.delete")}
                    {named}
                  </Button>
                </div>
              </CardContent>
            </Card>
          </li>
        );
      })}
    </ol>
  );
}

/**
 * "Regras de categoria" (docs/product.md#category-rules): the family's rules in the order they
 * apply, the first match deciding an expense's category; reached from Categories and the import.
 */
export function CategoryRulesPage() {
  const { t } = useTranslation(categoryRulesTexts);
  const title = t("categoryRules.title");
  useDocumentTitle(title);
  const familyQuery = useFamilyQuery();
  const actions = useEntityActions<CategoryRule>({
    remove: useDeleteCategoryRule(),
    deleted: () => t("categoryRules.toast.deleted"),
    deleteError: t("categoryRules.toast.deleteError"),
    // A deleted row takes its button with it: focus continues from the page's main content.
    focusAfterDelete: () => document.getElementById(mainContentId),
  });
  const { deleting } = actions;
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="grid gap-2">
          <BackLink href="/categories">{t("nav.categories")}</BackLink>
          <PageTitle>{title}</PageTitle>
          <p className="text-muted-foreground text-sm">{t("categoryRules.intro")}</p>
        </div>
        {familyQuery.data ? (
          <Button onClick={actions.create}>
            <Plus aria-hidden="true" />
            {t("categoryRules.new")}
          </Button>
        ) : null}
      </div>
      <RequireFamily
        family={familyQuery}
        fallback={<Skeleton className="h-32 w-full rounded-2xl" />}
      >
        <RuleList onEdit={actions.edit} onDelete={actions.askDelete} />
        <CategoryRuleDialog
          open={actions.form.open}
          rule={actions.form.entity}
          onClose={actions.form.onClose}
        />
        <ConfirmDeleteDialog
          {...actions.confirmDelete}
          title={t("categoryRules.deleteDialog.title")}
          message={
            deleting ? t("categoryRules.deleteDialog.message", { pattern: deleting.pattern }) : ""
          }
          cancelLabel={t("categoryRules.form.cancel")}
          confirmLabel={t("categoryRules.delete")}
          pendingLabel={t("categoryRules.deleteDialog.deleting")}
        />
      </RequireFamily>
    </div>
  );
}
