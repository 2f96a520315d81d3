import { sql } from "drizzle-orm";
import { daysInMonth } from "../../../contract/calendar";
import { fromCents, toCents } from "../../../contract/money";
import { NET_WORTH_MONTHS, type NetWorth } from "../../../contract/net-worth";
import type { Db } from "../../db/client";
import { methodMasked, methodsSeenBy, methodUsableBy } from "../../db/seen-by";
import type { FamilyScope } from "../../http/family-scope";

/** The last day of each of the NET_WORTH_MONTHS months before `today`'s, oldest first, and today. */
export function netWorthDays(today: string): string[] {
  const [year = 0, month = 1] = today.split("-").map(Number);
  const days: string[] = [];
  for (let back = NET_WORTH_MONTHS; back >= 1; back--) {
    const index = year * 12 + (month - 1) - back;
    const y = Math.floor(index / 12);
    const m = (index % 12) + 1;
    days.push(`${y}-${String(m).padStart(2, "0")}-${String(daysInMonth(y, m)).padStart(2, "0")}`);
  }
  return [...days, today];
}

type Row = { day: string; accounts: string; othersPrivate: string; cards: string; future: string };

/**
 * The family's net worth (docs/product.md#net-worth): on each day, its accounts' balances
 * (account_balance) less what its cards owe (card_owed), both computed by the database
 * (db/functions/accounts.sql) and exact to the cent; the cards' future installments apart. One
 * statement: each day against each of the family's methods. Other members' private accounts are
 * one unnamed sum (docs/product.md#private-accounts), read through payment_methods_seen_by.
 */
export async function netWorth(db: Db, scope: FamilyScope, today: string): Promise<NetWorth> {
  const days = netWorthDays(today);
  const result = await db.execute<Row>(sql`
    select to_char(d.day, 'YYYY-MM-DD') as day,
      coalesce(sum(account_balance(m.id, m.family_id, d.day))
        filter (where m.kind <> 'credit_card' and ${methodUsableBy(scope, "m")}), 0)::numeric(20, 2)::text
        as accounts,
      coalesce(sum(account_balance(m.id, m.family_id, d.day))
        filter (where ${methodMasked(scope, "m")}), 0)::numeric(20, 2)::text as "othersPrivate",
      coalesce(sum(card_owed(m.id, m.family_id, d.day))
        filter (where m.kind = 'credit_card'), 0)::numeric(20, 2)::text as cards,
      -- A subquery of constants: computed once for the statement, not once per day.
      (select cards_future_installments(${scope.familyId}::uuid, ${today}::date))::numeric(20, 2)::text
        as future
    from unnest(${sql.param(days)}::date[]) as d(day)
    left join ${methodsSeenBy(scope, "m")} on true
    group by d.day
    order by d.day`);
  const rows = (result as unknown as { rows: Row[] }).rows;
  return {
    points: rows.map((row) => ({
      date: row.day,
      accounts: row.accounts,
      othersPrivate: row.othersPrivate,
      cards: row.cards,
      netWorth: fromCents(toCents(row.accounts) + toCents(row.othersPrivate) - toCents(row.cards)),
    })),
    futureInstallments: rows[0]?.future ?? "0.00",
  };
}
