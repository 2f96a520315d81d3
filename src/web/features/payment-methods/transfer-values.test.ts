import { describe, expect, it } from "vitest";
import type { PaymentMethod } from "../../../contract/payment-methods";
import { transferAccountsOf, transferDefaults, transferResolver } from "./transfer-values";

const method = (id: string, patch: Partial<PaymentMethod> = {}): PaymentMethod => ({
  id,
  familyId: "22222222-2222-4222-8222-222222222222",
  kind: "checking",
  name: id,
  ownerUserId: null,
  closingDay: null,
  dueDay: null,
  creditLimit: null,
  limitUsed: null,
  openingBalance: null,
  openingDate: null,
  isPrivate: false,
  hidden: false,
  balance: "0.00",
  isActive: true,
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
  ...patch,
});
const ITAU = "11111111-1111-4111-8111-111111111111";
const POUPANCA = "33333333-3333-4333-8333-333333333333";

describe("the transfer dialog's values", () => {
  it("offers the active accounts only, never a card or an archived one", () => {
    const methods = [
      method(ITAU),
      method("card", { kind: "credit_card" }),
      method("old", { isActive: false }),
      method(POUPANCA, { kind: "savings" }),
    ];
    expect(transferAccountsOf(methods).map((m) => m.id)).toEqual([ITAU, POUPANCA]);
  });

  it("opens from the first account to the second, today, with nothing typed", () => {
    expect(transferDefaults([method(ITAU), method(POUPANCA)], "2026-12-07")).toEqual({
      fromMethodId: ITAU,
      toMethodId: POUPANCA,
      amount: "",
      date: "2026-12-07",
      note: "",
    });
  });

  it("reads the amount in the person's language and lets the contract refuse one account twice", async () => {
    const resolve = transferResolver("pt");
    const values = { ...transferDefaults([method(ITAU), method(POUPANCA)], "2026-12-07") };
    const ok = await resolve({ ...values, amount: "1.500,50" }, undefined, {
      fields: {},
      shouldUseNativeValidation: false,
    });
    expect(ok.values).toEqual({
      fromMethodId: ITAU,
      toMethodId: POUPANCA,
      amount: "1500.50",
      date: "2026-12-07",
    });
    const same = await resolve({ ...values, toMethodId: ITAU, amount: "10" }, undefined, {
      fields: {},
      shouldUseNativeValidation: false,
    });
    expect(same.errors.toMethodId?.message).toBe("validation.transferSameAccount");
  });
});
