import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { familyWeights, sharesOf, splitByWeights, splitRuleOn } from "./shares";

describe("splitByWeights", () => {
  it("gives the cents left over to the largest remainders, ties to whoever comes first", () => {
    expect(
      splitByWeights(1001, [
        { userId: "a", weight: 1 },
        { userId: "b", weight: 1 },
      ]),
    ).toEqual([
      { userId: "a", cents: 501 },
      { userId: "b", cents: 500 },
    ]);
    // 100 by 1:1:1 is 33.33 each and a cent left: the first's.
    expect(
      splitByWeights(100, [
        { userId: "a", weight: 1 },
        { userId: "b", weight: 1 },
        { userId: "c", weight: 1 },
      ]).map((s) => s.cents),
    ).toEqual([34, 33, 33]);
    // 3 cents by 25/75: 0.75 and 2.25, the cent left to the larger remainder.
    expect(
      splitByWeights(3, [
        { userId: "a", weight: 25 },
        { userId: "b", weight: 75 },
      ]),
    ).toEqual([
      { userId: "a", cents: 1 },
      { userId: "b", cents: 2 },
    ]);
    // R$ 100,00 in proportion to incomes of 5000 and 3000.
    expect(
      splitByWeights(10_000, [
        { userId: "a", weight: 5000 },
        { userId: "b", weight: 3000 },
      ]),
    ).toEqual([
      { userId: "a", cents: 6250 },
      { userId: "b", cents: 3750 },
    ]);
  });

  it("leaves out zero weights, and weighs everyone the same when all are zero", () => {
    expect(
      splitByWeights(10, [
        { userId: "a", weight: 0 },
        { userId: "b", weight: 2 },
      ]),
    ).toEqual([{ userId: "b", cents: 10 }]);
    expect(
      splitByWeights(10, [
        { userId: "a", weight: 0 },
        { userId: "b", weight: 0 },
      ]),
    ).toEqual([
      { userId: "a", cents: 5 },
      { userId: "b", cents: 5 },
    ]);
  });

  it("always adds up to the amount, and no share is more than a cent off its exact part (property)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 9_999_999_999 }),
        fc.array(fc.integer({ min: 0, max: 1_000_000 }), { minLength: 1, maxLength: 20 }),
        (cents, weights) => {
          const weighted = weights.map((weight, i) => ({ userId: String(i), weight }));
          const shares = splitByWeights(cents, weighted);
          expect(shares.reduce((sum, s) => sum + s.cents, 0)).toBe(cents);
          const total = weights.reduce((a, b) => a + b, 0) || weights.length;
          for (const share of shares) {
            const weight =
              total === weights.length && weights.every((w) => w === 0)
                ? 1
                : (weights[Number(share.userId)] as number);
            const exact = (cents * weight) / total;
            expect(Math.abs(share.cents - exact)).toBeLessThan(1.0001);
          }
        },
      ),
      { numRuns: 3000 },
    );
  });

  it("splits a negative amount (a refund) as its absolute value, each share negated (property)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 9_999_999_999 }),
        fc.array(fc.integer({ min: 0, max: 1_000_000 }), { minLength: 1, maxLength: 20 }),
        (cents, weights) => {
          const weighted = weights.map((weight, i) => ({ userId: String(i), weight }));
          const refund = splitByWeights(-cents, weighted);
          expect(refund).toEqual(
            splitByWeights(cents, weighted).map((s) => ({ userId: s.userId, cents: -s.cents })),
          );
          expect(refund.reduce((sum, s) => sum + s.cents, 0)).toBe(-cents);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it("negates the typed amounts of a refund", () => {
    const family = { rules: [], memberIds: ["a", "b"], date: "2026-01-01" };
    const split = {
      mode: "amounts" as const,
      shares: [
        { userId: "a", amount: "30.00" },
        { userId: "b", amount: "10.00" },
      ],
    };
    expect(sharesOf(-4000, split, family)).toEqual([
      { userId: "a", cents: -3000 },
      { userId: "b", cents: -1000 },
    ]);
    expect(sharesOf(-1, { mode: "one", userId: "b" }, family)).toEqual([
      { userId: "b", cents: -1 },
    ]);
  });
});

describe("the family's rule of a date", () => {
  const rules = [
    { validFrom: "2026-01-01", weights: [{ userId: "a", weight: 2 }] },
    { validFrom: "2026-03-01", weights: null },
  ];
  it("is the latest starting on or before it; none before the first", () => {
    expect(splitRuleOn(rules, "2025-12-31")).toBeNull();
    expect(splitRuleOn(rules, "2026-02-28")?.validFrom).toBe("2026-01-01");
    expect(splitRuleOn(rules, "2026-03-01")?.validFrom).toBe("2026-03-01");
  });
  it("weighs each member one under equal, and by the rule (zero when not named) under a ratio", () => {
    expect(familyWeights(null, ["a", "b"])).toEqual([
      { userId: "a", weight: 1 },
      { userId: "b", weight: 1 },
    ]);
    expect(familyWeights(rules[0] ?? null, ["a", "b"])).toEqual([
      { userId: "a", weight: 2 },
      { userId: "b", weight: 0 },
    ]);
  });
  it("splits a family expense, one member's, percentages and typed amounts", () => {
    const family = { rules, memberIds: ["a", "b"], date: "2026-02-01" };
    expect(sharesOf(500, { mode: "family" }, family)).toEqual([{ userId: "a", cents: 500 }]);
    expect(sharesOf(500, { mode: "one", userId: "b" }, family)).toEqual([
      { userId: "b", cents: 500 },
    ]);
    expect(
      sharesOf(
        20_000,
        {
          mode: "percent",
          shares: [
            { userId: "a", percent: "60" },
            { userId: "b", percent: "40" },
          ],
        },
        family,
      ),
    ).toEqual([
      { userId: "a", cents: 12_000 },
      { userId: "b", cents: 8_000 },
    ]);
    expect(
      sharesOf(
        5000,
        {
          mode: "amounts",
          shares: [
            { userId: "a", amount: "50.00" },
            { userId: "b", amount: "0.00" },
          ],
        },
        family,
      ),
    ).toEqual([{ userId: "a", cents: 5000 }]);
  });
});
