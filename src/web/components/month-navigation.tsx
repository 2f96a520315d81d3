import { ChevronLeft, ChevronRight } from "lucide-react";
import { useTranslation } from "react-i18next";
import { nextMonth, previousMonth, type YearMonth } from "../../domain/budget";
import { useLanguage } from "../i18n/use-language";
import { formatDayRange, formatMonthYear } from "../lib/format";
import { cn } from "../lib/utils";
import { Button } from "./ui/button";

// Texts live under the top-level "monthNavigation" key of the shared texts (i18n/locales).

/**
 * Previous and next buttons around the month's name; December wraps to January of next year. With
 * a family's own budget month (docs/product.md#budget-periods) the caller hands in `period`, the
 * days that name stands for, shown under it: "Novembro de 2026 · 7 nov – 4 dez".
 */
export function MonthNavigation({
  value,
  onChange,
  period,
  className,
}: {
  value: YearMonth;
  onChange: (value: YearMonth) => void;
  period?: { first: string; last: string };
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
        {period ? (
          <>
            <span className="block">{label}</span>
            <span className="block font-normal text-muted-foreground text-xs">
              {/* Read as one phrase, and copied as one line: the dot only separates the two. */}
              <span className="sr-only"> · </span>
              {formatDayRange(period.first, period.last, language)}
            </span>
          </>
        ) : (
          label
        )}
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
