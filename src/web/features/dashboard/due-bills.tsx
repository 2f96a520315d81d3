import { CalendarClock } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import type { Category } from "../../../contract/categories";
import type { YearMonth } from "../../../domain/budget";
import { useRecurringDue } from "../../api/recurring/get-recurring-due";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardHeader } from "../../components/ui/card";
import { useLanguage } from "../../i18n/use-language";
import { formatDate, formatMoney } from "../../lib/format";
import { dashboardTexts } from "./texts";

/**
 * The recurring bills still due in the shown month (after today): each with its date and
 * amount, and their planned total. Not spent yet, so never part of the month's figures above;
 * nothing shows when none is due (a past month, or no rules).
 */
export function DueBills({ month, categories }: { month: YearMonth; categories: Category[] }) {
  const { t } = useTranslation(dashboardTexts);
  const language = useLanguage();
  const due = useRecurringDue(month);
  const items = due.data?.items ?? [];
  if (items.length === 0) return null;
  const categoryName = (id: string | null) =>
    categories.find((category) => category.id === id)?.name ?? t("dashboard.recent.uncategorised");
  return (
    <section aria-labelledby="due-bills-title">
      <Card data-testid="due-bills">
        <CardHeader className="flex-row flex-wrap items-center justify-between gap-2">
          <h2 id="due-bills-title" className="font-semibold text-lg">
            {t("dashboard.due.title")}
          </h2>
          <Button asChild variant="outline" size="sm">
            <Link href="/expenses/recurring">{t("dashboard.due.manage")}</Link>
          </Button>
        </CardHeader>
        <CardContent>
          <ul className="divide-y divide-border">
            {items.map((item) => (
              <li key={`${item.ruleId}:${item.date}`} className="flex items-center gap-3 py-3">
                <CalendarClock
                  aria-hidden="true"
                  className="size-5 shrink-0 text-muted-foreground"
                />
                <div className="min-w-0 flex-1">
                  <p className="break-words font-medium">{item.description}</p>
                  <p className="text-muted-foreground text-sm">
                    {formatDate(item.date, language)} · {categoryName(item.categoryId)}
                  </p>
                </div>
                <span className="font-semibold tabular-nums">
                  {formatMoney(item.amount, language)}
                </span>
              </li>
            ))}
          </ul>
          <p className="flex justify-between border-border border-t pt-3 font-semibold">
            <span>{t("dashboard.due.planned")}</span>
            <span className="tabular-nums" data-testid="due-bills-total">
              {formatMoney(due.data?.total ?? "0.00", language)}
            </span>
          </p>
        </CardContent>
      </Card>
    </section>
  );
}

/** Under "Total spent": what the month's recurring bills still add, kept apart from it. */
export function PlannedLine({ month }: { month: YearMonth }) {
  const { t } = useTranslation(dashboardTexts);
  const language = useLanguage();
  const due = useRecurringDue(month);
  if (!due.data || due.data.items.length === 0) return null;
  return (
    <span className="block text-muted-foreground text-xs" data-testid="planned-total">
      {t("dashboard.totals.planned", { amount: formatMoney(due.data.total, language) })}
    </span>
  );
}
