import { Download } from "lucide-react";
import { type ReactNode, useId, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { ExpenseListItem } from "../../../contract/expenses";
import { useCategories } from "../../api/categories/get-categories";
import { useDeleteExpense } from "../../api/expenses/delete-expense";
import { expensesExportUrl } from "../../api/expenses/export-expenses-csv";
import {
  dateRangeReversed,
  type ExpenseFilters,
  flattenPages,
  hasActiveFilters,
  noExpenseFilters,
  useExpensesPage,
} from "../../api/expenses/get-expenses-page";
import { useFamilyPeople } from "../../api/family/get-family-people";
import { usePayerName } from "../../api/family/payer-names";
import { usePaymentMethods } from "../../api/payment-methods/get-payment-methods";
import { ConfirmDeleteDialog } from "../../components/confirm-delete-dialog";
import { isHiddenExpense } from "../../components/private-expense";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardHeader } from "../../components/ui/card";
import { Skeleton } from "../../components/ui/skeleton";
import { useEntityActions } from "../../components/use-entity-actions";
import { useLanguage } from "../../i18n/use-language";
import { formatMoney } from "../../lib/format";
import { useMediaQuery } from "../../lib/use-media-query";
import { cn } from "../../lib/utils";
import { ExpenseEditDialog } from "./expense-edit-dialog";
import { ExpenseFilterFields } from "./expense-filters";
import {
  deletesAsInstallment,
  listLength,
  listState,
  rowsOf,
  totalsLine,
  withFilter,
} from "./expense-list-view";
import { InstallmentDeleteDialog } from "./installment-delete-dialog";
import { useShortNames } from "./split-label";
import { expensesTexts } from "./texts";
import { useDebouncedValue } from "./use-debounced-value";
import { VirtualExpenseList } from "./virtual-expense-list";

/** Typing waits this long before the server is asked; a category or a date applies at once. */
const SEARCH_DELAY_MS = 250;

/**
 * 'Exportar CSV': a download link for what the list shows (the applied filters, every year when
 * none), in the screen's language. While the dates are reversed the list shows nothing and asks
 * for nothing, and so does the link: it is not offered.
 */
function ExportCsvLink({ filters }: { filters: ExpenseFilters }) {
  const { t } = useTranslation(expensesTexts);
  const language = useLanguage();
  return (
    <Button asChild variant="outline" size="sm">
      <a href={expensesExportUrl(filters, language)} download>
        <Download aria-hidden="true" />
        {t("expenses.list.exportCsv")}
      </a>
    </Button>
  );
}

function ListSkeleton() {
  const { t } = useTranslation(expensesTexts);
  return (
    <div className="grid gap-3" aria-busy="true">
      <p className="sr-only" role="status">
        {t("expenses.list.loading")}
      </p>
      <Skeleton className="h-10 w-full" />
      <Skeleton className="h-10 w-full" />
      <Skeleton className="h-10 w-full" />
    </div>
  );
}

/**
 * "Todos os Gastos": every expense of the family, filtered and added up by the server, loaded a
 * page at a time as the person scrolls, with edit and delete.
 */
export function ExpenseList() {
  const { t } = useTranslation(expensesTexts);
  const language = useLanguage();
  const headingId = useId();
  const wide = useMediaQuery("(min-width: 40rem)");
  const categories = useCategories();
  const people = useFamilyPeople();
  const payerName = usePayerName();
  const nameOf = useShortNames();
  const methods = usePaymentMethods();
  const [filters, setFilters] = useState<ExpenseFilters>(noExpenseFilters);
  const search = useDebouncedValue(filters.search, SEARCH_DELAY_MS);
  const applied = useMemo(() => ({ ...filters, search }), [filters, search]);
  const reversed = dateRangeReversed(applied);
  const pages = useExpensesPage(applied);
  const { items, totals } = useMemo(() => flattenPages(pages.data?.pages), [pages.data]);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const actions = useEntityActions<ExpenseListItem>({
    remove: useDeleteExpense(),
    deleted: () => t("expenses.toast.deleted"),
    deleteError: t("expenses.toast.deleteError"),
    // A deleted row takes its button with it: focus continues from the list's heading.
    focusAfterDelete: () => headingRef.current,
  });
  const { deleting } = actions;
  const [deletingInstallment, setDeletingInstallment] = useState<ExpenseListItem | null>(null);
  const onDelete = (expense: ExpenseListItem) =>
    deletesAsInstallment(expense) ? setDeletingInstallment(expense) : actions.askDelete(expense);
  const rowOf = useMemo(
    () => rowsOf(categories.data, methods.data, payerName, isHiddenExpense),
    [categories.data, methods.data, payerName],
  );

  const state = listState({
    reversed,
    isError: pages.isError,
    loaded: pages.data !== undefined,
    count: items.length,
  });
  let content: ReactNode;
  if (state === "reversed") {
    content = null;
  } else if (state === "error") {
    content = <Alert variant="destructive">{t("expenses.list.loadError")}</Alert>;
  } else if (state === "loading") {
    content = <ListSkeleton />;
  } else if (state === "empty") {
    content = (
      <div className="grid gap-1 py-8 text-center">
        <p className="font-medium">{t("expenses.list.empty")}</p>
        <p className="text-muted-foreground text-sm">
          {hasActiveFilters(applied)
            ? t("expenses.list.emptyFiltered")
            : t("expenses.list.emptyHint")}
        </p>
      </div>
    );
  } else {
    const layout = wide ? "table" : "card";
    content = (
      <>
        <VirtualExpenseList
          // A new layout has other row heights: start its measurements afresh.
          key={layout}
          items={items}
          totalCount={listLength(totals, items.length)}
          layout={layout}
          labelledBy={headingId}
          rowOf={rowOf}
          nameOf={nameOf}
          hasNextPage={pages.hasNextPage}
          isFetchingNextPage={pages.isFetchingNextPage}
          fetchNextPage={() => void pages.fetchNextPage()}
          onEdit={actions.edit}
          onDelete={onDelete}
        />
        {pages.isFetchNextPageError ? (
          <Alert variant="destructive" className="flex flex-wrap items-center gap-3">
            <span>{t("expenses.list.loadMoreError")}</span>
            <Button
              type="button"
              variant="outline"
              size="sm"
              onClick={() => void pages.fetchNextPage()}
            >
              {t("expenses.list.retry")}
            </Button>
          </Alert>
        ) : null}
      </>
    );
  }

  return (
    <Card>
      <CardHeader className="gap-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2
            id={headingId}
            ref={headingRef}
            tabIndex={-1}
            className="font-semibold text-lg leading-tight outline-none"
          >
            {t("expenses.list.title")}
          </h2>
          {reversed ? null : <ExportCsvLink filters={applied} />}
        </div>
        <ExpenseFilterFields
          filters={filters}
          reversed={reversed}
          categories={categories.data}
          people={people.data}
          methods={methods.data}
          payerName={payerName}
          onFilter={(key, value) => setFilters((previous) => withFilter(previous, key, value))}
        />
        {/* The count and sum of everything that matches, loaded or not: announced as filters
            change, and shown above the list because an endless list has no bottom to put it. */}
        <p role="status" className="text-muted-foreground text-sm" data-testid="expense-totals">
          {totalsLine(totals, reversed, (amount) => formatMoney(amount, language), t)}
        </p>
      </CardHeader>
      <CardContent
        className={cn("grid gap-4", pages.isPlaceholderData && "opacity-60")}
        aria-busy={pages.isFetching && !pages.isFetchingNextPage}
      >
        {content}
      </CardContent>

      <ExpenseEditDialog
        expense={actions.form.entity}
        onOpenChange={(open) => {
          if (!open) actions.form.onClose();
        }}
      />

      <ConfirmDeleteDialog
        {...actions.confirmDelete}
        title={t("expenses.delete.title")}
        message={
          deleting ? t("expenses.delete.message", { description: deleting.description }) : ""
        }
        cancelLabel={t("expenses.delete.cancel")}
        confirmLabel={t("expenses.delete.confirm")}
        pendingLabel={t("expenses.delete.deleting")}
      />

      <InstallmentDeleteDialog
        expense={deletingInstallment}
        onClose={() => setDeletingInstallment(null)}
        // Both confirmations give the focus back alike (useEntityActions).
        contentProps={actions.confirmDelete.contentProps}
      />
    </Card>
  );
}
