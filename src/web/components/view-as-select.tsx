import { useId } from "react";
import { useTranslation } from "react-i18next";
import { cn } from "../lib/utils";
import { NativeSelect } from "./ui/native-select";

// Texts live under the top-level "viewAs" key of the shared texts (i18n/locales).

/**
 * 'Ver como' (docs/product.md#viewing-as-a-member): whose month the dashboard and the reports show,
 * the family's, mine or another member's. The platform's select: one line on a phone whatever the
 * family's size, and no library in the cold dashboard. The caller hands in the choices
 * (api/family/view-choices.ts) and draws nothing without them (a family of one).
 */
export function ViewAsSelect({
  choices,
  value,
  onChange,
  className,
}: {
  choices: readonly { value: string; label: string }[];
  /** "" for the family. */
  value: string;
  onChange: (value: string) => void;
  className?: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className={cn("flex items-center gap-2", className)}>
      <label htmlFor={id} className="shrink-0 text-muted-foreground text-sm">
        {t("viewAs.label")}
      </label>
      <NativeSelect
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="w-auto max-w-48 flex-1 sm:flex-none"
      >
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}
