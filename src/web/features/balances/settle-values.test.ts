import { describe, expect, it } from "vitest";
import {
  type SettleValues,
  settleAccountsOf,
  settleDefaults,
  settleResolver,
} from "./settle-values";

const ANA = "11111111-1111-4111-8111-111111111111";
const LEO = "22222222-2222-4222-8222-222222222222";
const debt = { debtorUserId: LEO, creditorUserId: ANA, amount: "80.00" };

describe("settleDefaults", () => {
  it("pays the debt back in full today by PIX, from the debtor to the creditor", () => {
    expect(settleDefaults(debt, "2026-03-14", "pt")).toEqual({
      fromUserId: LEO,
      toUserId: ANA,
      amount: "80,00",
      paidOn: "2026-03-14",
      method: "pix",
      note: "",
      fromMethodId: "",
      toMethodId: "",
    });
    // In the person's decimal sign.
    expect(settleDefaults({ ...debt, amount: "1234.56" }, "2026-03-14", "en").amount).toBe(
      "1234.56",
    );
  });
});

describe("settleResolver", () => {
  const resolve = (values: Partial<SettleValues>) =>
    settleResolver("pt")({ ...settleDefaults(debt, "2026-03-14", "pt"), ...values }, undefined, {
      fields: {},
      shouldUseNativeValidation: false,
    });

  it("sends the amount as typed in Portuguese as the contract's decimal, without an empty note", async () => {
    const result = await resolve({ amount: "1.080,5" });
    expect(result.errors).toEqual({});
    expect(result.values).toEqual({
      fromUserId: LEO,
      toUserId: ANA,
      amount: "1080.50",
      paidOn: "2026-03-14",
      method: "pix",
    });
  });

  it("refuses what the server refuses, with its message keys", async () => {
    const same = await resolve({ toUserId: LEO });
    expect(same.errors.toUserId?.message).toBe("validation.settlementSamePerson");
    const nothing = await resolve({ amount: "0" });
    expect(nothing.errors.amount?.message).toBe("validation.amountPositive");
  });
});

describe("the accounts a settlement names", () => {
  const ITAU = "33333333-3333-4333-8333-333333333333";
  const resolveWith = (values: Partial<SettleValues>) =>
    settleResolver("pt")({ ...settleDefaults(debt, "2026-03-14", "pt"), ...values }, undefined, {
      fields: {},
      shouldUseNativeValidation: false,
    });

  it("are left out when 'Nenhuma' is chosen, and sent when one is", async () => {
    const none = await resolveWith({});
    expect(none.errors).toEqual({});
    // Undefined, so the request's JSON leaves them out.
    expect(JSON.stringify(none.values)).not.toContain("MethodId");
    const named = await resolveWith({ toMethodId: ITAU });
    expect(named.values).toMatchObject({ toMethodId: ITAU });
    expect(JSON.stringify(named.values)).not.toContain("fromMethodId");
    const same = await resolveWith({ fromMethodId: ITAU, toMethodId: ITAU });
    expect(same.errors.toMethodId?.message).toBe("validation.transferSameAccount");
  });

  it("are the family's active accounts, never a card nor another member's private one", () => {
    const methods = [
      { id: "a", isActive: true, hidden: false, kind: "checking" },
      { id: "b", isActive: false, hidden: false, kind: "savings" },
      { id: "c", isActive: true, hidden: false, kind: "credit_card" },
      { id: "d", isActive: true, hidden: false, kind: "cash" },
      { id: "e", isActive: true, hidden: true, kind: "checking" },
    ];
    expect(settleAccountsOf(methods).map((m) => m.id)).toEqual(["a", "d"]);
  });
});
