import { LoaderCircle } from "lucide-react";
import { cn } from "../../lib/utils";

/** A live status, so screen readers announce the text while sighted users see the spinner. */
export function Spinner({ label, className }: { label: string; className?: string }) {
  return (
    <div role="status" className={cn("flex items-center gap-3 text-muted-foreground", className)}>
      <LoaderCircle className="size-6 animate-spin text-primary" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}
