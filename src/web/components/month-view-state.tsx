import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { errorDescription } from "../lib/toast-error";
import { cn } from "../lib/utils";
import { Alert, AlertDescription, AlertTitle } from "./ui/alert";
import { Button } from "./ui/button";
import { Skeleton } from "./ui/skeleton";

/** One row of placeholder blocks: how many, their height and rounding, and the grid they sit in. */
export type SkeletonRow = { count: number; block: string; grid?: string };

/**
 * The shape of a month screen while it loads (the dashboard's and the reports' differ only in
 * their rows), so nothing jumps when the figures arrive.
 */
export function MonthSkeleton({ rows, testId }: { rows: SkeletonRow[]; testId: string }) {
  const { t } = useTranslation();
  return (
    <div className="space-y-6" aria-busy="true" data-testid={testId}>
      <p className="sr-only" role="status">
        {t("common.loading")}
      </p>
      {rows.map((row, rowIndex) => (
        // The rows are a fixed layout: their position is their identity.
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholder rows never reorder
        <div key={rowIndex} className={cn("grid gap-3", row.grid)}>
          {Array.from({ length: row.count }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholder blocks
            <Skeleton key={index} className={row.block} />
          ))}
        </div>
      ))}
    </div>
  );
}

/** A failed read: what the server said, and a way to try again without reloading the page. */
export function MonthLoadError({
  error,
  title,
  retryLabel,
  onRetry,
}: {
  error: unknown;
  title: string;
  retryLabel: string;
  onRetry: () => void;
}) {
  return (
    <Alert variant="destructive" className="gap-2">
      <AlertTitle>{title}</AlertTitle>
      <AlertDescription>{errorDescription(error)}</AlertDescription>
      <div>
        <Button type="button" variant="outline" size="sm" onClick={onRetry}>
          {retryLabel}
        </Button>
      </div>
    </Alert>
  );
}

/**
 * A month screen's three states from its one query: the skeleton while it loads, the error with a
 * retry when it failed, else `children` with the data. The texts are the screen's own.
 */
export function MonthViewState<T>({
  query,
  skeleton,
  errorTitle,
  retryLabel,
  children,
}: {
  query: Pick<UseQueryResult<T>, "data" | "error" | "refetch">;
  skeleton: ReactNode;
  errorTitle: string;
  retryLabel: string;
  children: (data: T) => ReactNode;
}) {
  if (query.data !== undefined) return children(query.data);
  if (query.error) {
    return (
      <MonthLoadError
        error={query.error}
        title={errorTitle}
        retryLabel={retryLabel}
        onRetry={() => void query.refetch()}
      />
    );
  }
  return skeleton;
}
