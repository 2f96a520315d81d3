import type { LucideIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "wouter";
import { cn } from "../../lib/utils";

/** One tab of the frame, as the app's route table has it (routes/registry.tsx). */
export type NavTab = {
  path: string;
  labelKey: string;
  icon: LucideIcon;
  /** Whether the tab is lit at `location`. */
  isActive: (location: string) => boolean;
};

/** Five equal tabs on phones (icon over label), a row of tabs on wider screens. */
export function NavTabs({ tabs }: { tabs: readonly NavTab[] }) {
  const { t } = useTranslation();
  const [location] = useLocation();
  return (
    <nav aria-label={t("nav.label")} className="border-border border-t">
      <ul className="mx-auto grid max-w-6xl grid-cols-5 px-1 sm:flex sm:gap-1 sm:px-4">
        {tabs.map((tab) => {
          const active = tab.isActive(location);
          const Icon = tab.icon;
          return (
            <li key={tab.path} className="min-w-0">
              <Link
                href={tab.path}
                aria-current={active ? "page" : undefined}
                data-active={active}
                className={cn(
                  "-mb-px flex min-w-0 flex-col items-center gap-1 border-b-2 px-1 py-2 font-medium text-xs outline-none transition-colors focus-visible:bg-accent sm:flex-row sm:gap-2 sm:px-4 sm:py-3 sm:text-sm",
                  active
                    ? "border-primary text-primary"
                    : "border-transparent text-muted-foreground hover:border-border hover:text-foreground",
                )}
              >
                <Icon className="size-5 shrink-0 sm:size-4" aria-hidden="true" />
                <span className="max-w-full truncate">{t(tab.labelKey)}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
