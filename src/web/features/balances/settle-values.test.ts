import { describe, expect, it } from "vitest";
import { type SettleValues, settleDefaults, settleResolver } from "./settle-values";

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
