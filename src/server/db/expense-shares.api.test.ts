import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fromCents } from "../../contract/money";
import type { Split } from "../../contract/shares";
import { type SplitRule, sharesOf } from "../../domain/shares";
import { joinFamilyOf, signUpWithFamily } from "../testing/family-helpers";
import { createTestApp, type TestApp } from "../testing/test-app";

/**
 * expense_share_amounts (db/functions/expense-shares.sql), which writes the stored shares, is
 * src/domain/shares.ts's rule, which the web shows before saving: the two give the same cents on
 * random amounts, percentages and family rules (docs/product.md#for-whom).
 */

let t: TestApp;
let familyId: string;
let members: string[];
beforeAll(async () => {
  t = await createTestApp();
  const owner = await signUpWithFamily(t.app);
  const second = await joinFamilyOf(t.app, owner);
  const third = await joinFamilyOf(t.app, owner);
  familyId = owner.familyId;
  // The family's order: the owner, then by joining.
  members = [owner.user.id, second.user.id, third.user.id];
});
afterAll(() => t.close());

type Case = { cents: number; split: Split; date: string; rule: SplitRule | null };

/** Each case's shares in SQL, in one statement: case index -> user -> cents. */
async function inSql(cases: Case[]): Promise<Record<string, number>[]> {
  const { rows } = await t.database.pool.query<{ i: number; user_id: string; cents: string }>(
    `select c.i, s.user_id, (s.share * 100)::bigint as cents
     from jsonb_to_recordset($2::jsonb) as c(i int, amount numeric, split jsonb, date date)
     cross join lateral expense_share_amounts($1::uuid, c.date, c.amount, c.split) s`,
    [
      familyId,
      JSON.stringify(
        cases.map((c, i) => ({ i, amount: fromCents(c.cents), split: c.split, date: c.date })),
      ),
    ],
  );
  const result = cases.map(() => ({}) as Record<string, number>);
  for (const row of rows)
    (result[row.i] as Record<string, number>)[row.user_id] = Number(row.cents);
  return result;
}

const inTypeScript = (c: Case, rules: SplitRule[]) =>
  Object.fromEntries(
    sharesOf(c.cents, c.split, { rules, memberIds: members, date: c.date }).map((s) => [
      s.userId,
      s.cents,
    ]),
  );

// Negative amounts are refunds (docs/decisions/013-income-refunds-net.md): split as their absolute
// value, each share negated, in both.
const someCents = fc.oneof(
  fc.integer({ min: 1, max: 1000 }),
  fc.integer({ min: 1, max: 9_999_999_999 }),
  fc.integer({ min: -1000, max: -1 }),
  fc.integer({ min: -9_999_999_999, max: -1 }),
);

describe("the shares in SQL", () => {
  it("equal the TypeScript on random amounts and percentages", async () => {
    const somePercentSplit = fc
      .array(fc.integer({ min: 0, max: 10_000 }), { minLength: 1, maxLength: 3 })
      .filter((weights) => weights.some((w) => w > 0))
      .map(
        (weights): Split => ({
          mode: "percent",
          shares: weights.map((w, i) => ({ userId: members[i] as string, percent: fromCents(w) })),
        }),
      );
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ cents: someCents, split: somePercentSplit }), {
          minLength: 200,
          maxLength: 300,
        }),
        async (drawn) => {
          const cases = drawn.map((d) => ({ ...d, date: "2026-01-01", rule: null }));
          expect(await inSql(cases)).toEqual(cases.map((c) => inTypeScript(c, [])));
        },
      ),
      { numRuns: 5, endOnFailure: true },
    );
  });

  it("equal it for the family's split under random rules, a member weighed at zero and everyone at zero included", async () => {
    const someRule = fc.oneof(
      fc.constant(null),
      fc.array(fc.integer({ min: 0, max: 1_000_000 }), { minLength: 3, maxLength: 3 }),
      fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 3, maxLength: 3 }),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ cents: someCents, weights: someRule }), {
          minLength: 100,
          maxLength: 150,
        }),
        async (drawn) => {
          // Each case its own day, with its own rule from that day on.
          await t.database.pool.query("delete from family_split_rules where family_id = $1", [
            familyId,
          ]);
          const cases: Case[] = drawn.map((d, i) => {
            const date = new Date(Date.UTC(2000, 0, 1 + i * 2)).toISOString().slice(0, 10);
            return {
              cents: d.cents,
              split: { mode: "family" },
              date,
              rule: {
                validFrom: date,
                weights: d.weights
                  ? d.weights.map((weight, m) => ({ userId: members[m] as string, weight }))
                  : null,
              },
            };
          });
          await t.database.pool.query(
            `insert into family_split_rules (family_id, valid_from, weights)
             select $1, r.valid_from, r.weights
             from jsonb_to_recordset($2::jsonb) as r(valid_from date, weights jsonb)`,
            [
              familyId,
              JSON.stringify(
                cases.map((c) => ({
                  valid_from: c.date,
                  weights: c.rule?.weights
                    ? Object.fromEntries(c.rule.weights.map((w) => [w.userId, w.weight]))
                    : null,
                })),
              ),
            ],
          );
          const rules = cases.map((c) => c.rule as SplitRule);
          expect(await inSql(cases)).toEqual(cases.map((c) => inTypeScript(c, rules)));
        },
      ),
      { numRuns: 5, endOnFailure: true },
    );
  });

  it("splits the worked examples of docs/product.md#for-whom", async () => {
    const [ana, leo] = members as [string, string];
    const cases: Case[] = [
      // R$ 0,01 between three: the owner's.
      { cents: 1, split: { mode: "family" }, date: "1999-01-01", rule: null },
      // 60/40 of R$ 200,00.
      {
        cents: 20_000,
        split: {
          mode: "percent",
          shares: [
            { userId: ana, percent: "60" },
            { userId: leo, percent: "40" },
          ],
        },
        date: "1999-01-01",
        rule: null,
      },
    ];
    await t.database.pool.query("delete from family_split_rules where family_id = $1", [familyId]);
    expect(await inSql(cases)).toEqual([{ [ana]: 1 }, { [ana]: 12_000, [leo]: 8_000 }]);
  });

  it("negates a refund's typed amounts and its one member's share", async () => {
    const [ana, leo] = members as [string, string];
    const cases: Case[] = [
      {
        cents: -4_000,
        split: {
          mode: "amounts",
          shares: [
            { userId: ana, amount: "30.00" },
            { userId: leo, amount: "10.00" },
          ],
        },
        date: "1999-01-01",
        rule: null,
      },
      { cents: -1, split: { mode: "one", userId: leo }, date: "1999-01-01", rule: null },
    ];
    expect(await inSql(cases)).toEqual([{ [ana]: -3_000, [leo]: -1_000 }, { [leo]: -1 }]);
  });
});
