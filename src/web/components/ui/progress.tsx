import type { ComponentProps } from "react";
import { cn } from "../../lib/utils";

/**
 * A bar filled to `value` percent, already capped at 100 by the caller (src/domain): the
 * platform's progressbar role with its values, as Radix's Progress wrote them, without its code.
 */
export function Progress({
  className,
  value,
  indicatorClassName,
  ...props
}: ComponentProps<"div"> & { value?: number | null; indicatorClassName?: string }) {
  const percent = value ?? 0;
  return (
    <div
      role="progressbar"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={value ?? undefined}
      aria-valuetext={value === null || value === undefined ? undefined : `${Math.round(percent)}%`}
      className={cn("relative h-2.5 w-full overflow-hidden rounded-full bg-muted", className)}
      {...props}
    >
      <div
        className={cn("h-full w-full flex-1 bg-primary transition-transform", indicatorClassName)}
        style={{ transform: `translateX(-${100 - percent}%)` }}
      />
    </div>
  );
}
