import { lazy, Suspense, useState } from "react";
import { useBalances } from "../api/balances/get-balances";
import { DashboardPage } from "../features/dashboard/dashboard-page";
import type { ExpenseEditDialogProps } from "../features/dashboard/recent-transactions";
import { QuickAddButton } from "../features/expenses/quick-add-button";

const LoadedEditDialog = lazy(() =>
  import("../features/expenses/expense-edit-dialog").then((m) => ({
    default: m.ExpenseEditDialog,
  })),
);

const LoadedBalancesCard = lazy(() =>
  import("../features/balances/balances-card").then((m) => ({ default: m.BalancesCard })),
);

/**
 * The dashboard with the Expenses feature's quick-add button and editor, and the Acertos card,
 * plugged in. Features never
 * import each other; the app is where two of them meet. Loaded lazily as the dashboard's chunk;
 * the expense form (zod, react-hook-form, the dialog) is not in it, and comes when it is first
 * wanted, so the dashboard's numbers never wait for it (scripts/bundle-budget.mjs).
 */
export function DashboardRoute() {
  return (
    <DashboardPage
      quickAdd={<QuickAddButton />}
      EditDialog={EditDialog}
      balances={<DashboardBalances />}
    />
  );
}

/**
 * Who owes whom over all time (docs/product.md#who-owes-whom), mounted by the dashboard once the
 * month's figures have answered, so its call never delays them; its markup is a chunk of its own,
 * downloaded only by a family of two or more, the only ones with anyone to owe (the cold
 * dashboard's budget, docs/internals/web.md#what-the-landing-page-loads).
 */
function DashboardBalances() {
  const { data } = useBalances(null);
  if (!data || data.members.length < 2) return null;
  return (
    <Suspense fallback={null}>
      <LoadedBalancesCard balances={data} />
    </Suspense>
  );
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
