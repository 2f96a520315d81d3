import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCategory, createExpense, signUpWithFamily } from "../testing/family-helpers";
import { createTestApp, type TestApp } from "../testing/test-app";

/**
 * The one read path (db/functions/seen-by.sql) costs a read nothing only while PostgreSQL inlines
 * it: a function it cannot inline (a SET clause, plpgsql, VOLATILE, a second statement) is a
 * Function Scan that reads every row of the family first, and the indexes on date no longer
 * serve the month list, the page or the sums. The plans say which, without a clock.
 */

let t: TestApp;
let family: string;
let reader: string;

beforeAll(async () => {
  t = await createTestApp();
  const ana = await signUpWithFamily(t.app);
  const categoryId = (await createCategory(t.app, ana)).id;
  await createExpense(t.app, ana, { categoryId, date: "2026-03-10" });
  family = ana.familyId;
  reader = ana.user.id;
});
afterAll(() => t.close());

/** The plan of `query`, with sequential scans priced out so an index that can serve is chosen. */
async function planOf(query: string): Promise<string> {
  const client = await t.database.pool.connect();
  try {
    await client.query("begin");
    await client.query("set local enable_seqscan = off");
    const { rows } = await client.query(`explain ${query}`, [family, reader]);
    await client.query("rollback");
    return rows.map((row) => row["QUERY PLAN"]).join("\n");
  } finally {
    client.release();
  }
}

describe("expenses_seen_by and incomes_seen_by", () => {
  it("are inlined: a month of expenses reads the table's index on date, never a function scan", async () => {
    const plan = await planOf(`select e.id, e.description from expenses_seen_by($1, $2) e
      where e.date between '2026-03-01' and '2026-03-31' order by e.date desc limit 50`);
    expect(plan).not.toMatch(/Function Scan/);
    expect(plan).toMatch(/Index (Only )?Scan.* on expenses/);
  });

  it("are inlined in a sum, which reads no masked column", async () => {
    const plan = await planOf(`select sum(e.amount) from expenses_seen_by($1, $2) e
      where e.date between '2026-03-01' and '2026-03-31'`);
    expect(plan).not.toMatch(/Function Scan/);
    const incomes = await planOf(`select sum(i.amount) from incomes_seen_by($1, $2) i
      where i.date between '2026-03-01' and '2026-03-31'`);
    expect(incomes).not.toMatch(/Function Scan/);
    expect(incomes).toMatch(/Scan.* on incomes/);
  });
});
