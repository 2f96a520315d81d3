import { PiggyBank } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { cn } from "../../lib/utils";

export function LogoMark({ className }: { className?: string }) {
  return (
    <span
      className={cn(
        "flex size-9 shrink-0 items-center justify-center rounded-xl bg-primary text-primary-foreground shadow-sm",
        className,
      )}
    >
      <PiggyBank className="size-5" aria-hidden="true" />
    </span>
  );
}

/** The logo and the app's name, linking home. */
export function Logo({ className }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <Link
      href="/"
      className={cn(
        "flex min-h-11 min-w-0 items-center gap-2.5 rounded-lg outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50",
        className,
      )}
    >
      <LogoMark />
      <span className="line-clamp-2 font-bold text-base text-foreground leading-tight tracking-tight sm:text-lg">
        {t("app.name")}
      </span>
    </Link>
  );
}
