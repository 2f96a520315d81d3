import { DashboardPage } from "../features/dashboard/dashboard-page";
import { ExpenseEditDialog } from "../features/expenses/expense-edit-dialog";
import { QuickAddButton } from "../features/expenses/quick-add-button";

/**
 * The dashboard with the Expenses feature's quick-add button and editor plugged in. Features never
 * import each other; the app is where two of them meet. Loaded lazily as the dashboard's chunk (the
 * expense form it pulls in is shared with the Expenses page's chunk by the bundler).
 */
export function DashboardRoute() {
  return <DashboardPage quickAdd={<QuickAddButton />} EditDialog={ExpenseEditDialog} />;
}
