import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { weekOfMonth } from "../../domain/budget";
import { createTestDatabase } from "../testing/test-database";
import type { Database } from "./client";

/**
 * The budget rules SQL computes (src/server/db/functions/budget-rules.sql: the week bucket, the
 * month and the bucket a date falls in, their first and last days) equal their TypeScript twin,
 * weekOfMonth in src/domain/budget.ts, on random dates of the years the contract accepts, month
 * ends of every length and leap years (1900 and 2100 are not, 2000 is) weighted in. The weekly
 * budget (monthly / 4) is not computed in SQL, so it has no twin to compare.
 */

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const DAY_MS = 86_400_000;
const FIRST_MS = Date.UTC(1900, 0, 1);
const LAST_MS = Date.UTC(2199, 11, 31);
const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);
// The test's own calendar: the month's length from the day before the next month's first.
const daysInMonth = (year: number, month: number) =>
  new Date(Date.UTC(year, month, 0)).getUTCDate();
const pad = (n: number) => String(n).padStart(2, "0");

type Rules = {
  date: string;
  week: number;
  monthFirst: string;
  monthLast: string;
  weekFirst: string;
  weekLast: string;
};

/** What the SQL must answer, from weekOfMonth alone: a bucket's days are the days it names. */
function expected(date: string): Rules {
  const [year, month] = date.split("-").map(Number) as [number, number];
  const days = Array.from(
    { length: daysInMonth(year, month) },
    (_, i) => `${date.slice(0, 8)}${pad(i + 1)}`,
  );
  const week = weekOfMonth(date);
  const bucket = days.filter((day) => weekOfMonth(day) === week);
  return {
    date,
    week,
    monthFirst: days[0] as string,
    monthLast: days.at(-1) as string,
    weekFirst: bucket[0] as string,
    weekLast: bucket.at(-1) as string,
  };
}

/** The SQL's answers for many dates, in one statement. */
async function inSql(dates: string[]): Promise<Rules[]> {
  const ymd = (value: string) => `to_char(${value}, 'YYYY-MM-DD')`;
  const { rows } = await database.pool.query<Rules>(
    `select ${ymd("d")} as date, budget_week_of(d) as week,
      ${ymd("budget_month_first_day(d)")} as "monthFirst",
      ${ymd("budget_month_last_day(d)")} as "monthLast",
      ${ymd("budget_week_first_day(d)")} as "weekFirst",
      ${ymd("budget_week_last_day(d)")} as "weekLast"
    from unnest($1::date[]) with ordinality as t(d, n) order by n`,
    [dates],
  );
  return rows;
}

const anyDay = fc
  .integer({ min: 0, max: (LAST_MS - FIRST_MS) / DAY_MS })
  .map((n) => isoDate(FIRST_MS + n * DAY_MS));
// The days where a bucket or a month starts or ends, clipped to the month's length.
const edgeDay = fc
  .record({
    year: fc.integer({ min: 1900, max: 2199 }),
    month: fc.integer({ min: 1, max: 12 }),
    day: fc.constantFrom(1, 7, 8, 14, 15, 21, 22, 28, 29, 30, 31),
  })
  .map(
    ({ year, month, day }) =>
      `${year}-${pad(month)}-${pad(Math.min(day, daysInMonth(year, month)))}`,
  );

describe("the budget rules in SQL", () => {
  it("equal weekOfMonth's buckets and the month's bounds on random dates, 1900-2199", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.oneof(anyDay, edgeDay), { minLength: 1, maxLength: 100 }),
        async (dates) => {
          expect(await inSql(dates)).toEqual(dates.map(expected));
        },
      ),
      { numRuns: 6 },
    );
  });

  it("end February on the 28th or the 29th as the leap years say, and reach 2199-12-31", async () => {
    const dates = ["1900-02-28", "2000-02-29", "2023-02-28", "2024-02-29", "2100-02-28"];
    const rows = await inSql([...dates, "1900-01-01", "2199-12-31"]);
    expect(rows).toEqual([...dates, "1900-01-01", "2199-12-31"].map(expected));
    expect(rows.slice(0, 5).map((row) => [row.week, row.weekFirst, row.weekLast])).toEqual([
      [4, "1900-02-22", "1900-02-28"],
      [4, "2000-02-22", "2000-02-29"],
      [4, "2023-02-22", "2023-02-28"],
      [4, "2024-02-22", "2024-02-29"],
      [4, "2100-02-22", "2100-02-28"],
    ]);
  });

  it("are inlined: a month's bounds fold into the index condition, a row's bucket is arithmetic", async () => {
    const client = await database.pool.connect();
    try {
      await client.query("begin");
      // The table is empty: without this the planner would rightly read it whole.
      await client.query("set local enable_seqscan = off");
      const { rows } = await client.query<{ "QUERY PLAN": string }>(
        `explain (verbose) select budget_week_of(date) from expenses
        where family_id = $1 and date between budget_month_first_day(make_date($2::int, $3::int, 1))
          and budget_month_last_day(make_date($2::int, $3::int, 1))`,
        ["00000000-0000-0000-0000-000000000000", 2024, 2],
      );
      const plan = rows.map((row) => row["QUERY PLAN"]).join("\n");
      expect(plan).toMatch(
        /Index Cond: .*date >= '2024-02-01'::date\) AND .*date <= '2024-02-29'::date\)/,
      );
      expect(plan).not.toMatch(/budget_/);
    } finally {
      await client.query("rollback");
      client.release();
    }
  });

  it("are applied again at every start, after the migrations, with the alerts calling them", async () => {
    await database.pool.query(
      "create or replace function budget_week_of(d date) returns integer language sql immutable as 'select 9'",
    );
    await database.migrate();
    expect((await inSql(["2026-03-15"]))[0]?.week).toBe(3);
    const { rows } = await database.pool.query<{ body: string }>(
      "select pg_get_functiondef('expenses_budget_alerts'::regproc) as body",
    );
    expect(rows[0]?.body).toContain('"budget_week_first_day"("date")');
  });
});
