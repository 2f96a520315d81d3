import { useTranslation } from "react-i18next";
import { toCents } from "../../../contract/cents";
import type { AccountBalances } from "../../../contract/payment-methods";
import { Card } from "../../components/ui/card";
import { useLanguage } from "../../i18n/use-language";
import { formatDate, formatMoney } from "../../lib/format";
import { cn } from "../../lib/utils";
import { dashboardTexts } from "./texts";

/**
 * "Saldo em contas R$ 3.412,35 · em 30/11/2026", and each account's balance on its line, a
 * negative one in red (with its minus sign, so the colour only repeats it).
 */
export function AccountBalancesCard({ balances }: { balances: AccountBalances }) {
  const { t } = useTranslation(dashboardTexts);
  const language = useLanguage();
  const negative = (amount: string) => toCents(amount) < 0;
  return (
    <section aria-labelledby="account-balances-title">
      <Card className="grid gap-2 p-4 sm:p-5" data-testid="account-balances">
        <div className="flex flex-wrap items-baseline justify-between gap-x-3">
          <h2 id="account-balances-title" className="font-semibold">
            {t("dashboard.accountBalances.title")}
          </h2>
          <p
            className={cn(
              "font-bold text-xl tabular-nums",
              negative(balances.total) && "text-destructive",
            )}
            data-testid="account-balances-total"
          >
            {formatMoney(balances.total, language)}
          </p>
        </div>
        <p className="text-muted-foreground text-xs">
          {t("dashboard.accountBalances.on", { date: formatDate(balances.date, language) })}
        </p>
        <ul className="grid gap-1 text-sm">
          {balances.accounts.map((account) => (
            <li key={account.id} className="flex justify-between gap-3">
              <span className="min-w-0 truncate">
                {account.name}
                {account.isActive ? null : (
                  <span className="text-muted-foreground">
                    {" "}
                    {t("dashboard.accountBalances.archived")}
                  </span>
                )}
              </span>
              <span
                className={cn(
                  "whitespace-nowrap tabular-nums",
                  negative(account.balance) && "text-destructive",
                )}
              >
                {formatMoney(account.balance, language)}
              </span>
            </li>
          ))}
        </ul>
      </Card>
    </section>
  );
}
