import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import type { MemberBalance } from "../../../contract/balances";
import { fromCents, toCents } from "../../../contract/cents";
import type { YearMonth } from "../../../domain/budget";
import { useBalances } from "../../api/balances/get-balances";
import { usePayerName } from "../../api/family/payer-names";
import { Card, CardHeader } from "../../components/ui/card";
import { useLanguage } from "../../i18n/use-language";
import { formatMoney } from "../../lib/format";
import { cn } from "../../lib/utils";
import { reportsTexts } from "./texts";

/**
 * "Quem pagou e de quem era" (docs/product.md#who-owes-whom): each member's payments in the shown
 * budget month beside their share of its expenses, and the difference. Settlements are transfers,
 * never spending: they stay on the Acertos page, linked below. Mounted once the month's figures
 * answered, so its call never delays them; nothing for a family of one.
 */
/** Paid, share, and the difference between them. */
const figure = (member: MemberBalance, column: "paid" | "share" | "balance") =>
  column === "balance" ? fromCents(toCents(member.paid) - toCents(member.share)) : member[column];

export function MemberShares({ month }: { month: YearMonth }) {
  const { t } = useTranslation(reportsTexts);
  const language = useLanguage();
  const nameOf = usePayerName();
  const { data } = useBalances(month);
  if (!data || data.members.length < 2) return null;
  const money = (amount: string) => formatMoney(amount, language);
  const cell = "px-3 py-2 whitespace-nowrap";
  const numeric = `${cell} text-right tabular-nums`;
  return (
    <Card data-testid="member-shares">
      <CardHeader className="grid gap-1">
        <h2 id="member-shares-title" className="font-semibold text-lg">
          {t("reports.shares.title")}
        </h2>
        <p className="text-muted-foreground text-sm">
          {t("reports.shares.note")}{" "}
          <Link href="/balances" className="font-medium text-primary underline">
            {t("reports.shares.link")}
          </Link>
        </p>
      </CardHeader>
      {/* On a phone four columns of money do not fit 375 px: the table scrolled and hid 'Saldo',
          which the note above explains. Each member's three figures go one under the other. */}
      <ul className="grid divide-y divide-border px-5 pb-3 sm:hidden">
        {data.members.map((member) => (
          <li key={member.userId} className="grid gap-1 py-2" data-testid="member-share-item">
            <p className="break-words font-medium">{nameOf(member.userId)}</p>
            <dl className="grid grid-cols-[1fr_auto] gap-x-3 text-sm">
              {(["paid", "share", "balance"] as const).map((column) => (
                <div key={column} className="contents">
                  <dt className="text-muted-foreground">{t(`reports.shares.${column}`)}</dt>
                  <dd
                    className={cn(
                      "text-right tabular-nums",
                      column === "balance" && "font-semibold",
                    )}
                  >
                    {money(figure(member, column))}
                  </dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
      <section
        aria-labelledby="member-shares-title"
        className="relative hidden overflow-x-auto px-3 pb-4 outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 sm:block"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
        tabIndex={0}
      >
        <table className="w-full text-sm">
          <thead>
            <tr className="border-border border-b text-left text-muted-foreground">
              <th scope="col" className={cn(cell, "font-medium")}>
                {t("reports.payers.member")}
              </th>
              {(["paid", "share", "balance"] as const).map((column) => (
                <th key={column} scope="col" className={cn(numeric, "font-medium")}>
                  {t(`reports.shares.${column}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-border">
            {data.members.map((member) => (
              <tr key={member.userId} data-testid="member-share-row">
                <th scope="row" className={cn(cell, "max-w-32 truncate text-left font-medium")}>
                  {nameOf(member.userId)}
                </th>
                <td className={numeric}>{money(member.paid)}</td>
                <td className={numeric}>{money(member.share)}</td>
                <td className={cn(numeric, "font-semibold")}>{money(figure(member, "balance"))}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </Card>
  );
}
