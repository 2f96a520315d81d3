import { describe, expect, it } from "vitest";
import type { Income } from "../../../contract/incomes";
import { incomeDefaults, incomeResolver } from "./income-values";

const ana = "11111111-1111-4111-8111-111111111111";
const leo = "22222222-2222-4222-8222-222222222222";
const account = "33333333-3333-4333-8333-333333333333";

const salary: Income = {
  id: "44444444-4444-4444-8444-444444444444",
  familyId: "55555555-5555-4555-8555-555555555555",
  description: "Salário",
  amount: "5000.00",
  kind: "salary",
  receivedByUserId: ana,
  paymentMethodId: account,
  private: false,
  addedByUserId: ana,
  recurringRuleId: null,
  date: "2026-03-05",
  createdAt: "2026-03-05T12:00:00.000Z",
  updatedAt: "2026-03-05T12:00:00.000Z",
};

const resolve = async (values: ReturnType<typeof incomeDefaults>) =>
  incomeResolver("pt")(values, undefined, {
    fields: {},
    shouldUseNativeValidation: false,
  });

describe("the income form's values", () => {
  it("opens a new income as a salary received by the person, today", () => {
    expect(incomeDefaults(null, ana, "2026-03-20", "pt")).toMatchObject({
      kind: "salary",
      receivedByUserId: ana,
      date: "2026-03-20",
      paymentMethodId: "",
      private: false,
    });
  });

  it("reads the amount in the person's language and 'Não informada' as no account", async () => {
    const values = { ...incomeDefaults(null, ana, "2026-03-20", "pt"), description: "Salário" };
    const { values: read } = await resolve({ ...values, amount: "5.000,00" });
    expect(read).toMatchObject({ amount: "5000.00", paymentMethodId: null, receivedByUserId: ana });
    // A private income's receiver is the server's to set: its author.
    const privately = await resolve({
      ...values,
      amount: "10,00",
      private: true,
      receivedByUserId: leo,
    });
    expect(privately.values).toMatchObject({ private: true, amount: "10.00" });
    expect((privately.values as { receivedByUserId?: string }).receivedByUserId).toBeUndefined();
  });

  it("refuses an empty amount with the contract's message key", async () => {
    const values = { ...incomeDefaults(null, ana, "2026-03-20", "pt"), description: "Salário" };
    const { errors } = await resolve(values);
    expect(errors).toHaveProperty("amount");
  });

  it("opens an income being changed as it is, in the person's decimal sign", () => {
    expect(incomeDefaults(salary, ana, "2026-03-20", "pt")).toEqual({
      description: "Salário",
      amount: "5000,00",
      kind: "salary",
      receivedByUserId: ana,
      date: "2026-03-05",
      paymentMethodId: account,
      private: false,
    });
  });
});
