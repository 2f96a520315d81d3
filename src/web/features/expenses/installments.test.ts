import i18n from "i18next";
import { beforeAll, describe, expect, it } from "vitest";
import type { Expense } from "../../../contract/expenses";
import { initI18n } from "../../i18n/init";
import { expenseFormResolver } from "./expense-form";
import {
  type ExpenseFormValues,
  installmentChange,
  installmentDeletion,
  installmentsRequest,
  previewTexts,
  splitPreview,
} from "./installments";
import { FAMILY_DRAFT } from "./split-draft";
import { expensesTexts } from "./texts";

const category = "33333333-3333-4333-8333-333333333333";
const ana = "55555555-5555-4555-8555-555555555555";
const leo = "66666666-6666-4666-8666-666666666666";
const nubank = "77777777-7777-4777-8777-777777777777";
const series = "88888888-8888-4888-8888-888888888888";

const form = (values: Partial<ExpenseFormValues>): ExpenseFormValues => ({
  description: "Geladeira",
  amount: "3.600,00",
  categoryId: category,
  date: "2026-05-15",
  paidByUserId: ana,
  paymentMethodId: nubank,
  installments: true,
  count: "12",
  firstAmount: "",
  ...values,
});

const preview = async (language: "pt" | "en" | "es", values: Partial<ExpenseFormValues>) => {
  await i18n.changeLanguage(language);
  const split = splitPreview(form(values), language);
  if (!split) return null;
  // Intl puts a no-break space after the currency sign.
  const { split: text, dates } = previewTexts(split, i18n.getFixedT(null, expensesTexts), language);
  return { split: text.replace(/\u00a0/g, " "), dates };
};

describe("the split the form previews", () => {
  beforeAll(() => {
    initI18n("pt");
  });

  it("is the total over the count, with the first and last dates (pt)", async () => {
    expect(await preview("pt", {})).toEqual({
      split: "12x de R$ 300,00",
      dates: "de 15/05/2026 a 15/04/2027",
    });
  });

  it("puts the cents left over on the first installment, as the server does", async () => {
    expect((await preview("pt", { amount: "100", count: "3" }))?.split).toBe(
      "1x de R$ 33,34 + 2x de R$ 33,33",
    );
  });

  it("keeps a typed first installment and splits the rest (pt and en)", async () => {
    expect((await preview("pt", { amount: "100", count: "3", firstAmount: "50" }))?.split).toBe(
      "1x de R$ 50,00 + 2x de R$ 25,00",
    );
    expect(
      await preview("en", { amount: "100.00", count: "3", firstAmount: "50", date: "2026-01-31" }),
    ).toEqual({
      split: "1 installment of $50.00 + 2 installments of $25.00",
      dates: "from 01/31/2026 to 03/31/2026",
    });
  });

  it("shows nothing until the total and the count can be read", () => {
    for (const values of [
      { amount: "" },
      { amount: "abc" },
      { count: "" },
      { count: "1" },
      { count: "49" },
      { count: "2.5" },
      // A first installment that leaves less than a cent for each of the others.
      { amount: "1,00", count: "3", firstAmount: "0,99" },
      { amount: "0,01", count: "2" },
    ]) {
      expect(splitPreview(form(values), "pt"), JSON.stringify(values)).toBeNull();
    }
  });

  it("shows the split without dates while the date is empty", async () => {
    expect(await preview("pt", { date: "" })).toEqual({ split: "12x de R$ 300,00", dates: null });
  });
});

describe("what the add form saves", () => {
  const resolve = (values: Partial<ExpenseFormValues>) =>
    expenseFormResolver("pt")(form(values), undefined, {
      fields: {},
      shouldUseNativeValidation: false,
    });

  it("is one expense without 'Parcelado'", async () => {
    const result = await resolve({ installments: false, amount: "12,50", paymentMethodId: "" });
    expect(result.errors).toEqual({});
    expect(result.values).toEqual({
      kind: "expense",
      input: {
        description: "Geladeira",
        amount: "12.50",
        categoryId: category,
        date: "2026-05-15",
        paidByUserId: ana,
      },
    });
  });

  it("is POST /api/installments's body with it: the amount as the total, the date the first's", async () => {
    const result = await resolve({});
    expect(result.errors).toEqual({});
    expect(result.values).toEqual({
      kind: "installments",
      input: {
        description: "Geladeira",
        total: "3600.00",
        count: 12,
        firstDate: "2026-05-15",
        categoryId: category,
        paidByUserId: ana,
        paymentMethodId: nubank,
      },
    });
    const typed = await resolve({
      amount: "100",
      count: "3",
      firstAmount: "50,5",
      paymentMethodId: "",
    });
    expect(typed.values).toMatchObject({
      kind: "installments",
      input: { total: "100.00", count: 3, firstAmount: "50.50" },
    });
    expect((typed.values as { input: object }).input).not.toHaveProperty("paymentMethodId", nubank);
  });

  it("carries 'Para quem': one member's or percentages, none for the family's (docs/product.md#for-whom)", async () => {
    const inputOf = async (split: ExpenseFormValues["split"]) =>
      ((await resolve({ split })).values as { input: Record<string, unknown> }).input;
    expect((await inputOf(FAMILY_DRAFT)).split).toBeUndefined();
    expect((await inputOf({ ...FAMILY_DRAFT, choice: leo })).split).toEqual({
      mode: "one",
      userId: leo,
    });
    const typed = [
      { userId: ana, value: "62,5" },
      { userId: leo, value: "37,5" },
    ];
    expect((await inputOf({ choice: "custom", by: "percent", typed })).split).toEqual({
      mode: "percent",
      shares: [
        { userId: ana, percent: "62.50" },
        { userId: leo, percent: "37.50" },
      ],
    });
  });

  it("never sends amounts: a split by amounts reads as percentages with nothing typed, which the contract refuses", async () => {
    const typed = [
      { userId: ana, value: "2.000,00" },
      { userId: leo, value: "1.600,00" },
    ];
    expect(
      installmentsRequest(form({ split: { choice: "custom", by: "amounts", typed } }), "pt").split,
    ).toEqual({
      mode: "percent",
      shares: [],
    });
    const refused = await resolve({ split: { choice: "custom", by: "amounts", typed } });
    expect(refused.values).toEqual({});
    expect(refused.errors.split).toBeDefined();
  });

  it("puts the contract's errors under the fields that show them", async () => {
    const result = await resolve({ amount: "", count: "1", date: "", firstAmount: "" });
    expect(result.errors.amount?.message).toBe("validation.amountInvalid");
    expect(result.errors.date?.message).toBeDefined();
    expect(result.errors.count?.message).toBe("validation.installmentCountInvalid");
    const tooLarge = await resolve({ amount: "100", count: "3", firstAmount: "99,99" });
    expect(tooLarge.errors.firstAmount?.message).toBe("validation.firstInstallmentTooLarge");
    expect((await resolve({ count: "" })).errors.count?.message).toBe(
      "validation.installmentCountInvalid",
    );
  });
});

const installment: Pick<Expense, "id" | "seriesId" | "installment"> = {
  id: "11111111-1111-4111-8111-111111111111",
  seriesId: series,
  installment: 3,
};

describe("which call a change of an installment makes", () => {
  it("'Só esta parcela' changes the expense alone, its date too", () => {
    expect(
      installmentChange(installment, "only", { amount: "310.00", date: "2026-07-20" }),
    ).toEqual({
      kind: "expense",
      id: installment.id,
      input: { amount: "310.00", date: "2026-07-20" },
    });
  });

  it("'Esta e as próximas' changes the series from this installment, never the dates", () => {
    expect(
      installmentChange(installment, "following", {
        description: "Geladeira Brastemp",
        amount: "310.00",
        categoryId: category,
        paidByUserId: ana,
        paymentMethodId: null,
        date: "2026-07-20",
      }),
    ).toEqual({
      kind: "series",
      seriesId: series,
      input: {
        from: 3,
        description: "Geladeira Brastemp",
        amount: "310.00",
        categoryId: category,
        paidByUserId: ana,
        paymentMethodId: null,
      },
    });
  });

  it("'Todas as parcelas' changes the series from 1", () => {
    expect(installmentChange(installment, "all", { paymentMethodId: nubank })).toEqual({
      kind: "series",
      seriesId: series,
      input: { from: 1, paymentMethodId: nubank },
    });
  });

  it("makes none when nothing the choice reaches changed", () => {
    expect(installmentChange(installment, "only", {})).toBeNull();
    expect(installmentChange(installment, "following", { date: "2026-07-20" })).toBeNull();
  });

  it("an ordinary expense is always changed alone", () => {
    const ordinary = { ...installment, seriesId: null, installment: null };
    expect(installmentChange(ordinary, "all", { amount: "1.00" })).toEqual({
      kind: "expense",
      id: installment.id,
      input: { amount: "1.00" },
    });
  });
});

describe("which call a deletion of an installment makes", () => {
  it("the expense alone, or the series from this installment or from 1", () => {
    expect(installmentDeletion(installment, "only")).toEqual({
      kind: "expense",
      id: installment.id,
    });
    expect(installmentDeletion(installment, "following")).toEqual({
      kind: "series",
      seriesId: series,
      from: 3,
    });
    expect(installmentDeletion(installment, "all")).toEqual({
      kind: "series",
      seriesId: series,
      from: 1,
    });
  });
});
