import { describe, expect, it } from "vitest";
import {
  createPaymentMethodInputSchema,
  type PaymentMethod,
} from "../../../contract/payment-methods";
import { type MethodValues, methodChanges, methodInputOf } from "./method-form-values";

const ANA = "55555555-5555-4555-8555-555555555555";
const BRUNO = "66666666-6666-4666-8666-666666666666";

const values = (patch: Partial<MethodValues>): MethodValues => ({
  kind: "credit_card",
  name: "Nubank",
  ownerUserId: ANA,
  closingDay: "3",
  dueDay: "10",
  creditLimit: "5000.00",
  ...patch,
});

const card: PaymentMethod = {
  id: "11111111-1111-4111-8111-111111111111",
  familyId: "22222222-2222-4222-8222-222222222222",
  kind: "credit_card",
  name: "Nubank",
  ownerUserId: ANA,
  closingDay: 3,
  dueDay: 10,
  creditLimit: "5000.00",
  limitUsed: "0.00",
  isActive: true,
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
};

const issues = (input: unknown) =>
  createPaymentMethodInputSchema
    .safeParse(input)
    .error?.issues.map((issue) => [issue.path.join("."), issue.message]) ?? [];

describe("methodInputOf", () => {
  it("sends a card's days as numbers and its limit", () => {
    expect(methodInputOf(values({}))).toEqual({
      kind: "credit_card",
      name: "Nubank",
      ownerUserId: ANA,
      closingDay: 3,
      dueDay: 10,
      creditLimit: "5000.00",
    });
  });

  it("leaves a card's fields out of an account, whatever the hidden fields still hold", () => {
    const input = methodInputOf(values({ kind: "checking", name: "Conta Itaú" }));
    expect(input).toEqual({ kind: "checking", name: "Conta Itaú", ownerUserId: ANA });
    expect(issues(input)).toEqual([]);
  });

  it("leaves out an empty limit and an unchosen owner", () => {
    expect(methodInputOf(values({ creditLimit: " ", ownerUserId: "" }))).toEqual({
      kind: "credit_card",
      name: "Nubank",
      closingDay: 3,
      dueDay: 10,
    });
  });

  it("lets the contract refuse a card without days, or with a day out of the month", () => {
    expect(issues(methodInputOf(values({ closingDay: "", dueDay: "32" })))).toEqual([
      ["dueDay", "validation.dueDayInvalid"],
      ["closingDay", "validation.closingDayInvalid"],
    ]);
    expect(issues(methodInputOf(values({ closingDay: "abc" })))).toEqual([
      ["closingDay", "validation.closingDayInvalid"],
    ]);
  });
});

describe("methodChanges", () => {
  it("is empty when nothing changed", () => {
    expect(methodChanges(card, methodInputOf(values({})))).toEqual({});
  });

  it("holds only what changed, and a cleared limit as null", () => {
    expect(
      methodChanges(
        card,
        methodInputOf(values({ dueDay: "12", creditLimit: "", ownerUserId: BRUNO })),
      ),
    ).toEqual({ dueDay: 12, creditLimit: null, ownerUserId: BRUNO });
  });
});
