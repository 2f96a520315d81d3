import { Search } from "lucide-react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import type { Category } from "../../../contract/categories";
import { EXPENSE_SEARCH_MAX, UNCATEGORISED } from "../../../contract/expenses";
import type { FamilyPerson } from "../../../contract/family";
import type { PaymentMethod } from "../../../contract/payment-methods";
import {
  ALL_CATEGORIES,
  ALL_METHODS,
  ALL_PAYERS,
  type ExpenseFilters,
} from "../../api/expenses/get-expenses-page";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { NativeSelect } from "../../components/ui/native-select";
import { methodChoices, payerChoices } from "./expense-list-view";
import { expensesTexts } from "./texts";

/**
 * The list's filters: the search, the category, who paid, how (once the family has a method),
 * and the dates; a start after the end is said under them, and the list asks for nothing.
 */
export function ExpenseFilterFields({
  filters,
  reversed,
  categories,
  people,
  methods,
  payerName,
  onFilter,
}: {
  filters: ExpenseFilters;
  reversed: boolean;
  categories: readonly Category[] | undefined;
  people: readonly FamilyPerson[] | undefined;
  methods: readonly PaymentMethod[] | undefined;
  payerName: (userId: string | null) => string;
  onFilter: (key: keyof ExpenseFilters, value: string) => void;
}) {
  const { t } = useTranslation(expensesTexts);
  const searchId = useId();
  const filterId = useId();
  const payerFilterId = useId();
  const methodFilterId = useId();
  const fromId = useId();
  const toId = useId();
  const rangeErrorId = useId();
  return (
    <>
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
              onChange={(event) => onFilter("search", event.target.value)}
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
            onChange={(event) => onFilter("category", event.target.value)}
          >
            <option value={ALL_CATEGORIES}>{t("expenses.list.allCategories")}</option>
            {(categories ?? []).map((c) => (
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
            onChange={(event) => onFilter("payer", event.target.value)}
          >
            <option value={ALL_PAYERS}>{t("expenses.list.allPayers")}</option>
            {payerChoices(people, payerName, t).map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.label}
              </option>
            ))}
          </NativeSelect>
        </div>
        {methods && methods.length > 0 ? (
          <div className="grid gap-1.5">
            <Label htmlFor={methodFilterId} className="sr-only">
              {t("expenses.list.methodFilterLabel")}
            </Label>
            <NativeSelect
              id={methodFilterId}
              value={filters.method}
              onChange={(event) => onFilter("method", event.target.value)}
            >
              <option value={ALL_METHODS}>{t("expenses.list.allMethods")}</option>
              {methodChoices(methods, t).map((choice) => (
                <option key={choice.value} value={choice.value}>
                  {choice.label}
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
            onChange={(event) => onFilter("from", event.target.value)}
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
            onChange={(event) => onFilter("to", event.target.value)}
          />
        </div>
      </div>
      {reversed ? (
        <p id={rangeErrorId} role="alert" className="text-destructive text-sm">
          {t("validation.dateRangeOrder")}
        </p>
      ) : null}
    </>
  );
}
