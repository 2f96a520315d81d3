import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { splitByWeights } from "../shares";
import { refundSharesOf, sharesSummed } from "./refund-shares";

// Refund shares are cumulative (docs/product.md#refunds): whatever the sequence of refunds, they
// split together exactly as one refund of their total would.

describe("refundSharesOf", () => {
  it("a hundred refunds of R$ 0,01 of a R$ 1,00 purchase split 50/50 give each member back 0,50", () => {
    const purchase = [
      { userId: "ana", cents: 50 },
      { userId: "leo", cents: 50 },
    ];
    const refunds = refundSharesOf(purchase, Array(100).fill(1));
    expect(sharesSummed(refunds)).toEqual({ ana: -50, leo: -50 });
    // Each refund is one cent, alternating between them rather than always the owner's.
    expect(refunds.slice(0, 2)).toEqual([
      [{ userId: "ana", cents: -1 }],
      [{ userId: "leo", cents: -1 }],
    ]);
  });

  it("any sequence of refunds adds up to the split of their total, and each refund to its own amount (property)", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 100_000 }), { minLength: 1, maxLength: 5 }),
        fc.array(fc.integer({ min: 1, max: 5_000 }), { minLength: 1, maxLength: 30 }),
        (purchaseCents, refunds) => {
          const purchase = purchaseCents.map((cents, i) => ({ userId: `m${i}`, cents }));
          const total = purchaseCents.reduce((a, b) => a + b, 0);
          const within = refunds.filter(
            (_, i) => refunds.slice(0, i + 1).reduce((a, b) => a + b, 0) <= total,
          );
          const shares = refundSharesOf(purchase, within);
          shares.forEach((refund, i) => {
            expect(refund.reduce((sum, s) => sum + s.cents, 0)).toBe(-(within[i] as number));
          });
          const refunded = within.reduce((a, b) => a + b, 0);
          const weights = purchase.map((s) => ({ userId: s.userId, weight: s.cents }));
          expect(sharesSummed(shares)).toEqual(sharesSummed([splitByWeights(-refunded, weights)]));
        },
      ),
      { numRuns: 1000 },
    );
  });

  it("a full refund, in any pieces, gives each member back their share to the cent (property)", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 10_000 }), { minLength: 1, maxLength: 4 }),
        fc.array(fc.integer({ min: 1, max: 100 }), { minLength: 1, maxLength: 10 }),
        (purchaseCents, pieces) => {
          const purchase = purchaseCents.map((cents, i) => ({ userId: `m${i}`, cents }));
          const total = purchaseCents.reduce((a, b) => a + b, 0);
          // Pieces scaled into the total, the last one what is left.
          const weight = pieces.reduce((a, b) => a + b, 0);
          const cuts = pieces.map((p) => Math.floor((p * total) / weight));
          const sequence = [
            ...cuts.slice(0, -1),
            total - cuts.slice(0, -1).reduce((a, b) => a + b, 0),
          ];
          const refunds = refundSharesOf(
            purchase,
            sequence.filter((c) => c > 0),
          );
          expect(sharesSummed(refunds)).toEqual(
            Object.fromEntries(purchase.map((s) => [s.userId, -s.cents])),
          );
        },
      ),
      { numRuns: 1000 },
    );
  });
});
