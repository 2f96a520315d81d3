import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { Family } from "../../contract/family";
import { errorDescription } from "../lib/toast-error";
import { NoFamilyCard } from "./no-family-card";
import { Alert, AlertDescription, AlertTitle } from "./ui/alert";
import { Button } from "./ui/button";

type RequireFamilyProps = {
  /** The screen's GET /api/family (api/family/get-family.ts's useFamilyQuery). */
  family: UseQueryResult<Family | null>;
  /** Shown while the family is being asked for; screens pass their own skeleton. */
  fallback?: ReactNode;
  /** The screen, or a function of the family for screens that need it. */
  children: ReactNode | ((family: Family) => ReactNode);
};

/**
 * The budget screens' gate: every category, expense and report belongs to a family, so they
 * render only once the caller has one. A failed GET /api/family is an error with a retry, never
 * the "no family" card: that card would invite someone who has a family to create another. The
 * screen hands in its family query: a shared component does not call the API (the web's layers,
 * .dependency-cruiser.cjs).
 */
export function RequireFamily({ family, fallback, children }: RequireFamilyProps) {
  const { t } = useTranslation();

  if (family.isPending) {
    return (
      fallback ?? (
        <p role="status" className="py-6 text-center text-muted-foreground">
          {t("common.loading")}
        </p>
      )
    );
  }
  if (family.isError) {
    return (
      <Alert variant="destructive" className="gap-2">
        <AlertTitle>{t("requireFamily.loadError")}</AlertTitle>
        <AlertDescription>{errorDescription(family.error)}</AlertDescription>
        <div>
          <Button
            type="button"
            variant="outline"
            size="sm"
            disabled={family.isFetching}
            onClick={() => void family.refetch()}
          >
            {t("requireFamily.retry")}
          </Button>
        </div>
      </Alert>
    );
  }
  if (!family.data) return <NoFamilyCard />;
  return typeof children === "function" ? children(family.data) : children;
}
