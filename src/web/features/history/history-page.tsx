import { History, RotateCcw } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { parseBudgetPeriodRuleCode } from "../../../contract/budget-period-rule";
import type { Language } from "../../../contract/common";
import {
  type HistoryChange,
  type HistoryEntry,
  type HistoryKind,
  historyKinds,
} from "../../../contract/history";
import { useFamilyQuery } from "../../api/family/get-family";
import { useFamilyPeople } from "../../api/family/get-family-people";
import {
  type HistoryFilters,
  historyRangeReversed,
  noHistoryFilters,
  useFamilyHistory,
} from "../../api/history/get-family-history";
import { useRestoreExpense } from "../../api/history/restore-expense";
import { BackLink } from "../../components/back-link";
import { PageTitle } from "../../components/layout/page-title";
import { PrivateMark } from "../../components/private-expense";
import { RequireFamily } from "../../components/require-family";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent } from "../../components/ui/card";
import { FormField } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";
import { NativeSelect } from "../../components/ui/native-select";
import { Skeleton } from "../../components/ui/skeleton";
import { useLanguage } from "../../i18n/use-language";
import { budgetPeriodRuleText } from "../../lib/budget-period-text";
import { formatDate, formatMoney, localeOf, monthName } from "../../lib/format";
import { displayNameOf } from "../../lib/member-name";
import { toastError } from "../../lib/toast-error";
import { useDocumentTitle } from "../../lib/use-document-title";
import { toast } from "../../lib/use-toast";
import { categoryRuleFieldsShown, categoryRuleSentence } from "./category-rule-text";
import { goalSentence } from "./goal-text";
import {
  billMonth,
  installmentsFieldsShown,
  installmentsSentence,
  paidOffToBill,
} from "./installments-text";
import { isRefundEntry, refundFieldsShown, refundSentence } from "./refund-text";
import { settlementFieldsShown, settlementSentence } from "./settlement-text";
import { historyTexts } from "./texts";

/**
 * The family's history (docs/product.md#family-history): who changed what and when, newest first,
 * filtered by person, kind and period; a deleted expense can be restored from its entry.
 */
export function HistoryPage() {
  const { t } = useTranslation(historyTexts);
  const title = t("history.title");
  useDocumentTitle(title);
  const family = useFamilyQuery();
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6">
      <div className="grid gap-2">
        <BackLink href="/profile?tab=family">{t("history.back")}</BackLink>
        <PageTitle>{title}</PageTitle>
        <p className="text-muted-foreground text-sm">{t("history.intro")}</p>
      </div>
      <RequireFamily family={family} fallback={<Skeleton className="h-44 w-full rounded-2xl" />}>
        <HistoryBody />
      </RequireFamily>
    </div>
  );
}

function HistoryBody() {
  const { t } = useTranslation(historyTexts);
  const [filters, setFilters] = useState<HistoryFilters>(noHistoryFilters);
  const history = useFamilyHistory(filters);
  const reversed = historyRangeReversed(filters);
  const entries = history.data?.pages.flatMap((page) => page.items) ?? [];
  const filtered = JSON.stringify(filters) !== JSON.stringify(noHistoryFilters);
  return (
    <div className="grid gap-4">
      <Filters filters={filters} onChange={setFilters} reversed={reversed} />
      {history.isPending && !reversed ? (
        <Skeleton className="h-44 w-full rounded-2xl" />
      ) : history.isError ? (
        <p role="alert" className="text-destructive">
          {t("history.loadError")}
        </p>
      ) : entries.length === 0 ? (
        <Card>
          <CardContent className="flex flex-col items-center gap-2 py-10 text-center">
            <History className="size-8 text-muted-foreground" aria-hidden="true" />
            <p className="font-medium">
              {filtered ? t("history.emptyFiltered") : t("history.empty")}
            </p>
            {filtered ? null : (
              <p className="text-muted-foreground text-sm">{t("history.emptyHint")}</p>
            )}
          </CardContent>
        </Card>
      ) : (
        <>
          <ul className="grid gap-3" aria-label={t("history.title")}>
            {entries.map((entry) => (
              <HistoryItem key={entry.id} entry={entry} />
            ))}
          </ul>
          {history.hasNextPage ? (
            <Button
              variant="outline"
              className="justify-self-center"
              disabled={history.isFetchingNextPage}
              onClick={() => history.fetchNextPage()}
            >
              {history.isFetchingNextPage ? t("history.loadingMore") : t("history.loadMore")}
            </Button>
          ) : null}
        </>
      )}
    </div>
  );
}

function Filters({
  filters,
  onChange,
  reversed,
}: {
  filters: HistoryFilters;
  onChange: (filters: HistoryFilters) => void;
  reversed: boolean;
}) {
  const { t } = useTranslation(historyTexts);
  const people = useFamilyPeople();
  const set = (patch: Partial<HistoryFilters>) => onChange({ ...filters, ...patch });
  return (
    <fieldset className="grid gap-3 rounded-2xl border bg-card p-4 sm:grid-cols-4">
      <legend className="sr-only">{t("history.filters")}</legend>
      <FormField label={t("history.person")}>
        <NativeSelect value={filters.person} onChange={(e) => set({ person: e.target.value })}>
          <option value="">{t("history.everyone")}</option>
          {(people.data ?? []).map((person) => (
            <option key={person.userId} value={person.userId}>
              {displayNameOf(person) ?? t("payer.unnamed")}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <FormField label={t("history.kind")}>
        <NativeSelect
          value={filters.kind}
          onChange={(e) => set({ kind: e.target.value as HistoryKind | "" })}
        >
          <option value="">{t("history.allKinds")}</option>
          {historyKinds.map((kind) => (
            <option key={kind} value={kind}>
              {t(`history.kinds.${kind}`)}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <FormField label={t("history.from")}>
        <Input type="date" value={filters.from} onChange={(e) => set({ from: e.target.value })} />
      </FormField>
      <FormField label={t("history.to")} error={reversed ? t("history.rangeReversed") : undefined}>
        <Input type="date" value={filters.to} onChange={(e) => set({ to: e.target.value })} />
      </FormField>
    </fieldset>
  );
}

const moneyFields = new Set([
  "amount",
  "weeklyBudget",
  "monthlyBudget",
  "totalAmount",
  "creditLimit",
  "openingBalance",
  "bankBalance",
  "adjustment",
  "minAmount",
  "maxAmount",
  "targetAmount",
]);
const dateFields = new Set(["date", "startDate", "endDate", "openingDate", "targetDate"]);
const accountFields = new Set(["paymentMethod", "fromAccount", "toAccount", "account"]);
/**
 * Fields set from nothing in a change (where a series' change starts; a default split set on a day
 * that had none): shown as their value alone.
 */
const valueOnlyFields = new Set(["fromInstallment", "paidOffTo", "splitRule"]);

/** "Ana 120.00 · Léo 80.00" and "Ana 33.33% · Léo 66.67%" with the reader's money and decimals. */
const sharesInLanguage = (text: string, language: Language) =>
  text
    .split(" · ")
    .map((part) =>
      part
        .replace(/ (\d+\.\d{2})$/, (_, amount: string) => ` ${formatMoney(amount, language)}`)
        .replace(
          / (\d+(?:\.\d+)?)%$/,
          (_, percent: string) => ` ${Number(percent).toLocaleString(localeOf(language))}%`,
        ),
    )
    .join(" · ");

/** A field's value as a person reads it, in their language. */
function useFormatValue() {
  const { t } = useTranslation(historyTexts);
  const language = useLanguage();
  return (
    field: HistoryChange["field"],
    value: HistoryChange["before"],
    entry?: HistoryEntry,
  ): string => {
    // For whom (docs/decisions/012-yours-mine-ours.md): null is the family's split; a default
    // split of null is equal between the members.
    if (field === "forWhom") {
      return typeof value === "string" ? sharesInLanguage(value, language) : t("history.family");
    }
    if (field === "splitRule") {
      return value === null ? t("history.splitEqual") : t("history.splitRatio", { weights: value });
    }
    if (value === null) return t("history.none");
    // A private account is kept without its name (docs/product.md#private-accounts).
    if (value === "" && accountFields.has(field)) return t("history.privateAccount");
    if (typeof value === "boolean") return value ? t("history.yes") : t("history.no");
    if (typeof value === "string" && moneyFields.has(field)) return formatMoney(value, language);
    if (typeof value === "string" && dateFields.has(field)) return formatDate(value, language);
    if (field === "expiresAt" && typeof value === "string") return formatInstant(value, language);
    if (field === "frequency") return t(`history.frequency.${value}`);
    // A rule's kind of match, kept as its code (docs/product.md#category-rules).
    if (field === "matchKind")
      return t(`history.matchKinds.${value}`, { defaultValue: String(value) });
    // Kept as the kind's code (docs/product.md#income), worded as the Receitas screen words it
    // (features/incomes/locales, in the same catalogue).
    if (field === "incomeKind") return t(`incomeKinds.${value}`, { defaultValue: String(value) });
    // Kept as the kind's code (docs/product.md#payment-methods), worded in the reader's language.
    if (field === "methodKind")
      return t(`history.methodKinds.${value}`, { defaultValue: String(value) });
    if (field === "dayOfWeek" && typeof value === "number") return weekdayName(value, language);
    if (field === "monthOfYear" && typeof value === "number") return monthName(value, language);
    // A bill by its closing date, named as the bills' screen names it: its month ("dezembro de 2026").
    if (field === "bill" && typeof value === "string") return billMonth(value, language);
    // A paid-off series' installments went to a bill (its closing date) or to a date.
    if (field === "paidOffTo" && typeof value === "string") {
      return entry && paidOffToBill(value, entry.createdAt)
        ? billMonth(value, language)
        : formatDate(value, language);
    }
    if (field === "budgetPeriod" && typeof value === "string") {
      // Kept as a code (budgetPeriodRuleCode), worded in the reader's language; a code this
      // version does not know shows as it is rather than not at all.
      const rule = parseBudgetPeriodRuleCode(value);
      return rule ? budgetPeriodRuleText(rule, t) : value;
    }
    // docs/product.md#counting-card-spending-by-bill: kept as the choice's code.
    if (field === "cardSpendingBy")
      return t(`history.cardSpendingBy.${value}`, { defaultValue: String(value) });
    return String(value);
  };
}

const formatInstant = (iso: string, language: Language) =>
  new Intl.DateTimeFormat(localeOf(language), { dateStyle: "medium", timeStyle: "short" }).format(
    new Date(iso),
  );

/** 1 = Monday ... 7 = Sunday; 2024-01-01 was a Monday. */
const weekdayName = (day: number, language: Language) =>
  new Intl.DateTimeFormat(localeOf(language), { weekday: "long", timeZone: "UTC" }).format(
    new Date(Date.UTC(2024, 0, day)),
  );

/** An entry about another member's private expense: no actor, no label and no fields. */
const isHiddenEntry = (entry: HistoryEntry): boolean =>
  entry.private && entry.actorUserId === null && entry.actorName === null;

function HistoryItem({ entry }: { entry: HistoryEntry }) {
  const { t } = useTranslation(historyTexts);
  const language = useLanguage();
  const formatValue = useFormatValue();
  const restore = useRestoreExpense();
  const actor = entry.actorName ?? (entry.actorUserId ? t("history.someone") : null);
  const subject = entry.subjectLabel ?? t("history.unnamed");
  const names = { actor: actor ?? t("history.someone"), subject };
  // Another member's private expense (docs/product.md#private-expenses): the server says only
  // that one changed, by nobody named; its author reads their own entries in full, marked.
  const hidden = isHiddenEntry(entry);
  const sentence = hidden
    ? t(
        entry.kind === "income"
          ? `history.sentence.privateIncome.${entry.action}`
          : `history.sentence.privateExpense.${entry.action}`,
      )
    : actor === null && (entry.kind === "expense" || entry.kind === "income")
      ? t(`history.sentence.${entry.kind}.createdByRule`, { subject })
      : isRefundEntry(entry)
        ? refundSentence(entry, names, t, language)
        : entry.kind === "installments"
          ? installmentsSentence(entry, names, t, language)
          : entry.kind === "settlement"
            ? settlementSentence(entry, names, t, language)
            : entry.kind === "categoryRule"
              ? categoryRuleSentence(entry, names, t)
              : entry.kind === "goal"
                ? goalSentence(entry, names, t, (amount) => formatMoney(amount, language))
                : entry.kind === "family" && entry.changes.some((c) => c.field === "cardSpendingBy")
                  ? t("history.sentence.family.cardSpendingBy", names)
                  : entry.kind === "family" && entry.changes.some((c) => c.field === "startDate")
                    ? // A default split set from a date on, or removed (its start date to nothing).
                      t(
                        entry.changes.some((c) => c.field === "splitRule")
                          ? "history.sentence.family.splitRule"
                          : "history.sentence.family.splitRuleRemoved",
                        names,
                      )
                    : t(`history.sentence.${entry.kind}.${entry.action}`, names);
  const changes =
    entry.kind === "installments"
      ? installmentsFieldsShown(entry)
      : entry.kind === "settlement"
        ? settlementFieldsShown(entry)
        : entry.kind === "categoryRule"
          ? categoryRuleFieldsShown(entry)
          : isRefundEntry(entry)
            ? refundFieldsShown(entry)
            : entry.changes;
  // A series' date is its first installment's.
  // An income came into an account ("Conta"), where an expense was paid with one.
  const fieldLabel = (field: HistoryChange["field"]) =>
    entry.kind === "installments" && field === "date"
      ? t("history.firstInstallmentDate")
      : entry.kind === "income" && field === "paymentMethod"
        ? t("history.incomeAccount")
        : t(`history.fields.${field}`);
  const onRestore = () =>
    restore.mutate(entry.id, {
      onSuccess: () => toast({ title: t("history.restoredToast") }),
      onError: (error) => toastError(error, t("history.restoreError")),
    });
  return (
    <li>
      <Card>
        <CardContent className="grid gap-3 p-4 sm:p-5">
          <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
            <div className="grid gap-1">
              <div className="flex flex-wrap items-center gap-2">
                <Badge variant="secondary">{t(`history.kinds.${entry.kind}`)}</Badge>
                <time dateTime={entry.createdAt} className="text-muted-foreground text-xs">
                  {formatInstant(entry.createdAt, language)}
                </time>
                {entry.restoredAt ? <Badge variant="outline">{t("history.restored")}</Badge> : null}
                {entry.private && !hidden ? <PrivateMark className="ml-0" /> : null}
              </div>
              <p className="font-medium">{sentence}</p>
            </div>
            {entry.restorable ? (
              <Button
                variant="outline"
                size="sm"
                className="min-h-11 self-start sm:min-h-9"
                disabled={restore.isPending}
                onClick={onRestore}
                aria-label={t("history.restoreLabel", { subject })}
              >
                <RotateCcw aria-hidden="true" />
                {t("history.restore")}
              </Button>
            ) : null}
          </div>
          {changes.length > 0 ? (
            <dl className="grid grid-cols-[max-content_1fr] gap-x-3 gap-y-1 text-sm sm:gap-x-4">
              {changes.map((change) => (
                <div key={change.field} className="contents">
                  <dt className="text-muted-foreground">{fieldLabel(change.field)}</dt>
                  <dd className="min-w-0 break-words">
                    {entry.action === "changed" &&
                    !(valueOnlyFields.has(change.field) && change.before === null) &&
                    // The day a default split starts, or started before it was removed.
                    !(entry.kind === "family" && change.field === "startDate")
                      ? t("history.changeTo", {
                          before: formatValue(change.field, change.before, entry),
                          after: formatValue(change.field, change.after, entry),
                        })
                      : formatValue(change.field, change.after ?? change.before, entry)}
                  </dd>
                </div>
              ))}
            </dl>
          ) : null}
        </CardContent>
      </Card>
    </li>
  );
}
