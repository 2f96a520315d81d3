import { type SQL, sql } from "drizzle-orm";
import {
  BALANCE_LINES_PAGE,
  type BalanceLine,
  type BalanceLines,
  type Balances,
} from "../../../contract/balances";
import { isCalendarDate } from "../../../contract/calendar";
import { periodNamed } from "../../../domain/budget-period";
import { aliasedExpense, countsBetween } from "../../db/budget-date";
import type { Db } from "../../db/client";
import { expensesSeenBy, maskedRow } from "../../db/seen-by";
import { AppError } from "../../errors";
import type { FamilyScope } from "../../http/family-scope";

/**
 * Who owes whom (docs/product.md#who-owes-whom, decision 012), added up by the database from
 * the shares it stored (expense_shares) and the settlements. A member owes the payer of an
 * expense their share of it; a settlement from A to B counts as B owing A. Each pair's balance
 * is one sum, so the members' nets add up to zero whatever the data. Only what has come due
 * counts: an expense or a settlement dated after today counts from its date on, and each member's
 * `ahead` is what their shares of expenses paid by others still to come add up to (an installment
 * plan's future months: docs/product.md#who-owes-whom).
 */

type Period = { year: number; month: number; first: string; last: string } | null;

const periodFor = (scope: FamilyScope, query: { year?: number; month?: number }): Period => {
  if (query.year === undefined || query.month === undefined) return null;
  const { first, last } = periodNamed({ year: query.year, month: query.month }, scope.budgetPeriod);
  return { year: query.year, month: query.month, first, last };
};

/** An expense of the period: counted as the month's spending counts it (db/budget-date.ts). */
const expenseInPeriod = (scope: FamilyScope, period: Period): SQL =>
  period
    ? sql`and ${countsBetween(scope.cardSpendingBy, scope.familyId, aliasedExpense("e"), period.first, period.last)}`
    : sql``;
/** An expense of the period that has come due: dated today or before. */
const expenseDue = (scope: FamilyScope, period: Period, today: string): SQL =>
  sql`and e.date <= ${today}::date ${expenseInPeriod(scope, period)}`;
const settlementInPeriod = (period: Period, today: string): SQL =>
  period
    ? sql`and t.paid_on between ${period.first}::date and ${period.last}::date and t.paid_on <= ${today}::date`
    : sql`and t.paid_on <= ${today}::date`;

const money = (value: SQL) => sql`coalesce(${value}, 0)::numeric(20, 2)::text`;

/** GET /api/balances: each person's paid, share and settlements, and each pair's debt. One statement. */
export async function balances(
  db: Db,
  scope: FamilyScope,
  query: { year?: number; month?: number },
  today: string,
): Promise<Balances> {
  const period = periodFor(scope, query);
  const result = await db.execute(sql`
    with owed as (
      -- debtor owes creditor: a share of an expense someone else paid, or a settlement received
      select s.user_id as debtor, e.paid_by_user_id as creditor, s.amount
      from expense_shares s join ${expensesSeenBy(scope, "e")} on e.id = s.expense_id
      where s.family_id = ${scope.familyId}
        and e.paid_by_user_id is not null and e.paid_by_user_id <> s.user_id
        ${expenseDue(scope, period, today)}
      union all
      select t.to_user_id, t.from_user_id, t.amount from settlements t
      where t.family_id = ${scope.familyId} and t.from_user_id is not null
        and t.to_user_id is not null ${settlementInPeriod(period, today)}
    ), pairs as (
      select least(debtor, creditor) as a, greatest(debtor, creditor) as b,
        sum(case when debtor < creditor then amount else -amount end) as a_owes_b
      from owed group by 1, 2
    ), paid as (
      -- Another member's private expense is paid by and for them: left out of both sums, which
      -- would say whose it is (docs/product.md#private-expenses); the nets are the same.
      select e.paid_by_user_id as user_id, sum(e.amount) as paid from ${expensesSeenBy(scope, "e")}
      where e.paid_by_user_id is not null
        ${expenseDue(scope, period, today)}
      group by 1
    ), shared as (
      select s.user_id, sum(s.amount) as share
      from expense_shares s join ${expensesSeenBy(scope, "e")} on e.id = s.expense_id
      where s.family_id = ${scope.familyId}
        and not ${maskedRow("e")}
        ${expenseDue(scope, period, today)}
      group by 1
    ), ahead as (
      -- Still to come: each member's shares of the period's expenses dated after today that
      -- someone else paid, what they will owe as each comes due.
      select s.user_id, sum(s.amount) as ahead
      from expense_shares s join ${expensesSeenBy(scope, "e")} on e.id = s.expense_id
      where s.family_id = ${scope.familyId}
        and e.paid_by_user_id is not null and e.paid_by_user_id <> s.user_id
        and e.date > ${today}::date ${expenseInPeriod(scope, period)}
      group by 1
    ), settled as (
      select u.user_id, sum(u.out_amount) as settled_out, sum(u.in_amount) as settled_in
      from (
        select t.from_user_id as user_id, t.amount as out_amount, 0 as in_amount from settlements t
        where t.family_id = ${scope.familyId} and t.from_user_id is not null ${settlementInPeriod(period, today)}
        union all
        select t.to_user_id, 0, t.amount from settlements t
        where t.family_id = ${scope.familyId} and t.to_user_id is not null ${settlementInPeriod(period, today)}
      ) u group by 1
    ), nets as (
      select a as user_id, -a_owes_b as net from pairs
      union all
      select b, a_owes_b from pairs
    ), people as (
      select m.user_id, 0 as former, m.role = 'owner' as owner, m.joined_at
        from family_members m where m.family_id = ${scope.familyId}
      union
      select user_id, 1, false, null from paid
      union select user_id, 1, false, null from shared
      union select user_id, 1, false, null from settled
      union select user_id, 1, false, null from ahead
    ), ordered as (
      select distinct on (user_id) user_id, former, owner, joined_at from people
      order by user_id, former
    )
    select json_build_object(
      'members', coalesce((select json_agg(json_build_object(
          'userId', o.user_id,
          'paid', ${money(sql`(select p.paid from paid p where p.user_id = o.user_id)`)},
          'share', ${money(sql`(select s.share from shared s where s.user_id = o.user_id)`)},
          'settledOut', ${money(sql`(select x.settled_out from settled x where x.user_id = o.user_id)`)},
          'settledIn', ${money(sql`(select x.settled_in from settled x where x.user_id = o.user_id)`)},
          'net', ${money(sql`(select sum(n.net) from nets n where n.user_id = o.user_id)`)},
          'ahead', ${money(sql`(select a.ahead from ahead a where a.user_id = o.user_id)`)})
        order by o.former, o.owner desc, o.joined_at, o.user_id) from ordered o), '[]'::json),
      'debts', coalesce((select json_agg(json_build_object(
          'debtorUserId', case when a_owes_b > 0 then a else b end,
          'creditorUserId', case when a_owes_b > 0 then b else a end,
          'amount', abs(a_owes_b)::numeric(20, 2)::text)
        order by abs(a_owes_b) desc, a, b) from pairs where a_owes_b <> 0), '[]'::json)
    ) as body`);
  const [row] = (result as unknown as { rows: { body: Omit<Balances, "period"> }[] }).rows;
  return { period, members: row?.body.members ?? [], debts: row?.body.debts ?? [] };
}

type LineKey = { date: string; id: string };

const encodeCursor = (key: LineKey) => Buffer.from(`${key.date}|${key.id}`).toString("base64url");
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function decodeCursor(cursor: string): LineKey {
  const [date = "", id = "", ...rest] = /^[A-Za-z0-9_-]+$/.test(cursor)
    ? Buffer.from(cursor, "base64url").toString("utf8").split("|")
    : [];
  if (rest.length > 0 || !isCalendarDate(date) || !UUID.test(id)) {
    throw new AppError("validation_error", {
      fieldErrors: [{ path: "cursor", messageKey: "validation.invalid" }],
    });
  }
  return { date, id };
}

/**
 * GET /api/balances/lines: what is behind two people's balance (what has come due), newest first: the expenses one
 * of them paid with a share of the other's, and the settlements between them. A page of 50 on
 * (date, id); the first statement's rows are the family's only.
 */
export async function balanceLines(
  db: Db,
  scope: FamilyScope,
  query: {
    userId: string;
    otherUserId: string;
    year?: number;
    month?: number;
    cursor?: string;
  },
  today: string,
): Promise<BalanceLines> {
  const period = periodFor(scope, query);
  const after = query.cursor === undefined ? null : decodeCursor(query.cursor);
  const afterKey = after
    ? sql`where (l.date, l.id) < (${after.date}::date, ${after.id}::uuid)`
    : sql``;
  const { userId: a, otherUserId: b } = query;
  const result = await db.execute(sql`
    select * from (
      select 'expense' as kind, e.id, e.date, to_char(e.date, 'YYYY-MM-DD') as day, e.description, e.amount::text as amount,
        e.paid_by_user_id as "paidByUserId", s.user_id as "shareOfUserId", s.amount::text as share,
        null::uuid as "fromUserId", null::uuid as "toUserId", null as method, null as note
      from expense_shares s join ${expensesSeenBy(scope, "e")} on e.id = s.expense_id
      where s.family_id = ${scope.familyId}
        and ((e.paid_by_user_id = ${a} and s.user_id = ${b})
          or (e.paid_by_user_id = ${b} and s.user_id = ${a}))
        ${expenseDue(scope, period, today)}
      union all
      select 'settlement', t.id, t.paid_on, to_char(t.paid_on, 'YYYY-MM-DD'), null, t.amount::text, null, null, null,
        t.from_user_id, t.to_user_id, t.method, t.note
      from settlements t
      where t.family_id = ${scope.familyId}
        and ((t.from_user_id = ${a} and t.to_user_id = ${b})
          or (t.from_user_id = ${b} and t.to_user_id = ${a}))
        ${settlementInPeriod(period, today)}
    ) l ${afterKey}
    order by l.date desc, l.id desc
    limit ${BALANCE_LINES_PAGE + 1}`);
  const rows = (
    result as unknown as {
      rows: (Record<string, string | null> & { kind: string; id: string; day: string })[];
    }
  ).rows;
  const page = rows.slice(0, BALANCE_LINES_PAGE);
  const lines = page.map((row): BalanceLine => {
    const date = row.day;
    if (row.kind === "expense") {
      return {
        kind: "expense",
        id: row.id,
        date,
        description: row.description ?? "",
        amount: row.amount ?? "0.00",
        paidByUserId: row.paidByUserId as string,
        shareOfUserId: row.shareOfUserId as string,
        share: row.share ?? "0.00",
      };
    }
    return {
      kind: "settlement",
      id: row.id,
      date,
      amount: row.amount ?? "0.00",
      fromUserId: row.fromUserId as string,
      toUserId: row.toUserId as string,
      method: row.method as BalanceLine extends { method: infer M } ? M : never,
      note: row.note ?? null,
    };
  });
  const last = page.at(-1);
  return {
    lines,
    nextCursor:
      rows.length > BALANCE_LINES_PAGE && last
        ? encodeCursor({ date: last.day, id: last.id })
        : null,
  };
}
