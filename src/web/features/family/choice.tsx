import { useId } from "react";
import { cn } from "../../lib/utils";

/** One radio of a group, a whole row to tap on a phone, with its hint tied to it. */
export function Choice({
  name,
  checked,
  onCheck,
  label,
  hint,
}: {
  name: string;
  checked: boolean;
  onCheck: () => void;
  label: string;
  hint?: string;
}) {
  const hintId = useId();
  return (
    <div
      className={cn(
        "rounded-lg border transition-colors",
        checked ? "border-primary bg-primary/5" : "border-border",
      )}
    >
      <label className="flex min-h-11 cursor-pointer items-center gap-3 px-3 py-2">
        <input
          type="radio"
          name={name}
          checked={checked}
          onChange={onCheck}
          aria-describedby={hint ? hintId : undefined}
          className="size-4 shrink-0 accent-primary"
        />
        <span className="text-sm">{label}</span>
      </label>
      {hint ? (
        <p id={hintId} className="-mt-1 pr-3 pb-2 pl-10 text-muted-foreground text-xs">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
