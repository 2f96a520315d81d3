import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BudgetPeriodRule } from "../../contract/budget-period-rule";
import {
  brazilNationalHolidays,
  easterSunday,
  isBrazilNationalHoliday,
} from "../../domain/brazil-holidays";
import { isBusinessDay, periodOf, weekOfPeriod } from "../../domain/budget-period";
import { anyRule, someDate, YEAR_MAX, YEAR_MIN } from "../../domain/testing/period-rules";
import { createTestDatabase } from "../testing/test-database";
import type { Database } from "./client";

/**
 * The budget rules SQL computes (src/server/db/functions/budget-rules.sql: Easter, the national
 * holidays, business days, the family's budget month and its week buckets,
 * docs/product.md#budget-periods) equal their TypeScript twins (src/domain/brazil-holidays.ts,
 * budget-period.ts) on random rules and dates of the years the contract accepts, month ends,
 * leap years and the days around holidays weighted in; Easter and the holidays on every year.
 * Each comparison is one statement over arrays, so thousands of cases cost a few round trips.
 */

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const pad = (n: number) => String(n).padStart(2, "0");

type Answer = {
  date: string;
  /** The period's name, the first day of the calendar month that names it. */
  month: string;
  first: string;
  last: string;
  week: number;
  businessDay: boolean;
  holiday: boolean;
};

type Case = { rule: BudgetPeriodRule; date: string };

/** What the SQL must answer, from the TypeScript. */
function expected({ rule, date }: Case): Answer {
  const period = periodOf(date, rule);
  return {
    date,
    month: `${period.year}-${pad(period.month)}-01`,
    first: period.first,
    last: period.last,
    week: weekOfPeriod(date, period),
    businessDay: isBusinessDay(date, rule.saturdays),
    holiday: isBrazilNationalHoliday(date),
  };
}

/**
 * The SQL's answers for many cases in one statement: each date's period by its name
 * (budget_period_month), that name's first and last day (budget_period_start, _end), the date's
 * bucket in it, and whether the date is a business day and a holiday.
 */
async function inSql(cases: Case[]): Promise<Answer[]> {
  const ymd = (value: string) => `to_char(${value}, 'YYYY-MM-DD')`;
  const { rows } = await database.pool.query<Answer>(
    `select ${ymd("t.d")} as date, ${ymd("n.month")} as month,
      ${ymd("p.first")} as first, ${ymd("p.last")} as last,
      budget_period_week(t.d, p.first) as week,
      budget_is_business_day(t.d, t.saturdays) as "businessDay",
      budget_is_holiday(t.d) as holiday
    from unnest($1::date[], $2::text[], $3::int[], $4::boolean[], $5::text[])
      with ordinality as t(d, start, day, saturdays, closed_day, i)
    cross join lateral (
      select budget_period_month(t.d, t.start, t.day, t.saturdays, t.closed_day) as month
    ) n
    cross join lateral (
      select
        budget_period_start(extract(year from n.month)::int, extract(month from n.month)::int,
          t.start, t.day, t.saturdays, t.closed_day) as first,
        budget_period_end(extract(year from n.month)::int, extract(month from n.month)::int,
          t.start, t.day, t.saturdays, t.closed_day) as last
    ) p
    order by t.i`,
    [
      cases.map((c) => c.date),
      cases.map((c) => c.rule.start),
      cases.map((c) => c.rule.day),
      cases.map((c) => c.rule.saturdays),
      cases.map((c) => c.rule.closedDay),
    ],
  );
  return rows;
}

const someCase: fc.Arbitrary<Case> = fc.record({ rule: anyRule, date: someDate });

describe("the budget rules in SQL", () => {
  it("equal the TypeScript's period, bucket and business day on random rules and dates, 1900-2199", async () => {
    await fc.assert(
      // Long arrays on purpose (fast-check's are short by default): a few statements, ~3,000 cases.
      fc.asyncProperty(fc.array(someCase, { minLength: 300, maxLength: 500 }), async (cases) => {
        expect(await inSql(cases)).toEqual(cases.map(expected));
      }),
      // A failing batch shows its rows' differences at once; shrinking 300 rows would outlast
      // the test's timeout and hide them.
      { numRuns: 8, endOnFailure: true },
    );
    // Seconds alone, near the 30 s default in CI's PostgreSQL pass at nice 19 beside the e2e tests.
  }, 120_000);

  it("equal it at the ends of the range and on the worked examples of budget-period.test.ts", async () => {
    const business5 = {
      start: "business-day",
      day: 5,
      saturdays: false,
      closedDay: "stay",
    } as const;
    const fixed16 = {
      start: "fixed-day",
      day: 16,
      saturdays: false,
      closedDay: "previous",
    } as const;
    const lastBusiness = {
      start: "last-business-day",
      day: 1,
      saturdays: true,
      closedDay: "stay",
    } as const;
    const cases: Case[] = [
      { rule: business5, date: "2026-11-08" },
      { rule: business5, date: "2026-11-09" },
      { rule: { ...business5, saturdays: true }, date: "2026-11-07" },
      { rule: fixed16, date: "2026-02-13" },
      { rule: fixed16, date: "2026-02-12" },
      { rule: lastBusiness, date: "2028-02-26" },
      { rule: lastBusiness, date: `${YEAR_MIN}-01-01` },
      { rule: fixed16, date: `${YEAR_MAX}-12-31` },
      { rule: business5, date: `${YEAR_MAX}-12-31` },
    ];
    const rows = await inSql(cases);
    expect(rows).toEqual(cases.map(expected));
    expect(rows.slice(0, 4).map((row) => [row.month, row.first, row.last])).toEqual([
      ["2026-10-01", "2026-10-07", "2026-11-08"],
      ["2026-11-01", "2026-11-09", "2026-12-06"],
      // Mon-Sat, December's 5th business day is Saturday the 5th.
      ["2026-11-01", "2026-11-07", "2026-12-04"],
      ["2026-03-01", "2026-02-13", "2026-03-15"],
    ]);
  });

  it("find Easter where easterSunday does in every year 1900-2199", async () => {
    const { rows } = await database.pool.query<{ year: number; easter: string }>(
      `select y as year, to_char(budget_easter(y), 'YYYY-MM-DD') as easter
      from generate_series($1::int, $2::int) as y order by y`,
      [YEAR_MIN, YEAR_MAX],
    );
    const years = Array.from({ length: YEAR_MAX - YEAR_MIN + 1 }, (_, i) => YEAR_MIN + i);
    expect(rows).toEqual(years.map((year) => ({ year, easter: easterSunday(year) })));
  });

  it("keep exactly brazilNationalHolidays' days as holidays in every year 1900-2199", async () => {
    const { rows } = await database.pool.query<{ date: string }>(
      `select to_char(d, 'YYYY-MM-DD') as date
      from generate_series(make_date($1, 1, 1), make_date($2, 12, 31), interval '1 day') as g(t)
      cross join lateral (select t::date as d) x
      where budget_is_holiday(d) order by d`,
      [YEAR_MIN, YEAR_MAX],
    );
    const holidays = new Set<string>();
    for (let year = YEAR_MIN; year <= YEAR_MAX; year++) {
      for (const { date } of brazilNationalHolidays(year)) holidays.add(date);
    }
    // Good Friday falls on Tiradentes now and then (2000-04-21): one day, two holidays.
    expect(rows.map((row) => row.date)).toEqual([...holidays].sort());
  });

  it("keep the calendar month and its buckets by default on every day of 2000-2040", async () => {
    const { rows } = await database.pool.query<{ days: number; wrong: string[] | null }>(
      `with days as (
        select d, date_trunc('month', d::timestamp)::date as month_first,
          (date_trunc('month', d::timestamp) + interval '1 month')::date - 1 as month_last
        from generate_series('2000-01-01'::date, '2040-12-31'::date, interval '1 day') as g(t)
        cross join lateral (select t::date as d) x
      )
      select count(*)::int as days, array_agg(to_char(d, 'YYYY-MM-DD')) filter (where not (
        budget_period_month(d, 'first-day', 1, false, 'stay') = month_first
        and budget_period_start(extract(year from d)::int, extract(month from d)::int,
          'first-day', 1, false, 'stay') = month_first
        and budget_period_end(extract(year from d)::int, extract(month from d)::int,
          'first-day', 1, false, 'stay') = month_last
        and budget_period_week(d, month_first)
          = least((extract(day from d)::int + 6) / 7, 4)
      )) as wrong
      from days`,
    );
    // 41 years, 11 of them leap years (2000 among them).
    expect(rows[0]).toEqual({ days: 41 * 365 + 11, wrong: null });
  });

  it("fold into constants: a period's bounds are the index condition, a row's bucket is arithmetic", async () => {
    const client = await database.pool.connect();
    try {
      await client.query("begin");
      // The table is empty: without this the planner would rightly read it whole.
      await client.query("set local enable_seqscan = off");
      const rule = ["business-day", 5, false, "stay"];
      const { rows } = await client.query<{ "QUERY PLAN": string }>(
        `explain (verbose) select budget_period_week(date,
            budget_period_start($2::int, $3::int, $4::text, $5::int, $6::boolean, $7::text))
        from expenses
        where family_id = $1
          and date between budget_period_start($2::int, $3::int, $4::text, $5::int, $6::boolean, $7::text)
            and budget_period_end($2::int, $3::int, $4::text, $5::int, $6::boolean, $7::text)`,
        ["00000000-0000-0000-0000-000000000000", 2026, 11, ...rule],
      );
      const plan = rows.map((row) => row["QUERY PLAN"]).join("\n");
      // November 2026's 5th business day, Mon-Fri, is the 9th (Nov 2 is Finados); December's
      // is the 7th.
      expect(plan).toMatch(
        /Index Cond: .*date >= '2026-11-09'::date\) AND .*date <= '2026-12-06'::date\)/,
      );
      expect(plan).not.toMatch(/budget_/);
    } finally {
      await client.query("rollback");
      client.release();
    }
  });

  it("are applied again at every start, after the migrations, with the alerts calling them", async () => {
    await database.pool.query(
      `create or replace function budget_period_week(d date, first date) returns integer
      language sql immutable parallel safe as 'select 9'`,
    );
    await database.migrate();
    const { rows: weeks } = await database.pool.query<{ week: number }>(
      "select budget_period_week('2026-03-15', '2026-03-01') as week",
    );
    expect(weeks[0]?.week).toBe(3);
    const { rows } = await database.pool.query<{ body: string }>(
      "select pg_get_functiondef('budget_alerts_touched'::regproc) as body",
    );
    expect(rows[0]?.body).toContain('"budget_period_month"(t."date"');
    expect(rows[0]?.body).toContain('"budget_period_week"(b."date", b."first")');
  });
});
