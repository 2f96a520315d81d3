import { ArrowLeft, Plus } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import type { RecurringRule } from "../../../contract/recurring";
import { useCategories } from "../../api/categories/get-categories";
import { useFamilyQuery } from "../../api/family/get-family";
import { usePayerName } from "../../api/family/payer-names";
import { useDeleteRecurringRule } from "../../api/recurring/delete-recurring-rule";
import { useRecurringRules } from "../../api/recurring/get-recurring-rules";
import { useUpdateRecurringRule } from "../../api/recurring/update-recurring-rule";
import { ConfirmDeleteDialog } from "../../components/confirm-delete-dialog";
import { PageTitle } from "../../components/layout/page-title";
import { mainContentId } from "../../components/layout/skip-link";
import { RequireFamily } from "../../components/require-family";
import { Alert } from "../../components/ui/alert";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardFooter, CardHeader } from "../../components/ui/card";
import { Skeleton } from "../../components/ui/skeleton";
import { useEntityActions } from "../../components/use-entity-actions";
import { useLanguage } from "../../i18n/use-language";
import { formatDate, formatMoney } from "../../lib/format";
import { toastError } from "../../lib/toast-error";
import { useDocumentTitle } from "../../lib/use-document-title";
import { toast } from "../../lib/use-toast";
import { RuleDialog } from "./rule-dialog";
import { scheduleText } from "./schedule-text";
import { recurringTexts } from "./texts";

function RuleCard({
  rule,
  categoryName,
  onEdit,
  onDelete,
}: {
  rule: RecurringRule;
  categoryName: string;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation(recurringTexts);
  const language = useLanguage();
  const payerName = usePayerName();
  const updateRule = useUpdateRecurringRule();
  const schedule = scheduleText(rule, language, t);
  const payer = payerName(rule.paidByUserId);
  const income = rule.entry === "income";

  const togglePause = async () => {
    try {
      await updateRule.mutateAsync({ id: rule.id, input: { paused: !rule.paused } });
      const key = rule.paused ? "resumed" : "paused";
      toast({ title: t(income ? `recurring.toast.${key}Income` : `recurring.toast.${key}`) });
    } catch (error) {
      toastError(error, t("recurring.toast.saveError"));
    }
  };

  const status = rule.paused
    ? t("recurring.paused")
    : rule.nextDate
      ? t("recurring.next", { date: formatDate(rule.nextDate, language) })
      : t("recurring.ended");
  const start = formatDate(rule.startDate, language);
  return (
    <Card className="flex flex-col" data-testid="recurring-rule">
      <CardHeader className="flex-row items-start gap-3">
        <div className="min-w-0 flex-1">
          <h2 className="break-words font-semibold text-lg leading-tight">{rule.description}</h2>
          <p className="text-muted-foreground text-sm">
            {income
              ? `${t("recurring.incomeLabel")} · ${t(`recurring.incomeKind.${rule.incomeKind ?? "other"}`)}`
              : categoryName}
          </p>
        </div>
        <span
          className={`font-bold text-lg tabular-nums${income ? " text-emerald-700 dark:text-emerald-400" : ""}`}
        >
          {income ? "+" : ""}
          {formatMoney(rule.amount, language)}
        </span>
      </CardHeader>
      <CardContent className="grid flex-1 gap-1 text-sm">
        <p>{t(schedule.key, schedule.values)}</p>
        <p className="text-muted-foreground">
          {rule.endDate
            ? t("recurring.periodEnd", { start, end: formatDate(rule.endDate, language) })
            : t("recurring.period", { start })}
        </p>
        {payer ? (
          <p className="text-muted-foreground">
            {t(income ? "recurring.receivedBy" : "recurring.paidBy", { name: payer })}
          </p>
        ) : null}
        <p>
          <Badge variant={rule.paused ? "secondary" : "outline"}>{status}</Badge>
        </p>
      </CardContent>
      <CardFooter className="flex-wrap gap-2">
        {/* The rule's description completes each button's accessible name: the list repeats them. */}
        <Button
          variant="outline"
          size="sm"
          className="flex-1"
          disabled={updateRule.isPending}
          onClick={togglePause}
        >
          {t(rule.paused ? "recurring.resume" : "recurring.pause")}
          <span className="sr-only"> {rule.description}</span>
        </Button>
        <Button variant="outline" size="sm" className="flex-1" onClick={onEdit}>
          {t("recurring.edit")}
          <span className="sr-only"> {rule.description}</span>
        </Button>
        <Button
          variant="outline"
          size="sm"
          className="flex-1 text-destructive hover:text-destructive"
          onClick={onDelete}
        >
          {t("recurring.delete")}
          <span className="sr-only"> {rule.description}</span>
        </Button>
      </CardFooter>
    </Card>
  );
}

function RuleList({
  onEdit,
  onDelete,
}: {
  onEdit: (rule: RecurringRule) => void;
  onDelete: (rule: RecurringRule) => void;
}) {
  const { t } = useTranslation(recurringTexts);
  const rules = useRecurringRules();
  const categories = useCategories();

  if (rules.isError) return <Alert variant="destructive">{t("recurring.loadError")}</Alert>;
  if (rules.isLoading) return <Skeleton className="h-44 w-full rounded-2xl" />;
  const list = rules.data ?? [];
  if (list.length === 0) {
    return (
      <Card>
        <CardContent className="grid gap-1 py-10 text-center sm:py-12">
          <h2 className="font-semibold text-lg">{t("recurring.empty")}</h2>
          <p className="text-muted-foreground text-sm">{t("recurring.emptyHint")}</p>
        </CardContent>
      </Card>
    );
  }
  const categoryName = (id: string | null) =>
    categories.data?.find((category) => category.id === id)?.name ?? t("recurring.uncategorized");
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {list.map((rule) => (
        <li key={rule.id} className="grid">
          <RuleCard
            rule={rule}
            categoryName={categoryName(rule.categoryId)}
            onEdit={() => onEdit(rule)}
            onDelete={() => onDelete(rule)}
          />
        </li>
      ))}
    </ul>
  );
}

/**
 * "Gastos e receitas recorrentes": the family's rules, its bills and its salaries, reached from
 * the Expenses page.
 */
export function RecurringPage() {
  const { t } = useTranslation(recurringTexts);
  const title = t("pages.recurring.title");
  useDocumentTitle(title);
  const familyQuery = useFamilyQuery();
  const family = familyQuery.data;
  const actions = useEntityActions<RecurringRule>({
    remove: useDeleteRecurringRule(),
    deleted: (rule) =>
      t(rule.entry === "income" ? "recurring.toast.deletedIncome" : "recurring.toast.deleted"),
    deleteError: t("recurring.toast.deleteError"),
    // A deleted card takes its button with it: focus continues from the page's main content.
    focusAfterDelete: () => document.getElementById(mainContentId),
  });
  const { deleting } = actions;

  return (
    <div className="grid gap-6">
      <div className="grid gap-2">
        <Link
          href="/expenses"
          className="inline-flex min-h-11 w-fit items-center gap-1 text-muted-foreground text-sm hover:text-foreground sm:min-h-0"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          {t("recurring.back")}
        </Link>
        <div className="flex flex-wrap items-center justify-between gap-4">
          <PageTitle>{title}</PageTitle>
          {family ? (
            <Button onClick={actions.create}>
              <Plus aria-hidden="true" />
              {t("recurring.new")}
            </Button>
          ) : null}
        </div>
        <p className="text-muted-foreground text-sm">{t("recurring.intro")}</p>
      </div>
      <RequireFamily
        family={familyQuery}
        fallback={<Skeleton className="h-44 w-full rounded-2xl" />}
      >
        <RuleList onEdit={actions.edit} onDelete={actions.askDelete} />
        <RuleDialog
          open={actions.form.open}
          rule={actions.form.entity}
          onClose={actions.form.onClose}
        />
        <ConfirmDeleteDialog
          {...actions.confirmDelete}
          title={t(
            deleting?.entry === "income"
              ? "recurring.deleteDialog.titleIncome"
              : "recurring.deleteDialog.title",
          )}
          message={
            deleting
              ? t(
                  deleting.entry === "income"
                    ? "recurring.deleteDialog.messageIncome"
                    : "recurring.deleteDialog.message",
                  { description: deleting.description },
                )
              : ""
          }
          cancelLabel={t("recurring.deleteDialog.cancel")}
          confirmLabel={t("recurring.deleteDialog.confirm")}
          pendingLabel={t("recurring.deleteDialog.deleting")}
        />
      </RequireFamily>
    </div>
  );
}
