import { useTranslation } from "react-i18next";
import { cn } from "../../lib/utils";

export function Footer({ className }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <footer className={cn("border-border border-t bg-card", className)}>
      <div className="mx-auto flex max-w-6xl flex-col gap-1 px-4 py-6 text-muted-foreground text-sm sm:flex-row sm:items-center sm:justify-between">
        <p>{t("footer.copyright", { year: new Date().getFullYear() })}</p>
        <p>{t("footer.tagline")}</p>
      </div>
    </footer>
  );
}
