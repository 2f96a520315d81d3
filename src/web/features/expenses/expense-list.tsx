import { Pencil, Search, Trash2 } from "lucide-react";
import { type MouseEvent, useId, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Category } from "../../../contract/categories";
import { ConfirmDeleteDialog } from "../../components/confirm-delete-dialog";
import { ExpenseEditDialog } from "../../components/expense-edit-dialog";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardHeader } from "../../components/ui/card";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { NativeSelect } from "../../components/ui/native-select";
import { Skeleton } from "../../components/ui/skeleton";
import { toast } from "../../components/ui/use-toast";
import { useLanguage } from "../../i18n/use-language";
import { useCategories, useDeleteExpense, useExpenses } from "../../lib/budget-hooks";
import type { Expense } from "../../lib/budget-queries";
import { formatDate, formatMoney } from "../../lib/format";
import { toastError } from "../../lib/toast-error";
import { useMediaQuery } from "../../lib/use-media-query";
import { useReturnFocus } from "../../lib/use-return-focus";
import {
  ALL_CATEGORIES,
  type CategoryFilter,
  filterExpenses,
  totalOf,
  UNCATEGORIZED,
} from "./filter-expenses";

type RowProps = {
  expense: Expense;
  category: Category | undefined;
  onEdit: (expense: Expense) => void;
  onDelete: (expense: Expense) => void;
};

function CategoryName({ category }: { category: Category | undefined }) {
  const { t } = useTranslation();
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

function RowActions({ expense, onEdit, onDelete }: Omit<RowProps, "category">) {
  const { t } = useTranslation();
  return (
    <div className="flex justify-end gap-1">
      <Button
        variant="ghost"
        size="icon"
        aria-label={t("expenses.list.edit", { description: expense.description })}
        onClick={() => onEdit(expense)}
      >
        <Pencil aria-hidden="true" />
      </Button>
      <Button
        variant="ghost"
        size="icon"
        className="text-destructive hover:text-destructive"
        aria-label={t("expenses.list.delete", { description: expense.description })}
        onClick={() => onDelete(expense)}
      >
        <Trash2 aria-hidden="true" />
      </Button>
    </div>
  );
}

function ExpenseTable({
  expenses,
  categoryOf,
  labelledBy,
  onEdit,
  onDelete,
}: {
  expenses: Expense[];
  categoryOf: (expense: Expense) => Category | undefined;
  labelledBy: string;
  onEdit: (expense: Expense) => void;
  onDelete: (expense: Expense) => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <div className="overflow-x-auto">
      <table aria-labelledby={labelledBy} className="w-full text-sm">
        <thead>
          <tr className="border-b text-left text-muted-foreground">
            <th scope="col" className="px-3 py-2 font-medium">
              {t("expenses.list.date")}
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              {t("expenses.list.description")}
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              {t("expenses.list.category")}
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
          {expenses.map((expense) => (
            <tr key={expense.id} className="border-b last:border-b-0 hover:bg-muted/50">
              <td className="whitespace-nowrap px-3 py-2 tabular-nums">
                {formatDate(expense.date, language)}
              </td>
              <td className="max-w-xs break-words px-3 py-2 font-medium">{expense.description}</td>
              <td className="px-3 py-2">
                <CategoryName category={categoryOf(expense)} />
              </td>
              <td className="whitespace-nowrap px-3 py-2 text-right font-semibold tabular-nums">
                {formatMoney(expense.amount, language)}
              </td>
              <td className="px-3 py-1">
                <RowActions expense={expense} onEdit={onEdit} onDelete={onDelete} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Below the sm breakpoint a five-column table cannot fit, so each expense becomes a card. */
function ExpenseCards({
  expenses,
  categoryOf,
  labelledBy,
  onEdit,
  onDelete,
}: {
  expenses: Expense[];
  categoryOf: (expense: Expense) => Category | undefined;
  labelledBy: string;
  onEdit: (expense: Expense) => void;
  onDelete: (expense: Expense) => void;
}) {
  const language = useLanguage();
  return (
    <ul aria-labelledby={labelledBy} className="grid divide-y">
      {expenses.map((expense) => (
        <li key={expense.id} className="grid gap-1 py-3 first:pt-0 last:pb-0">
          <div className="flex items-start justify-between gap-3">
            <span className="min-w-0 break-words font-medium">{expense.description}</span>
            <span className="shrink-0 font-semibold tabular-nums">
              {formatMoney(expense.amount, language)}
            </span>
          </div>
          <div className="flex items-center justify-between gap-3 text-sm">
            <span className="flex min-w-0 flex-col gap-0.5">
              <CategoryName category={categoryOf(expense)} />
              <span className="text-muted-foreground tabular-nums">
                {formatDate(expense.date, language)}
              </span>
            </span>
            <RowActions expense={expense} onEdit={onEdit} onDelete={onDelete} />
          </div>
        </li>
      ))}
    </ul>
  );
}

/** "Todos os Gastos": every expense of the family, filtered on the client, with edit and delete. */
export function ExpenseList() {
  const { t } = useTranslation();
  const language = useLanguage();
  const headingId = useId();
  const searchId = useId();
  const filterId = useId();
  const wide = useMediaQuery("(min-width: 40rem)");
  const expenses = useExpenses();
  const categories = useCategories();
  const deleteExpense = useDeleteExpense();
  const [search, setSearch] = useState("");
  const [category, setCategory] = useState<CategoryFilter>(ALL_CATEGORIES);
  const [editing, setEditing] = useState<Expense | null>(null);
  const [deleting, setDeleting] = useState<Expense | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // A deleted row takes its button with it: focus continues from the list's heading.
  const returnFocus = useReturnFocus(() => headingRef.current);

  const byId = useMemo(
    () => new Map((categories.data ?? []).map((c) => [c.id, c] as const)),
    [categories.data],
  );
  const shown = useMemo(
    () =>
      filterExpenses(expenses.data ?? [], {
        category,
        search,
        knownCategoryIds: new Set(byId.keys()),
      }),
    [expenses.data, category, search, byId],
  );
  const categoryOf = (expense: Expense) =>
    expense.categoryId ? byId.get(expense.categoryId) : undefined;
  const filtered = search.trim() !== "" || category !== ALL_CATEGORIES;

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

  const loading = expenses.isLoading || categories.isLoading;
  const failed = expenses.isError || categories.isError;
  const listProps = {
    expenses: shown,
    categoryOf,
    labelledBy: headingId,
    onEdit: setEditing,
    onDelete: setDeleting,
  };

  return (
    <Card>
      <CardHeader className="gap-4">
        <h2
          id={headingId}
          ref={headingRef}
          tabIndex={-1}
          className="font-semibold text-lg leading-tight outline-none"
        >
          {t("expenses.list.title")}
        </h2>
        <div className="grid gap-3 sm:grid-cols-2">
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
                value={search}
                onChange={(event) => setSearch(event.target.value)}
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
              value={category}
              onChange={(event) => setCategory(event.target.value)}
            >
              <option value={ALL_CATEGORIES}>{t("expenses.list.allCategories")}</option>
              {(categories.data ?? []).map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
              <option value={UNCATEGORIZED}>{t("expenses.uncategorized")}</option>
            </NativeSelect>
          </div>
        </div>
      </CardHeader>
      <CardContent className="grid gap-4">
        {failed ? (
          <Alert variant="destructive">{t("expenses.list.loadError")}</Alert>
        ) : loading ? (
          <div className="grid gap-3">
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-10 w-full" />
          </div>
        ) : shown.length === 0 ? (
          <div className="grid gap-1 py-8 text-center">
            <p className="font-medium">{t("expenses.list.empty")}</p>
            <p className="text-muted-foreground text-sm">
              {filtered ? t("expenses.list.emptyFiltered") : t("expenses.list.emptyHint")}
            </p>
          </div>
        ) : wide ? (
          <ExpenseTable {...listProps} />
        ) : (
          <ExpenseCards {...listProps} />
        )}
        {!loading && !failed && shown.length > 0 ? (
          <p role="status" className="text-muted-foreground text-sm">
            {t("expenses.list.summary", {
              count: shown.length,
              total: formatMoney(totalOf(shown), language),
            })}
          </p>
        ) : null}
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
    </Card>
  );
}
