import { useWindowVirtualizer } from "@tanstack/react-virtual";
import { Download, Pencil, Search, Trash2 } from "lucide-react";
import {
  type MouseEvent,
  type ReactNode,
  type RefObject,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { useTranslation } from "react-i18next";
import type { Category } from "../../../contract/categories";
import { EXPENSE_SEARCH_MAX, type Expense, UNCATEGORISED } from "../../../contract/expenses";
import { useCategories } from "../../api/categories/get-categories";
import { useDeleteExpense } from "../../api/expenses/delete-expense";
import { expensesExportUrl } from "../../api/expenses/export-expenses-csv";
import {
  ALL_CATEGORIES,
  ALL_METHODS,
  ALL_PAYERS,
  dateRangeReversed,
  type ExpenseFilters,
  flattenPages,
  hasActiveFilters,
  noExpenseFilters,
  useExpensesPage,
} from "../../api/expenses/get-expenses-page";
import { useFamilyPeople } from "../../api/family/get-family-people";
import { usePayerName } from "../../api/family/payer-names";
import { InstallmentLabel } from "../../api/installments/installment-label";
import { usePaymentMethods } from "../../api/payment-methods/get-payment-methods";
import { ConfirmDeleteDialog } from "../../components/confirm-delete-dialog";
import { ExpenseAmount, RefundMark } from "../../components/expense-amount";
import { HiddenExpenseName, isHiddenExpense, PrivateMark } from "../../components/private-expense";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardHeader } from "../../components/ui/card";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { NativeSelect } from "../../components/ui/native-select";
import { Skeleton } from "../../components/ui/skeleton";
import { Spinner } from "../../components/ui/spinner";
import { useLanguage } from "../../i18n/use-language";
import { formatDate, formatMoney } from "../../lib/format";
import { toastError } from "../../lib/toast-error";
import { useMediaQuery } from "../../lib/use-media-query";
import { useReturnFocus } from "../../lib/use-return-focus";
import { toast } from "../../lib/use-toast";
import { cn } from "../../lib/utils";
import { ExpenseEditDialog } from "./expense-edit-dialog";
import { InstallmentDeleteDialog } from "./installment-delete-dialog";
import { SplitLabel, useShortNames } from "./split-label";
import { expensesTexts } from "./texts";
import { useDebouncedValue } from "./use-debounced-value";
import { shouldLoadMore, spacerHeights } from "./virtual-window";

/** Typing waits this long before the server is asked; a category or a date applies at once. */
const SEARCH_DELAY_MS = 250;
/** Rows rendered beyond each edge of the screen, so Tab and fast scrolling land on real rows. */
const OVERSCAN = 8;
/** First guesses of a row's height before it is measured (a table row, a phone card). */
const ROW_ESTIMATE = { table: 49, card: 112 } as const;

type RowHandlers = {
  onEdit: (expense: Expense) => void;
  onDelete: (expense: Expense) => void;
};

function CategoryName({ category }: { category: Category | undefined }) {
  const { t } = useTranslation(expensesTexts);
  if (!category) {
    return <span className="text-muted-foreground italic">{t("expenses.uncategorized")}</span>;
  }
  return (
    <span className="inline-flex min-w-0 items-center gap-2">
      <span
        aria-hidden="true"
        className="size-2.5 shrink-0 rounded-full"
        style={{ backgroundColor: category.color }}
      />
      <span className="truncate">{category.name}</span>
    </span>
  );
}

/** "Pago com Nubank" under the payer, on the lines whose expense says how it was paid. */
function PaidWith({ name, className }: { name: string | null; className: string }) {
  const { t } = useTranslation(expensesTexts);
  if (name === null) return null;
  return (
    <span className={cn("text-muted-foreground", className)}>
      {t("expenses.list.paidWith", { name })}
    </span>
  );
}

/**
 * An expense as its line names it: its description, "3/12" for an installment, and for whom; its
 * author's own private one says "Privado" instead, being theirs alone.
 */
function ExpenseName({
  expense,
  nameOf,
}: {
  expense: Expense;
  nameOf: (userId: string) => string;
}) {
  return (
    <>
      {expense.description}
      <InstallmentLabel expense={expense} />
      <RefundMark expense={expense} />
      {expense.private ? <PrivateMark /> : <SplitLabel split={expense.split} nameOf={nameOf} />}
    </>
  );
}

function RowActions({ expense, onEdit, onDelete }: { expense: Expense } & RowHandlers) {
  const { t } = useTranslation(expensesTexts);
  // The twelve installments of one purchase share its description: each button says which one.
  const description =
    expense.installment === null
      ? expense.description
      : t("expenses.list.installmentDescription", {
          description: expense.description,
          number: expense.installment,
          count: expense.installmentCount,
        });
  return (
    <div className="flex justify-end gap-1">
      <Button
        variant="ghost"
        size="icon"
        aria-label={t("expenses.list.edit", { description })}
        onClick={() => onEdit(expense)}
      >
        <Pencil aria-hidden="true" />
      </Button>
      <Button
        variant="ghost"
        size="icon"
        className="text-destructive hover:text-destructive"
        aria-label={t("expenses.list.delete", { description })}
        onClick={() => onDelete(expense)}
      >
        <Trash2 aria-hidden="true" />
      </Button>
    </div>
  );
}

/**
 * The list's distance from the top of the document, kept current as what is above it changes
 * height (a validation message in the form, the totals line appearing): the window virtualiser
 * needs it to know which rows the screen shows.
 */
function useDocumentOffset(ref: RefObject<HTMLElement | null>): number {
  const [offset, setOffset] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => {
      const top = element.getBoundingClientRect().top + window.scrollY;
      setOffset((previous) => (Math.abs(previous - top) < 1 ? previous : top));
    };
    measure();
    if (typeof ResizeObserver === "undefined") return;
    // Anything above the list that grows or shrinks changes the body's height.
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, [ref]);
  return offset;
}

type VirtualListProps = RowHandlers & {
  items: Expense[];
  /** Every expense that matches, loaded or not (the first page's totals). */
  totalCount: number;
  layout: "table" | "card";
  labelledBy: string;
  categoryOf: (expense: Expense) => Category | undefined;
  payerName: (userId: string | null) => string;
  /** The expense's payment method's name, or null when it has none (docs/product.md#payment-methods). */
  methodName: (expense: Expense) => string | null;
  /** A member's first name, for who an expense is for ("Só Ana"). */
  nameOf: (userId: string) => string;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => void;
};

/**
 * Windowed rather than "load more": a button or sentinel that appends pages would leave every
 * loaded row in the DOM, and ten years of a household (50,000 rows) made the page take close to a
 * minute. With the window virtualiser the page scrolls as usual (no inner scroll box, so the
 * keyboard, the browser's find and the phone's scrolling behave as on any page) while only the
 * rows on screen plus OVERSCAN above and below are rendered: a few dozen, however far one scrolls.
 * Spacers above and below keep the page as tall as the loaded list, and pages load ahead as the
 * window nears the end of what is loaded.
 */
function VirtualExpenseList({
  items,
  totalCount,
  layout,
  labelledBy,
  categoryOf,
  payerName,
  methodName,
  nameOf,
  hasNextPage,
  isFetchingNextPage,
  fetchNextPage,
  onEdit,
  onDelete,
}: VirtualListProps) {
  const { t } = useTranslation(expensesTexts);
  const language = useLanguage();
  const listRef = useRef<HTMLDivElement>(null);
  const scrollMargin = useDocumentOffset(listRef);
  const virtualizer = useWindowVirtualizer({
    count: items.length,
    estimateSize: () => ROW_ESTIMATE[layout],
    overscan: OVERSCAN,
    scrollMargin,
    getItemKey: (index) => items[index]?.id ?? index,
  });
  const rendered = virtualizer.getVirtualItems();
  const { before, after } = spacerHeights(rendered, virtualizer.getTotalSize(), scrollMargin);
  const lastRenderedIndex = rendered.at(-1)?.index;

  useEffect(() => {
    if (
      shouldLoadMore({
        lastRenderedIndex,
        loadedCount: items.length,
        hasNextPage,
        isFetchingNextPage,
      })
    ) {
      fetchNextPage();
    }
  }, [lastRenderedIndex, items.length, hasNextPage, isFetchingNextPage, fetchNextPage]);

  const rows = rendered.flatMap((row) => {
    const expense = items[row.index];
    return expense ? [{ row, expense }] : [];
  });

  return (
    <div ref={listRef}>
      {layout === "table" ? (
        <table
          aria-labelledby={labelledBy}
          // Only a window of rows exists: the count and each row's position tell screen readers
          // how long the list really is (the header row is row 1).
          aria-rowcount={totalCount + 1}
          className="w-full table-fixed text-sm"
        >
          {/* Fixed columns: the widths must not jump as different rows scroll in and out. */}
          <colgroup>
            <col className="w-28" />
            <col />
            <col className="w-[20%]" />
            <col className="w-[16%]" />
            <col className="w-32" />
            <col className="w-24" />
          </colgroup>
          <thead>
            <tr aria-rowindex={1} className="border-b text-left text-muted-foreground">
              <th scope="col" className="px-3 py-2 font-medium">
                {t("expenses.list.date")}
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                {t("expenses.list.description")}
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                {t("expenses.list.category")}
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                {t("payer.label")}
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium">
                {t("expenses.list.amount")}
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium">
                {t("expenses.list.actions")}
              </th>
            </tr>
          </thead>
          <tbody>
            {before > 0 ? (
              // biome-ignore lint/a11y/noAriaHiddenOnFocusable: an empty spacer row cannot take focus; hidden so it is not counted as a row
              <tr aria-hidden="true">
                <td colSpan={6} className="p-0" style={{ height: before }} />
              </tr>
            ) : null}
            {rows.map(({ row, expense }) => {
              // Another member's private expense: its amount and date, nothing to open.
              const hidden = isHiddenExpense(expense);
              return (
                <tr
                  key={row.key}
                  data-index={row.index}
                  ref={virtualizer.measureElement}
                  aria-rowindex={row.index + 2}
                  className="border-b hover:bg-muted/50"
                >
                  <td className="whitespace-nowrap px-3 py-2 tabular-nums">
                    {formatDate(expense.date, language)}
                  </td>
                  <td className="break-words px-3 py-2 font-medium">
                    {hidden ? (
                      <HiddenExpenseName />
                    ) : (
                      <ExpenseName expense={expense} nameOf={nameOf} />
                    )}
                  </td>
                  <td className="px-3 py-2">
                    {hidden ? null : <CategoryName category={categoryOf(expense)} />}
                  </td>
                  <td className="truncate px-3 py-2">
                    {hidden ? null : (
                      <>
                        {payerName(expense.paidByUserId)}
                        <PaidWith name={methodName(expense)} className="block truncate text-xs" />
                      </>
                    )}
                  </td>
                  <td className="whitespace-nowrap px-3 py-2 text-right font-semibold tabular-nums">
                    <ExpenseAmount expense={expense} language={language} />
                  </td>
                  <td className="px-3 py-1">
                    {hidden ? null : (
                      <RowActions expense={expense} onEdit={onEdit} onDelete={onDelete} />
                    )}
                  </td>
                </tr>
              );
            })}
            {after > 0 ? (
              // biome-ignore lint/a11y/noAriaHiddenOnFocusable: an empty spacer row cannot take focus; hidden so it is not counted as a row
              <tr aria-hidden="true">
                <td colSpan={6} className="p-0" style={{ height: after }} />
              </tr>
            ) : null}
          </tbody>
        </table>
      ) : (
        // Below 40rem a six-column table cannot fit, so each expense becomes a card.
        <ul
          aria-labelledby={labelledBy}
          className="grid divide-y"
          style={{ paddingTop: before, paddingBottom: after }}
        >
          {rows.map(({ row, expense }) => {
            const hidden = isHiddenExpense(expense);
            return (
              <li
                key={row.key}
                data-index={row.index}
                ref={virtualizer.measureElement}
                // The list's real size and each card's place in it, as for the table's rows.
                aria-setsize={totalCount}
                aria-posinset={row.index + 1}
                className="grid gap-1 py-3"
              >
                <div className="flex items-start justify-between gap-3">
                  <span className="min-w-0 break-words font-medium">
                    {hidden ? (
                      <HiddenExpenseName />
                    ) : (
                      <ExpenseName expense={expense} nameOf={nameOf} />
                    )}
                  </span>
                  <span className="shrink-0 font-semibold tabular-nums">
                    <ExpenseAmount expense={expense} language={language} />
                  </span>
                </div>
                {hidden ? (
                  <span className="text-muted-foreground text-sm tabular-nums">
                    {formatDate(expense.date, language)}
                  </span>
                ) : (
                  <div className="flex items-center justify-between gap-3 text-sm">
                    <span className="flex min-w-0 flex-col gap-0.5">
                      <CategoryName category={categoryOf(expense)} />
                      <span className="text-muted-foreground tabular-nums">
                        {formatDate(expense.date, language)}
                      </span>
                      <span className="break-words text-muted-foreground">
                        {t("expenses.list.paidBy", { name: payerName(expense.paidByUserId) })}
                      </span>
                      <PaidWith name={methodName(expense)} className="break-words" />
                    </span>
                    <RowActions expense={expense} onEdit={onEdit} onDelete={onDelete} />
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {isFetchingNextPage ? (
        <div className="flex justify-center py-4">
          <Spinner label={t("expenses.list.loadingMore")} />
        </div>
      ) : null}
    </div>
  );
}

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
  const searchId = useId();
  const filterId = useId();
  const payerFilterId = useId();
  const methodFilterId = useId();
  const fromId = useId();
  const toId = useId();
  const rangeErrorId = useId();
  const wide = useMediaQuery("(min-width: 40rem)");
  const categories = useCategories();
  const people = useFamilyPeople();
  const payerName = usePayerName();
  const nameOf = useShortNames();
  const methods = usePaymentMethods();
  const deleteExpense = useDeleteExpense();
  const [filters, setFilters] = useState<ExpenseFilters>(noExpenseFilters);
  const search = useDebouncedValue(filters.search, SEARCH_DELAY_MS);
  const applied = useMemo(() => ({ ...filters, search }), [filters, search]);
  const reversed = dateRangeReversed(applied);
  const pages = useExpensesPage(applied);
  const { items, totals } = useMemo(() => flattenPages(pages.data?.pages), [pages.data]);
  const [editing, setEditing] = useState<Expense | null>(null);
  const [deleting, setDeleting] = useState<Expense | null>(null);
  // An installment's deletion asks which installments (docs/product.md#installments).
  const [deletingInstallment, setDeletingInstallment] = useState<Expense | null>(null);
  const onDelete = (expense: Expense) =>
    expense.seriesId ? setDeletingInstallment(expense) : setDeleting(expense);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // A deleted row takes its button with it: focus continues from the list's heading.
  const returnFocus = useReturnFocus(() => headingRef.current);

  const byId = useMemo(
    () => new Map((categories.data ?? []).map((c) => [c.id, c] as const)),
    [categories.data],
  );
  // An expense whose category is not (or no longer) in the list reads as uncategorised.
  const categoryOf = (expense: Expense) =>
    expense.categoryId ? byId.get(expense.categoryId) : undefined;
  const methodNames = useMemo(
    () => new Map((methods.data ?? []).map((m) => [m.id, m.name] as const)),
    [methods.data],
  );
  const methodName = (expense: Expense) =>
    (expense.paymentMethodId && methodNames.get(expense.paymentMethodId)) || null;
  const setFilter = (key: keyof ExpenseFilters) => (value: string) =>
    setFilters((previous) => ({ ...previous, [key]: value }));

  const confirmDelete = async (event: MouseEvent) => {
    // The dialog stays open, its button disabled, until the server has answered.
    event.preventDefault();
    if (!deleting) return;
    try {
      await deleteExpense.mutateAsync(deleting.id);
      toast({ title: t("expenses.toast.deleted") });
      setDeleting(null);
    } catch (error) {
      toastError(error, t("expenses.toast.deleteError"));
    }
  };

  let content: ReactNode;
  if (reversed) {
    content = null;
  } else if (pages.isError && !pages.data) {
    content = <Alert variant="destructive">{t("expenses.list.loadError")}</Alert>;
  } else if (!pages.data) {
    content = <ListSkeleton />;
  } else if (items.length === 0) {
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
          totalCount={Math.max(totals?.count ?? 0, items.length)}
          layout={layout}
          labelledBy={headingId}
          categoryOf={categoryOf}
          payerName={payerName}
          methodName={methodName}
          nameOf={nameOf}
          hasNextPage={pages.hasNextPage}
          isFetchingNextPage={pages.isFetchingNextPage}
          fetchNextPage={() => void pages.fetchNextPage()}
          onEdit={setEditing}
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
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          <div className="grid gap-1.5">
            <Label htmlFor={searchId} className="sr-only">
              {t("expenses.list.searchLabel")}
            </Label>
            <div className="relative">
              <Search
                aria-hidden="true"
                className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
              />
              <Input
                id={searchId}
                type="search"
                maxLength={EXPENSE_SEARCH_MAX}
                value={filters.search}
                onChange={(event) => setFilter("search")(event.target.value)}
                placeholder={t("expenses.list.searchPlaceholder")}
                className="pl-9"
              />
            </div>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={filterId} className="sr-only">
              {t("expenses.list.filterLabel")}
            </Label>
            <NativeSelect
              id={filterId}
              value={filters.category}
              onChange={(event) => setFilter("category")(event.target.value)}
            >
              <option value={ALL_CATEGORIES}>{t("expenses.list.allCategories")}</option>
              {(categories.data ?? []).map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
              <option value={UNCATEGORISED}>{t("expenses.uncategorized")}</option>
            </NativeSelect>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={payerFilterId} className="sr-only">
              {t("expenses.list.payerFilterLabel")}
            </Label>
            <NativeSelect
              id={payerFilterId}
              value={filters.payer}
              onChange={(event) => setFilter("payer")(event.target.value)}
            >
              <option value={ALL_PAYERS}>{t("expenses.list.allPayers")}</option>
              {(people.data ?? []).map((person) => (
                <option key={person.userId} value={person.userId}>
                  {person.isMember
                    ? payerName(person.userId)
                    : t("payer.formerMember", { name: payerName(person.userId) })}
                </option>
              ))}
            </NativeSelect>
          </div>
          {methods.data && methods.data.length > 0 ? (
            <div className="grid gap-1.5">
              <Label htmlFor={methodFilterId} className="sr-only">
                {t("expenses.list.methodFilterLabel")}
              </Label>
              <NativeSelect
                id={methodFilterId}
                value={filters.method}
                onChange={(event) => setFilter("method")(event.target.value)}
              >
                <option value={ALL_METHODS}>{t("expenses.list.allMethods")}</option>
                {methods.data.map((method) => (
                  <option key={method.id} value={method.id}>
                    {method.isActive
                      ? method.name
                      : t("paymentMethod.archived", { name: method.name })}
                  </option>
                ))}
              </NativeSelect>
            </div>
          ) : null}
          <div className="grid gap-1.5">
            <Label htmlFor={fromId}>{t("expenses.list.fromLabel")}</Label>
            <Input
              id={fromId}
              type="date"
              value={filters.from}
              max={filters.to || undefined}
              onChange={(event) => setFilter("from")(event.target.value)}
            />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={toId}>{t("expenses.list.toLabel")}</Label>
            <Input
              id={toId}
              type="date"
              value={filters.to}
              min={filters.from || undefined}
              aria-invalid={reversed || undefined}
              aria-describedby={reversed ? rangeErrorId : undefined}
              onChange={(event) => setFilter("to")(event.target.value)}
            />
          </div>
        </div>
        {reversed ? (
          <p id={rangeErrorId} role="alert" className="text-destructive text-sm">
            {t("validation.dateRangeOrder")}
          </p>
        ) : null}
        {/* The count and sum of everything that matches, loaded or not: announced as filters
            change, and shown above the list because an endless list has no bottom to put it. */}
        <p role="status" className="text-muted-foreground text-sm" data-testid="expense-totals">
          {!reversed && totals && totals.count > 0
            ? t("expenses.list.summary", {
                count: totals.count,
                total: formatMoney(totals.amount, language),
              })
            : null}
        </p>
      </CardHeader>
      <CardContent
        className={cn("grid gap-4", pages.isPlaceholderData && "opacity-60")}
        aria-busy={pages.isFetching && !pages.isFetchingNextPage}
      >
        {content}
      </CardContent>

      <ExpenseEditDialog
        expense={editing}
        onOpenChange={(open) => {
          if (!open) setEditing(null);
        }}
      />

      <ConfirmDeleteDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        title={t("expenses.delete.title")}
        message={
          deleting ? t("expenses.delete.message", { description: deleting.description }) : ""
        }
        cancelLabel={t("expenses.delete.cancel")}
        confirmLabel={t("expenses.delete.confirm")}
        pendingLabel={t("expenses.delete.deleting")}
        isPending={deleteExpense.isPending}
        onConfirm={confirmDelete}
        contentProps={returnFocus}
      />

      <InstallmentDeleteDialog
        expense={deletingInstallment}
        onClose={() => setDeletingInstallment(null)}
        contentProps={returnFocus}
      />
    </Card>
  );
}
