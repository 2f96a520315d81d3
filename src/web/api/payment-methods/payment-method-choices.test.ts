import { describe, expect, it } from "vitest";
import type { PaymentMethod } from "../../../contract/payment-methods";
import { paymentMethodChoices } from "./payment-method-choices";

const method = (id: string, name: string, isActive = true): PaymentMethod => ({
  id,
  familyId: "22222222-2222-4222-8222-222222222222",
  kind: "credit_card",
  name,
  ownerUserId: null,
  closingDay: 3,
  dueDay: 10,
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

const NUBANK = "11111111-1111-4111-8111-111111111111";
const ITAU = "33333333-3333-4333-8333-333333333333";
const OLD = "44444444-4444-4444-8444-444444444444";
const archived = (name: string) => `${name} (archived)`;
const methods = [method(NUBANK, "Nubank"), method(ITAU, "Conta Itaú"), method(OLD, "Inter", false)];

describe("paymentMethodChoices", () => {
  it("offers the active methods in the server's order, not the archived ones", () => {
    expect(paymentMethodChoices(methods, undefined, archived)).toEqual([
      { value: NUBANK, label: "Nubank" },
      { value: ITAU, label: "Conta Itaú" },
    ]);
  });

  it("keeps an archived method the expense already has, marked", () => {
    expect(paymentMethodChoices(methods, OLD, archived)).toEqual([
      { value: NUBANK, label: "Nubank" },
      { value: ITAU, label: "Conta Itaú" },
      { value: OLD, label: "Inter (archived)" },
    ]);
  });

  it("offers nothing while loading or when every method is archived, so the field is left out", () => {
    expect(paymentMethodChoices(undefined, null, archived)).toEqual([]);
    expect(paymentMethodChoices([method(OLD, "Inter", false)], null, archived)).toEqual([]);
  });
});
