import fc from "fast-check";
import type { RolloverMode } from "../rollover";

/**
 * Random rollover cases (docs/product.md#budget-rollover) for the tests that hold the rule to its
 * properties (src/domain/rollover.test.ts) and the SQL to the TypeScript
 * (src/server/db/rollover.api.test.ts). Test support only.
 */

export type RolloverCase = { budgets: number[]; spent: number[]; mode: RolloverMode };

/**
 * Up to three years of budget months. Budgets of zero or more, now and then changed from one month
 * to the next; spending around the budget, over it, nothing, or a refund-heavy month's credit,
 * so carries go both ways. Large enough for the carries of many months to pass the cents a
 * 32-bit integer holds, which the SQL's bigint must keep exact.
 */
export const anyRolloverCase: fc.Arbitrary<RolloverCase> = fc
  .tuple(
    fc.constantFrom<RolloverMode>("unspent", "both"),
    fc.array(
      fc.record({
        budget: fc.oneof(
          fc.constantFrom(0, 10_000, 50_000),
          fc.integer({ min: 0, max: 100_000 }),
          fc.integer({ min: 0, max: 5_000_000_000 }),
        ),
        changed: fc.nat(3).map((n) => n === 0),
        spent: fc.oneof(
          fc.constant(0),
          fc.integer({ min: -20_000, max: 150_000 }),
          fc.integer({ min: -1_000_000, max: 9_000_000_000 }),
        ),
      }),
      { maxLength: 36 },
    ),
  )
  .map(([mode, months]) => {
    const budgets: number[] = [];
    for (const [m, { budget, changed }] of months.entries()) {
      budgets.push(m === 0 || changed ? budget : (budgets[m - 1] as number));
    }
    return { mode, budgets, spent: months.map((month) => month.spent) };
  });
