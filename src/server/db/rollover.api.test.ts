import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RolloverMonth, rolloverOf } from "../../domain/rollover";
import { anyRolloverCase, type RolloverCase } from "../../domain/testing/rollover-cases";
import { createTestDatabase } from "../testing/test-database";
import type { Database } from "./client";

/**
 * Budget rollover in SQL (category_rollover, src/server/db/functions/rollover.sql) equals its
 * TypeScript twin (rolloverOf, src/domain/rollover.ts; docs/product.md#budget-rollover) on the
 * worked examples of rollover.test.ts and on random months, modes and budget changes. Each
 * comparison is one statement over every case, the way a summary asks for each category's
 * months in one statement.
 */

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

/**
 * The SQL's months of every case in one statement, a call per case. The cases travel as JSON:
 * PostgreSQL has no arrays of arrays of different lengths.
 */
async function inSql(cases: RolloverCase[]): Promise<RolloverMonth[][]> {
  const { rows } = await database.pool.query<{ months: RolloverMonth[] }>(
    `select coalesce(
        (select json_agg(json_build_object('carryInCents', r.carry_in, 'availableCents', r.available,
            'carryOutCents', r.carry_out) order by r.month_index)
          from category_rollover(
            array(select jsonb_array_elements_text(c.value->'budgets')::bigint),
            array(select jsonb_array_elements_text(c.value->'spent')::bigint),
            c.value->>'mode') r),
        '[]') as months
    from jsonb_array_elements($1::jsonb) with ordinality as c(value, i)
    order by c.i`,
    [JSON.stringify(cases)],
  );
  return rows.map((row) => row.months);
}

const expected = (cases: RolloverCase[]) =>
  cases.map(({ budgets, spent, mode }) => rolloverOf(budgets, spent, mode));

describe("category_rollover", () => {
  it("equals rolloverOf on the worked examples", async () => {
    const cases: RolloverCase[] = [
      { budgets: [10_000, 10_000], spent: [5_000, 0], mode: "unspent" },
      { budgets: [10_000, 10_000], spent: [13_000, 2_000], mode: "unspent" },
      { budgets: [10_000, 10_000], spent: [13_000, 2_000], mode: "both" },
      {
        budgets: [10_000, 10_000, 20_000, 20_000],
        spent: [8_000, 8_000, 8_000, 8_000],
        mode: "both",
      },
      { budgets: [10_000, 10_000, 10_000], spent: [25_000, 4_000, 0], mode: "unspent" },
      { budgets: [10_000, 10_000], spent: [-2_000, 0], mode: "unspent" },
      { budgets: [], spent: [], mode: "both" },
    ];
    const months = await inSql(cases);
    expect(months).toEqual(expected(cases));
    // R$ 50,00 left of R$ 100,00 carries into the next month.
    expect(months[0]?.[1]).toEqual({
      carryInCents: 5_000,
      availableCents: 15_000,
      carryOutCents: 15_000,
    });
    expect(months[2]?.[0]?.carryOutCents).toBe(-3_000);
  });

  it("equals rolloverOf on random months, modes and budget changes", async () => {
    await fc.assert(
      // Long arrays on purpose: a few statements, hundreds of cases.
      fc.asyncProperty(
        fc.array(anyRolloverCase, { minLength: 100, maxLength: 200 }),
        async (cases) => {
          expect(await inSql(cases)).toEqual(expected(cases));
        },
      ),
      // A failing batch shows its rows' differences at once; shrinking would outlast the timeout.
      { numRuns: 4, endOnFailure: true },
    );
  });

  it("is exact in bigint past 32 bits and past a double's 2^53", async () => {
    const { rows } = await database.pool.query<{ available: string; carry_out: string }>(
      `select available::text, carry_out::text
      from category_rollover(array[4611686018427387904, 4611686018427387903]::bigint[],
        array[0, 1]::bigint[], 'both') order by month_index`,
    );
    expect(rows.at(-1)).toEqual({
      available: "9223372036854775807",
      carry_out: "9223372036854775806",
    });
  });

  it("refuses a mode it does not know and budgets and spending of different lengths", async () => {
    await expect(
      database.pool.query("select * from category_rollover('{1}', '{0}', 'all')"),
    ).rejects.toThrow(/mode must be unspent or both/);
    await expect(
      database.pool.query("select * from category_rollover('{1,2}', '{0}', 'both')"),
    ).rejects.toThrow(/one budget per month/);
    await expect(
      database.pool.query("select * from category_rollover('{1,null}', '{0,0}', 'both')"),
    ).rejects.toThrow(/without a budget or spending/);
  });
});
