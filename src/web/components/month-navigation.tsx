import { ChevronLeft, ChevronRight } from "lucide-react";
import { useTranslation } from "react-i18next";
import { nextMonth, previousMonth, type YearMonth } from "../../domain/budget";
import { useLanguage } from "../i18n/use-language";
import { formatMonthYear } from "../lib/format";
import { cn } from "../lib/utils";
import { Button } from "./ui/button";

// Texts live under the top-level "monthNavigation" key of the dashboard's locale files.

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
