import { lazy, Suspense } from "react";
import type { YearMonth } from "../../../domain/budget";
import { useAccountBalances } from "../../api/payment-methods/get-account-balances";

const AccountBalancesCard = lazy(() =>
  import("./account-balances-card").then((m) => ({ default: m.AccountBalancesCard })),
);

/**
 * 'Saldo em contas' (docs/product.md#account-balances): the family's accounts at the end of the
 * month on screen, or today for the current one. Mounted once the month's summary has answered,
 * so its call never delays the dashboard's numbers; not shown while the family has no account
 * with a balance that day, and its markup is a chunk of its own (the cold dashboard's budget,
 * docs/internals/web.md#what-the-landing-page-loads).
 */
export function AccountBalances({ month }: { month: YearMonth }) {
  const { data } = useAccountBalances(month);
  if (!data || data.accounts.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <AccountBalancesCard balances={data} />
    </Suspense>
  );
}
