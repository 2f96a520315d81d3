import { describe, expect, it } from "vitest";
import type { PaymentMethod } from "../../../contract/payment-methods";
import { type PayValues, payDefaults, payingAccounts, payResolver } from "./pay-values";

const method = (
  id: string,
  kind: PaymentMethod["kind"],
  name: string,
  isActive = true,
): PaymentMethod => ({
  id,
  familyId: "22222222-2222-4222-8222-222222222222",
  kind,
  name,
  ownerUserId: null,
  closingDay: kind === "credit_card" ? 3 : null,
  dueDay: kind === "credit_card" ? 10 : null,
  creditLimit: null,
  limitUsed: null,
  openingBalance: null,
  openingDate: null,
  isPrivate: false,
  hidden: false,
  balance: null,
  isActive,
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
});

const ITAU = "33333333-3333-4333-8333-333333333333";
const POUPANCA = "44444444-4444-4444-8444-444444444444";
const itau = method(ITAU, "checking", "Conta Itaú");
const nubank = method("11111111-1111-4111-8111-111111111111", "credit_card", "Nubank");
const oldAccount = method("55555555-5555-4555-8555-555555555555", "checking", "Inter", false);
const savings = method(POUPANCA, "savings", "Poupança");

describe("payingAccounts", () => {
  it("offers the family's active accounts, never a card nor an archived account", () => {
    expect(payingAccounts([nubank, itau, oldAccount, savings])).toEqual([itau, savings]);
    expect(payingAccounts(undefined)).toEqual([]);
  });
});

describe("payDefaults", () => {
  it("pays what is left today, in the person's decimal sign, from the only account", () => {
    expect(payDefaults({ leftToPay: "3600.00" }, [itau], "2026-12-05", "pt")).toEqual({
      fromMethodId: ITAU,
      amount: "3600,00",
      paidOn: "2026-12-05",
    });
    expect(payDefaults({ leftToPay: "12.50" }, [itau], "2026-12-05", "en").amount).toBe("12.50");
  });

  it("leaves the account to choose when there are several", () => {
    expect(
      payDefaults({ leftToPay: "1.00" }, [itau, savings], "2026-12-05", "pt").fromMethodId,
    ).toBe("");
  });
});

describe("payResolver", () => {
  const resolve = (values: PayValues, leftToPay = "3600.00") =>
    payResolver(leftToPay, "pt")(values, undefined, {
      fields: {},
      shouldUseNativeValidation: false,
    });
  const valid: PayValues = { fromMethodId: ITAU, amount: "3.600,00", paidOn: "2026-12-05" };

  it("sends the contract's input, the amount read in the person's language", async () => {
    const result = await resolve(valid);
    expect(result.errors).toEqual({});
    expect(result.values).toEqual({ fromMethodId: ITAU, amount: "3600.00", paidOn: "2026-12-05" });
    expect((await resolve({ ...valid, amount: "100" })).values).toMatchObject({ amount: "100.00" });
  });

  it("refuses more than is left to pay, with the server's message", async () => {
    const result = await resolve({ ...valid, amount: "3.600,01" });
    expect(result.errors.amount?.message).toBe("validation.billPaymentTooLarge");
  });

  it("asks for an account, an amount above zero and a real date", async () => {
    const result = await resolve({ fromMethodId: "", amount: "0", paidOn: "2026-02-30" });
    expect(result.errors.fromMethodId?.message).toBe("validation.billPaymentFromAccount");
    expect(result.errors.amount?.message).toBe("validation.amountPositive");
    expect(result.errors.paidOn?.message).toBe("validation.dateInvalid");
  });
});
