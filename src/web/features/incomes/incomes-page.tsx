import { Pencil, Plus, Trash2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { BudgetPeriodRule } from "../../../contract/budget-period-rule";
import type { Income } from "../../../contract/incomes";
import { isCalendarMonth, periodNamed } from "../../../domain/budget-period";
import { useFamilyQuery } from "../../api/family/get-family";
import { usePayerName } from "../../api/family/payer-names";
import { useDeleteIncome } from "../../api/incomes/delete-income";
import { useIncomes } from "../../api/incomes/get-incomes";
import { ConfirmDeleteDialog } from "../../components/confirm-delete-dialog";
import { PageTitle } from "../../components/layout/page-title";
import { MonthNavigation } from "../../components/month-navigation";
import { PrivateMark } from "../../components/private-expense";
import { RequireFamily } from "../../components/require-family";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { Skeleton } from "../../components/ui/skeleton";
import { useEntityActions } from "../../components/use-entity-actions";
import { useLanguage } from "../../i18n/use-language";
import { formatDate, formatMoney } from "../../lib/format";
import { useDocumentTitle } from "../../lib/use-document-title";
import { useSelectedMonth } from "../../lib/use-selected-month";
import { IncomeDialog } from "./income-dialog";
import { incomesTexts } from "./texts";

/**
 * "Receitas" (docs/product.md#income): what came in during a budget month, its total, and the
 * form to record, change or delete an income. Income is never spending: no budget moves here.
 */
export function IncomesPage() {
  const { t } = useTranslation(incomesTexts);
  const title = t("incomes.title");
  useDocumentTitle(title);
  const family = useFamilyQuery();
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6">
      <PageTitle>{title}</PageTitle>
      <RequireFamily family={family} fallback={<Skeleton className="h-44 w-full rounded-2xl" />}>
        {(found) => <IncomesBody rule={found.budgetPeriod} />}
      </RequireFamily>
    </div>
  );
}

function IncomesBody({ rule }: { rule: BudgetPeriodRule }) {
  const { t } = useTranslation(incomesTexts);
  const language = useLanguage();
  const [month, setMonth] = useSelectedMonth(rule);
  const incomes = useIncomes(month);
  const actions = useEntityActions<Income>({
    remove: useDeleteIncome(),
    deleted: () => t("incomes.deleted"),
  });
  const { deleting } = actions;
  const period = periodNamed(month, rule);
  return (
    <div className="grid gap-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <MonthNavigation
          value={month}
          onChange={setMonth}
          period={isCalendarMonth(rule) ? undefined : period}
        />
        <Button onClick={actions.create}>
          <Plus aria-hidden="true" />
          {t("incomes.add")}
        </Button>
      </div>
      {incomes.isError ? (
        <p role="alert" className="text-destructive">
          {t("incomes.loadError")}
        </p>
      ) : incomes.data ? (
        <>
          <Card className="flex items-center justify-between gap-3 p-4 sm:p-5">
            <h2 className="font-semibold text-lg">{t("incomes.total")}</h2>
            <p className="font-semibold text-xl tabular-nums" data-testid="incomes-total">
              {formatMoney(incomes.data.total, language)}
            </p>
          </Card>
          <section aria-label={t("incomes.title")}>
            {incomes.data.items.length === 0 ? (
              <Card className="p-4 text-muted-foreground sm:p-5" data-testid="incomes-empty">
                {t("incomes.empty")}
              </Card>
            ) : (
              <Card className="p-2 sm:p-3">
                <ul className="divide-y">
                  {incomes.data.items.map((income) => (
                    <IncomeItem
                      key={income.id}
                      income={income}
                      onEdit={() => actions.edit(income)}
                      onDelete={() => actions.askDelete(income)}
                    />
                  ))}
                </ul>
              </Card>
            )}
          </section>
        </>
      ) : (
        <Skeleton className="h-44 w-full rounded-2xl" data-testid="incomes-skeleton" />
      )}
      <IncomeDialog
        open={actions.form.open}
        income={actions.form.entity}
        onClose={actions.form.onClose}
      />
      <ConfirmDeleteDialog
        {...actions.confirmDelete}
        title={t("incomes.deleteTitle")}
        message={t("incomes.deleteMessage", { description: deleting?.description ?? "" })}
        cancelLabel={t("incomes.form.cancel")}
        confirmLabel={t("incomes.deleteConfirm")}
        pendingLabel={t("incomes.deleting")}
      />
    </div>
  );
}

/** One income: what, its kind, who received it and when; its amount; change and delete. */
function IncomeItem({
  income,
  onEdit,
  onDelete,
}: {
  income: Income;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation(incomesTexts);
  const language = useLanguage();
  const nameOf = usePayerName();
  return (
    <li className="flex items-start gap-3 px-2 py-3" data-testid="income">
      <div className="grid min-w-0 flex-1 gap-0.5">
        <p className="break-words font-medium">
          {income.description}
          {income.private ? <PrivateMark label={t("incomes.private")} /> : null}
        </p>
        <p className="text-muted-foreground text-sm">
          {[
            t(`incomeKinds.${income.kind}`),
            income.receivedByUserId ? nameOf(income.receivedByUserId) : t("payer.unnamed"),
            formatDate(income.date, language),
          ].join(" · ")}
        </p>
      </div>
      <div className="grid justify-items-end gap-1">
        <p className="font-semibold tabular-nums">{formatMoney(income.amount, language)}</p>
        <div className="flex gap-1">
          <Button
            variant="ghost"
            size="icon"
            aria-label={t("incomes.edit", { description: income.description })}
            onClick={onEdit}
          >
            <Pencil aria-hidden="true" />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            className="text-destructive hover:text-destructive"
            aria-label={t("incomes.delete", { description: income.description })}
            onClick={onDelete}
          >
            <Trash2 aria-hidden="true" />
          </Button>
        </div>
      </div>
    </li>
  );
}
