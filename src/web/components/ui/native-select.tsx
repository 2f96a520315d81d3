import type { ComponentProps } from "react";
import { cn } from "../../lib/utils";

/**
 * The platform's own <select>: on a phone it opens the system picker, and it is accessible and
 * testable without extra machinery.
 */
export function NativeSelect({ className, ...props }: ComponentProps<"select">) {
  return (
    <select
      className={cn(
        "flex h-11 w-full min-w-0 rounded-lg border border-input bg-card px-3 py-2 text-base shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive sm:h-10 sm:text-sm",
        className,
      )}
      {...props}
    />
  );
}
