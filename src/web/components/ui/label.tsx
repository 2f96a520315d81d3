import type { ComponentProps } from "react";
import { cn } from "../../lib/utils";

/**
 * A form control's label: the platform's own element (Radix's added only a guard against a
 * double click selecting the text, which `select-none` gives too).
 */
export function Label({ className, ...props }: ComponentProps<"label">) {
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: its caller names the control (htmlFor)
    <label
      className={cn(
        "flex items-center gap-2 font-medium text-sm leading-none select-none",
        className,
      )}
      {...props}
    />
  );
}
