import { lazy, Suspense, useState } from "react";
import { DashboardPage } from "../features/dashboard/dashboard-page";
import type { ExpenseEditDialogProps } from "../features/dashboard/recent-transactions";
import { QuickAddButton } from "../features/expenses/quick-add-button";

const LoadedEditDialog = lazy(() =>
  import("../features/expenses/expense-edit-dialog").then((m) => ({
    default: m.ExpenseEditDialog,
  })),
);

/**
 * The dashboard with the Expenses feature's quick-add button and editor plugged in. Features never
 * import each other; the app is where two of them meet. Loaded lazily as the dashboard's chunk;
 * the expense form (zod, react-hook-form, the dialog) is not in it, and comes when it is first
 * wanted, so the dashboard's numbers never wait for it (scripts/bundle-budget.mjs).
 */
export function DashboardRoute() {
  return <DashboardPage quickAdd={<QuickAddButton />} EditDialog={EditDialog} />;
}

/** The editor, loaded the first time an expense is opened, then kept (its closing animation). */
function EditDialog(props: ExpenseEditDialogProps) {
  const [wanted, setWanted] = useState(false);
  if (props.expense && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <LoadedEditDialog {...props} />
    </Suspense>
  );
}
