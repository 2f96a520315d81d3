import { ArrowLeft, ChevronDown, CircleCheck } from "lucide-react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "wouter";
import type { Balances, Debt, MemberBalance } from "../../../contract/balances";
import type { BudgetPeriodRule } from "../../../contract/budget-period-rule";
import { toCents } from "../../../contract/cents";
import type { YearMonth } from "../../../domain/budget";
import { isCalendarMonth, periodNamed } from "../../../domain/budget-period";
import { useBalances } from "../../api/balances/get-balances";
import { useFamilyQuery } from "../../api/family/get-family";
import { useFamilyPeople } from "../../api/family/get-family-people";
import { usePayerName } from "../../api/family/payer-names";
import { PageTitle } from "../../components/layout/page-title";
import { MonthNavigation } from "../../components/month-navigation";
import { RequireFamily } from "../../components/require-family";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { Skeleton } from "../../components/ui/skeleton";
import { useLanguage } from "../../i18n/use-language";
import { formatMoney } from "../../lib/format";
import { useDocumentTitle } from "../../lib/use-document-title";
import { useSelectedMonth } from "../../lib/use-selected-month";
import { cn } from "../../lib/utils";
import { BalanceLines } from "./balance-lines";
import { useDebtSentence } from "./balances-card";
import { otherPairs, stillAhead } from "./balances-view";
import { SettleDialog } from "./settle-dialog";
import { balancesTexts } from "./texts";

/**
 * "Acertos" (docs/product.md#who-owes-whom): who owes whom over all time or in one budget month,
 * what is behind each pair's balance, each member's figures, and "Acertar contas".
 */
export function BalancesPage() {
  const { t } = useTranslation(balancesTexts);
  const title = t("balances.title");
  useDocumentTitle(title);
  const family = useFamilyQuery();
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6">
      <div className="grid gap-2">
        <Link
          href="/"
          className="inline-flex min-h-11 items-center gap-2 self-start text-muted-foreground text-sm hover:text-foreground"
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          {t("pages.dashboard.title")}
        </Link>
        <PageTitle>{title}</PageTitle>
        <p className="text-muted-foreground text-sm">{t("balances.intro")}</p>
      </div>
      <RequireFamily family={family} fallback={<Skeleton className="h-44 w-full rounded-2xl" />}>
        {(found) => <BalancesBody rule={found.budgetPeriod} />}
      </RequireFamily>
    </div>
  );
}

/**
 * All time at /balances; a budget month at /balances?month=&year= (the current one when first
 * chosen), so a reload or a shared link keeps it.
 */
function BalancesBody({ rule }: { rule: BudgetPeriodRule }) {
  const { t } = useTranslation(balancesTexts);
  const [search, setSearch] = useSearchParams();
  const [month, setMonth] = useSelectedMonth(rule);
  const byMonth = search.has("month") && search.has("year");
  const shown = byMonth ? month : null;
  const balances = useBalances(shown);
  const period = periodNamed(month, rule);
  const allTime = () =>
    setSearch(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.delete("month");
        next.delete("year");
        return next;
      },
      { replace: true },
    );
  const choice = (pressed: boolean, label: string, onClick: () => void) => (
    <Button
      variant={pressed ? "default" : "ghost"}
      size="sm"
      aria-pressed={pressed}
      onClick={onClick}
      className="flex-1 sm:flex-none"
    >
      {label}
    </Button>
  );
  return (
    <div className="grid gap-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <fieldset className="flex gap-1 rounded-xl border bg-card p-1">
          <legend className="sr-only">{t("balances.period.label")}</legend>
          {choice(!byMonth, t("balances.period.all"), allTime)}
          {choice(byMonth, t("balances.period.month"), () => setMonth(month))}
        </fieldset>
        {byMonth ? (
          <MonthNavigation
            value={month}
            onChange={setMonth}
            period={isCalendarMonth(rule) ? undefined : period}
          />
        ) : null}
      </div>
      {balances.isError ? (
        <p role="alert" className="text-destructive">
          {t("balances.loadError")}
        </p>
      ) : balances.data ? (
        <BalancesView balances={balances.data} month={shown} />
      ) : (
        <Skeleton className="h-44 w-full rounded-2xl" data-testid="balances-skeleton" />
      )}
    </div>
  );
}

function BalancesView({ balances, month }: { balances: Balances; month: YearMonth | null }) {
  const { t } = useTranslation(balancesTexts);
  const people = useFamilyPeople();
  const [settling, setSettling] = useState<Debt | null>(null);
  const members = (people.data ?? []).filter((person) => person.isMember);
  const isMember = (userId: string) => members.some((member) => member.userId === userId);
  // Only over all time: a settlement is dated, and in a past month's view it would count in
  // another month than the one on screen.
  const canSettle = (debt: Debt) =>
    month === null && isMember(debt.debtorUserId) && isMember(debt.creditorUserId);
  const pairs = otherPairs(balances);
  return (
    <>
      <section aria-labelledby="debts-title">
        <Card className="grid gap-2 p-4 sm:p-5">
          <h2 id="debts-title" className="font-semibold text-lg">
            {t("balances.debts")}
          </h2>
          {balances.debts.length === 0 ? (
            <div className="flex items-start gap-3 py-2" data-testid="all-settled">
              <CircleCheck className="mt-0.5 size-6 shrink-0 text-primary" aria-hidden="true" />
              <div className="grid gap-0.5">
                <p className="font-semibold">{t("balances.settled")}</p>
                <p className="text-muted-foreground text-sm">{t("balances.settledHint")}</p>
              </div>
            </div>
          ) : null}
          {balances.debts.length + pairs.length > 0 ? (
            <ul className="divide-y">
              {balances.debts.map((debt) => (
                <PairItem
                  key={`${debt.debtorUserId}-${debt.creditorUserId}`}
                  userId={debt.debtorUserId}
                  otherUserId={debt.creditorUserId}
                  debt={debt}
                  month={month}
                  onSettle={canSettle(debt) ? () => setSettling(debt) : undefined}
                />
              ))}
              {pairs.map(([userId, otherUserId]) => (
                <PairItem
                  key={`${userId}-${otherUserId}`}
                  userId={userId}
                  otherUserId={otherUserId}
                  month={month}
                />
              ))}
            </ul>
          ) : null}
          <StillAhead members={balances.members} />
        </Card>
      </section>
      <MemberFigures members={balances.members} />
      <SettleDialog debt={settling} members={members} onClose={() => setSettling(null)} />
    </>
  );
}

/** "Parcelas futuras: Léo R$ 1.650,00": what is committed ahead, in none of the debts yet. */
function StillAhead({ members }: { members: MemberBalance[] }) {
  const { t } = useTranslation(balancesTexts);
  const language = useLanguage();
  const nameOf = usePayerName();
  const ahead = stillAhead(members);
  if (ahead.length === 0) return null;
  const list = new Intl.ListFormat(language, { type: "unit" }).format(
    ahead.map(({ userId, amount }) => `${nameOf(userId)} ${formatMoney(amount, language)}`),
  );
  return (
    <div className="grid gap-0.5 border-t pt-3" data-testid="still-ahead">
      <p className="font-medium text-sm tabular-nums">{t("balances.ahead", { list })}</p>
      <p className="text-muted-foreground text-xs">{t("balances.aheadHint")}</p>
    </div>
  );
}

/**
 * A debt ("Léo deve R$ 80,00 a Ana"), or two people who owe each other nothing ("Ana e Léo"):
 * tapping it shows what is behind it, where a settlement can be undone.
 */
function PairItem({
  userId,
  otherUserId,
  debt,
  month,
  onSettle,
}: {
  userId: string;
  otherUserId: string;
  debt?: Debt;
  month: YearMonth | null;
  onSettle?: () => void;
}) {
  const { t } = useTranslation(balancesTexts);
  const sentence = useDebtSentence();
  const nameOf = usePayerName();
  const [open, setOpen] = useState(false);
  const linesId = useId();
  const names = { a: nameOf(userId), b: nameOf(otherUserId) };
  return (
    <li className="grid gap-2 py-2" data-testid={debt ? "debt" : "pair"}>
      {/* On a phone the sentence takes the width and 'Acertar contas' goes under it: beside it,
          the names wrapped a word a line. */}
      <div className="flex flex-col items-start gap-2 sm:flex-row sm:items-center sm:justify-between">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={linesId}
          onClick={() => setOpen(!open)}
          className={cn(
            "-mx-2 flex min-h-11 items-center gap-2 self-stretch rounded-lg px-2 text-left outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50 sm:min-h-10 sm:flex-1",
            debt ? "font-semibold" : "text-muted-foreground",
          )}
        >
          <span className="tabular-nums">{debt ? sentence(debt) : t("balances.pair", names)}</span>
          <ChevronDown
            aria-hidden="true"
            className={cn("size-4 shrink-0 transition-transform", open && "rotate-180")}
          />
        </button>
        {onSettle ? (
          <Button size="sm" onClick={onSettle}>
            {t("balances.settle")}
          </Button>
        ) : null}
      </div>
      {/* Set apart from the next pair, so what is behind this one reads as its own. */}
      <div id={linesId} className={open ? "rounded-xl bg-muted px-3" : undefined}>
        {open ? (
          <BalanceLines
            pair={{ userId, otherUserId, month }}
            label={t("balances.lines.label", names)}
          />
        ) : null}
      </div>
    </li>
  );
}

/** Each member's paid, share and settlements, and what they are owed or owe. */
function MemberFigures({ members }: { members: MemberBalance[] }) {
  const { t } = useTranslation(balancesTexts);
  const language = useLanguage();
  const nameOf = usePayerName();
  const money = (amount: string) => formatMoney(amount, language);
  const netText = (net: string) => {
    const cents = toCents(net);
    if (cents === 0) return t("balances.members.even");
    return t(cents > 0 ? "balances.members.toReceive" : "balances.members.toPay", {
      amount: money(net.replace("-", "")),
    });
  };
  const rows = ["paid", "share", "settledOut", "settledIn"] as const;
  return (
    <section aria-labelledby="members-title">
      <Card className="grid gap-3 p-4 sm:p-5">
        <h2 id="members-title" className="font-semibold text-lg">
          {t("balances.members.title")}
        </h2>
        <ul className="grid gap-3 sm:grid-cols-2">
          {members.map((member) => (
            <li
              key={member.userId}
              className="grid content-start gap-2 rounded-xl border p-3"
              data-testid="member-balance"
            >
              <p className="flex flex-wrap justify-between gap-x-3 font-medium">
                <span className="min-w-0 break-words">{nameOf(member.userId)}</span>
                <span className="tabular-nums">{netText(member.net)}</span>
              </p>
              <dl className="grid grid-cols-[1fr_auto] gap-x-3 gap-y-1 text-sm">
                {rows.map((row) => (
                  <div key={row} className="contents">
                    <dt className="text-muted-foreground">{t(`balances.members.${row}`)}</dt>
                    <dd className="text-right tabular-nums">{money(member[row])}</dd>
                  </div>
                ))}
              </dl>
            </li>
          ))}
        </ul>
      </Card>
    </section>
  );
}
