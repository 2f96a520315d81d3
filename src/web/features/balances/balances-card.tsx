import { ChevronRight } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import type { Balances, Debt } from "../../../contract/balances";
import { usePayerName } from "../../api/family/payer-names";
import { useLanguage } from "../../i18n/use-language";
import { formatMoney } from "../../lib/format";
import { balancesTexts } from "./texts";

/**
 * "Léo deve R$ 80,00 a Ana", "Léo owes Ana $80.00", "Léo le debe $80.00 a Ana": a debt as the
 * dashboard and the Acertos page say it (docs/product.md#who-owes-whom), each language with its
 * own word order and money format.
 */
export function useDebtSentence() {
  const { t } = useTranslation(balancesTexts);
  const language = useLanguage();
  const nameOf = usePayerName();
  return (debt: Debt) =>
    t("balances.debt", {
      debtor: nameOf(debt.debtorUserId),
      creditor: nameOf(debt.creditorUserId),
      amount: formatMoney(debt.amount, language),
    });
}

/**
 * The dashboard's "Acertos": who owes whom over all time in one line ("Léo deve R$ 80,00 a Ana",
 * or "Tudo acertado"), the whole card a link to the Acertos page (docs/product.md#who-owes-whom).
 */
export function BalancesCard({ balances }: { balances: Balances }) {
  const { t } = useTranslation(balancesTexts);
  const sentence = useDebtSentence();
  const [first, ...others] = balances.debts;
  return (
    <section aria-labelledby="balances-title">
      <Link
        href="/balances"
        className="flex items-center justify-between gap-3 rounded-2xl border border-border bg-card p-4 text-card-foreground shadow-sm outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50 sm:p-5"
      >
        <span className="grid gap-0.5">
          <h2 id="balances-title" className="font-semibold">
            {t("balances.title")}
          </h2>
          <span className="text-sm tabular-nums" data-testid="balances-headline">
            {first ? sentence(first) : t("balances.settled")}
            {others.length > 0 ? (
              <span className="text-muted-foreground">
                {" · "}
                {t("balances.more", { count: others.length })}
              </span>
            ) : null}
          </span>
        </span>
        <ChevronRight className="size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
      </Link>
    </section>
  );
}
