import type { ComponentProps } from "react";
import { cn } from "../../lib/utils";

type CheckboxProps = Omit<ComponentProps<"input">, "type" | "onChange"> & {
  /** The new state, as Radix's Checkbox said it (the callers keep its name). */
  onCheckedChange?: (checked: boolean) => void;
};

/**
 * A checkbox on the platform's own element, drawn in the app's colour (accent-color): what
 * Radix's drew with a button, a hidden input and an icon, at none of its bytes (Label, Progress
 * and Avatar went the same way: scripts/bundle-budget.mjs).
 */
export function Checkbox({ className, onCheckedChange, ...props }: CheckboxProps) {
  return (
    <input
      type="checkbox"
      className={cn(
        "size-5 shrink-0 accent-primary outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:cursor-not-allowed disabled:opacity-50",
        className,
      )}
      onChange={(event) => onCheckedChange?.(event.target.checked)}
      {...props}
    />
  );
}
