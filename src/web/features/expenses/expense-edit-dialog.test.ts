import { describe, expect, it } from "vitest";
import type { Expense } from "../../../contract/expenses";
import { changedFields, keepingEmptyChoices } from "./expense-edit-dialog";
import type { ExpenseFieldValues } from "./expense-field-values";
import type { SplitDraft } from "./split-draft";

const expense: Expense = {
  id: "11111111-1111-4111-8111-111111111111",
  familyId: "22222222-2222-4222-8222-222222222222",
  description: "Feira",
  amount: "12.50",
  categoryId: "33333333-3333-4333-8333-333333333333",
  addedByUserId: null,
  paidByUserId: null,
  paymentMethodId: null,
  billId: null,
  seriesId: null,
  installment: null,
  installmentCount: null,
  refundOfId: null,
  split: { mode: "family" },
  private: false,
  date: "2025-03-10",
  isExample: false,
  createdAt: "2025-03-10T10:00:00.000Z",
  updatedAt: "2025-03-10T10:00:00.000Z",
};

describe("changedFields", () => {
  it("is empty when the values are the saved ones", () => {
    expect(
      changedFields(expense, {
        description: "Feira",
        amount: "12.50",
        categoryId: expense.categoryId ?? undefined,
        date: "2025-03-10",
      }),
    ).toEqual({});
  });

  it("holds only what differs", () => {
    expect(
      changedFields(expense, {
        description: "Feira do sábado",
        amount: "12.50",
        categoryId: expense.categoryId ?? undefined,
        date: "2025-03-11",
      }),
    ).toEqual({ description: "Feira do sábado", date: "2025-03-11" });
  });

  it("leaves an uncategorised expense uncategorised unless a category is chosen", () => {
    const uncategorised = { ...expense, categoryId: null };
    expect(changedFields(uncategorised, { description: "Feira", categoryId: undefined })).toEqual(
      {},
    );
    const chosen = "44444444-4444-4444-8444-444444444444";
    expect(changedFields(uncategorised, { categoryId: chosen })).toEqual({ categoryId: chosen });
  });

  it("sends the payer only when another one is chosen", () => {
    const ana = "55555555-5555-4555-8555-555555555555";
    const bruno = "66666666-6666-4666-8666-666666666666";
    const paidByAna = { ...expense, paidByUserId: ana };
    expect(changedFields(paidByAna, { description: "Feira", paidByUserId: ana })).toEqual({});
    expect(changedFields(paidByAna, { paidByUserId: bruno })).toEqual({ paidByUserId: bruno });
    // A payer whose account is gone ("" in the select, undefined after the resolver) stays.
    expect(changedFields(expense, { paidByUserId: undefined })).toEqual({});
  });

  it("sends the payment method when another one is chosen, and null when it is cleared", () => {
    const nubank = "77777777-7777-4777-8777-777777777777";
    const paidWithNubank = { ...expense, paymentMethodId: nubank };
    expect(changedFields(paidWithNubank, { paymentMethodId: nubank })).toEqual({});
    expect(changedFields(paidWithNubank, { paymentMethodId: null })).toEqual({
      paymentMethodId: null,
    });
    expect(changedFields(expense, { paymentMethodId: null })).toEqual({});
    expect(changedFields(expense, { paymentMethodId: nubank })).toEqual({
      paymentMethodId: nubank,
    });
  });

  it("sends 'Para quem' only when another split is chosen, and typed amounts with a new amount", () => {
    const ana = "55555555-5555-4555-8555-555555555555";
    const leo = "66666666-6666-4666-8666-666666666666";
    expect(changedFields(expense, { split: { mode: "family" } })).toEqual({});
    expect(changedFields(expense, { split: { mode: "one", userId: leo } })).toEqual({
      split: { mode: "one", userId: leo },
    });
    const percent = {
      mode: "percent" as const,
      shares: [
        { userId: ana, percent: "60" },
        { userId: leo, percent: "40" },
      ],
    };
    expect(changedFields({ ...expense, split: percent }, { split: percent })).toEqual({});
    // Typed amounts go with a new amount, for the server to check the two together.
    const amounts = {
      mode: "amounts" as const,
      shares: [
        { userId: ana, amount: "10.00" },
        { userId: leo, amount: "2.50" },
      ],
    };
    const split = { ...expense, split: amounts };
    expect(changedFields(split, { amount: "12.50", split: amounts })).toEqual({});
    expect(changedFields(split, { amount: "13.00", split: amounts })).toEqual({
      amount: "13.00",
      split: amounts,
    });
  });

  it("sends 'Privado' when it changes, and with it no payer or split: its author pays, for them alone", () => {
    const leo = "66666666-6666-4666-8666-666666666666";
    expect(changedFields(expense, { private: false })).toEqual({});
    expect(
      changedFields(expense, {
        private: true,
        paidByUserId: leo,
        split: { mode: "one", userId: leo },
      }),
    ).toEqual({ private: true });
    const own = { ...expense, private: true };
    expect(changedFields(own, { description: "Presente", paidByUserId: leo })).toEqual({
      description: "Presente",
    });
    // Shared again, what was chosen for it goes with it.
    expect(
      changedFields(own, { private: false, paidByUserId: leo, split: { mode: "family" } }),
    ).toEqual({ private: false, paidByUserId: leo });
  });
});

describe("the edit's 'Para quem' from an installment on", () => {
  const ana = "55555555-5555-4555-8555-555555555555";
  const leo = "66666666-6666-4666-8666-666666666666";
  const splitOf = async (split: SplitDraft, series: boolean) => {
    const values: ExpenseFieldValues = {
      description: "Geladeira",
      amount: "300.00",
      categoryId: "",
      date: "2025-03-10",
      paidByUserId: "",
      paymentMethodId: "",
      split,
    };
    const result = await keepingEmptyChoices("pt")(
      values,
      { series },
      { fields: {}, shouldUseNativeValidation: false },
    );
    return { split: (result.values as { split?: unknown }).split, errors: result.errors };
  };

  it("sends percentages or one member's for the series, as for this installment alone", async () => {
    const typed = [
      { userId: ana, value: "60" },
      { userId: leo, value: "40" },
    ];
    const percent = {
      mode: "percent",
      shares: [
        { userId: ana, percent: "60" },
        { userId: leo, percent: "40" },
      ],
    };
    expect((await splitOf({ choice: "custom", by: "percent", typed }, true)).split).toEqual(
      percent,
    );
    expect((await splitOf({ choice: leo, by: "percent", typed: [] }, true)).split).toEqual({
      mode: "one",
      userId: leo,
    });
  });

  it("leaves an installment's own split by amounts alone: the series is never sent amounts", async () => {
    const typed = [
      { userId: ana, value: "200,00" },
      { userId: leo, value: "100,00" },
    ];
    const kept = await splitOf({ choice: "custom", by: "amounts", typed }, true);
    expect(kept).toEqual({ split: undefined, errors: {} });
    // "Só esta parcela" still changes this installment by amounts.
    expect((await splitOf({ choice: "custom", by: "amounts", typed }, false)).split).toEqual({
      mode: "amounts",
      shares: [
        { userId: ana, amount: "200.00" },
        { userId: leo, amount: "100.00" },
      ],
    });
  });
});
