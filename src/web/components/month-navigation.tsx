import { ChevronLeft, ChevronRight } from "lucide-react";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "wouter";
import { nextMonth, previousMonth, type YearMonth } from "../../domain/budget";
import { useLanguage } from "../i18n/use-language";
import { formatMonthYear, todayIso } from "../lib/format";
import { cn } from "../lib/utils";
import { Button } from "./ui/button";

// Texts live under the top-level "monthNavigation" key of the dashboard's locale files.

const MIN_YEAR = 1900;
const MAX_YEAR = 9999;

/** The month a page shows: ?month=&year= when both are valid, else the user's current month. */
export function selectedMonthOf(search: URLSearchParams, today: string = todayIso()): YearMonth {
  const month = Number(search.get("month"));
  const year = Number(search.get("year"));
  if (
    Number.isInteger(month) &&
    month >= 1 &&
    month <= 12 &&
    Number.isInteger(year) &&
    year >= MIN_YEAR &&
    year <= MAX_YEAR
  ) {
    return { year, month };
  }
  return { year: Number(today.slice(0, 4)), month: Number(today.slice(5, 7)) };
}

/**
 * The shown month lives in the address (?month=12&year=2025), so a reload or a shared link keeps
 * it. Changing month replaces the history entry: Back leaves the page instead of stepping through
 * every month visited.
 */
export function useSelectedMonth(): [YearMonth, (value: YearMonth) => void] {
  const [search, setSearch] = useSearchParams();
  // One object per address, so the pages' memoised month summaries stay put between renders.
  const selected = useMemo(() => selectedMonthOf(search), [search]);
  const select = (value: YearMonth) =>
    setSearch(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.set("month", String(value.month));
        next.set("year", String(value.year));
        return next;
      },
      { replace: true },
    );
  return [selected, select];
}

/** Previous and next buttons around the month's name; December wraps to January of next year. */
export function MonthNavigation({
  value,
  onChange,
  className,
}: {
  value: YearMonth;
  onChange: (value: YearMonth) => void;
  className?: string;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const label = formatMonthYear(value.month, value.year, language);
  return (
    <div className={cn("flex items-center gap-1", className)}>
      <Button
        type="button"
        variant="outline"
        size="icon"
        aria-label={t("monthNavigation.previous")}
        onClick={() => onChange(previousMonth(value))}
      >
        <ChevronLeft aria-hidden="true" />
      </Button>
      <p
        aria-live="polite"
        data-testid="selected-month"
        className="min-w-40 flex-1 text-center font-semibold text-base tabular-nums sm:flex-none"
      >
        {label}
      </p>
      <Button
        type="button"
        variant="outline"
        size="icon"
        aria-label={t("monthNavigation.next")}
        onClick={() => onChange(nextMonth(value))}
      >
        <ChevronRight aria-hidden="true" />
      </Button>
    </div>
  );
}
