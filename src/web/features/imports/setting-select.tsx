import { type ReactNode, useId } from "react";
import { Label } from "../../components/ui/label";
import { NativeSelect } from "../../components/ui/native-select";

/** One of the import's choices as a labelled select; its hint, under it, is read out with it. */
export function SettingSelect({
  label,
  value,
  options,
  onChange,
  disabled,
  hint,
  hintTestId,
}: {
  label: string;
  value: string;
  options: { value: string; label: string }[];
  onChange: (value: string) => void;
  disabled?: boolean;
  /** A sentence under the select, read out with it. */
  hint?: ReactNode;
  hintTestId?: string;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <div className="grid min-w-0 content-start gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <NativeSelect
        id={id}
        value={value}
        disabled={disabled}
        aria-describedby={hint ? hintId : undefined}
        onChange={(event) => onChange(event.target.value)}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </NativeSelect>
      {hint ? (
        <p id={hintId} className="text-muted-foreground text-sm" data-testid={hintTestId}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}
