import { describe, expect, it } from "vitest";
import type { ImportPreview, ImportPreviewLine } from "../../../contract/imports";
import {
  applyCategoryToUncategorised,
  commitCredits,
  commitInput,
  commitLines,
  creditLineNumber,
  initialSelection,
  isCredit,
  selectionSummary,
} from "./import-selection";

const line = (overrides: Partial<ImportPreviewLine>): ImportPreviewLine => ({
  lineNumber: 2,
  cells: [],
  date: "2026-03-10",
  amount: "10.00",
  description: "Padaria",
  errorKey: null,
  notSpending: false,
  cardBillPayment: false,
  incomeKind: null,
  installment: null,
  importId: null,
  duplicate: false,
  suggestedCategoryId: null,
  ruleId: null,
  refundCandidates: [],
  ...overrides,
});

const preview = {
  lines: [
    line({ suggestedCategoryId: "cat-food" }),
    line({ duplicate: true, amount: "5.00" }),
    line({ notSpending: true, amount: "3000.00" }),
    line({ errorKey: "validation.importDateInvalid", date: null }),
    line({ amount: "1.50", description: "Posto" }),
  ],
  rules: [],
} as unknown as ImportPreview;

describe("the import's selection", () => {
  it("ticks what can be imported except duplicates and credits, with the last category", () => {
    expect(initialSelection(preview)).toEqual({
      ticked: [true, false, false, false, true],
      categories: ["cat-food", "", "", "", ""],
      credits: ["", "", "", "", ""],
    });
  });

  it("counts and sums the ticked lines, and those still without a category", () => {
    const selection = initialSelection(preview);
    expect(selectionSummary(preview, selection)).toEqual({
      count: 2,
      total: "11.50",
      missingCategory: 1,
      incomes: 0,
      refunds: 0,
    });
    // A line with an error never counts, even ticked.
    selection.ticked[3] = true;
    expect(selectionSummary(preview, selection).count).toBe(2);
  });

  it("applies one category to the lines without one and sends only ticked, categorised lines", () => {
    const selection = applyCategoryToUncategorised(initialSelection(preview), "cat-other");
    expect(selection.categories).toEqual([
      "cat-food",
      "cat-other",
      "cat-other",
      "cat-other",
      "cat-other",
    ]);
    expect(commitLines(preview, selection)).toEqual([
      { date: "2026-03-10", description: "Padaria", amount: "10.00", categoryId: "cat-food" },
      { date: "2026-03-10", description: "Posto", amount: "1.50", categoryId: "cat-other" },
    ]);
  });
});

describe("a line a rule decided (docs/product.md#category-rules)", () => {
  const partner = "44444444-4444-4444-8444-444444444444";
  const shared = {
    ruleId: "55555555-5555-4555-8555-555555555555",
    categoryId: "cat-kids",
    forUserId: partner,
    paidByUserId: partner,
    private: false,
  };
  const mine = { ...shared, ruleId: "66666666-6666-4666-8666-666666666666", categoryId: "cat-me" };
  const privately = { ...mine, forUserId: null, paidByUserId: null, private: true };
  const rulesPreview = {
    lines: [
      line({ description: "Escola", suggestedCategoryId: "cat-kids", ruleId: shared.ruleId }),
      line({ description: "Academia", suggestedCategoryId: "cat-me", ruleId: privately.ruleId }),
      line({
        description: "Curso",
        suggestedCategoryId: "cat-me",
        ruleId: privately.ruleId,
        installment: { number: 1, count: 3 },
      }),
    ],
    rules: [shared, privately],
  } as unknown as ImportPreview;

  it("takes the rule's payer, for whom and privacy while it keeps the rule's category", () => {
    const lines = commitLines(rulesPreview, initialSelection(rulesPreview));
    expect(
      lines.map(({ paidByUserId, forUserId, private: p }) => [paidByUserId, forUserId, p]),
    ).toEqual([
      [partner, partner, undefined],
      [undefined, undefined, true],
      // An installment is never private alone.
      [undefined, undefined, undefined],
    ]);
  });

  it("takes none of them once the person chose another category", () => {
    const selection = initialSelection(rulesPreview);
    selection.categories[0] = "cat-other";
    selection.categories[1] = "cat-other";
    const [school, gym] = commitLines(rulesPreview, selection);
    expect(school).toEqual({
      date: "2026-03-10",
      description: "Escola",
      amount: "10.00",
      categoryId: "cat-other",
    });
    expect(gym?.private).toBeUndefined();
  });
});

describe("what the import sends", () => {
  const card = { id: "11111111-1111-4111-8111-111111111111", kind: "credit_card" as const };
  const account = { id: "22222222-2222-4222-8222-222222222222", kind: "checking" as const };
  const billId = "33333333-3333-4333-8333-333333333333";
  const cardPreview = {
    lines: [
      line({ description: "Padaria", amount: "12.50" }),
      line({ description: "Geladeira", amount: "300.00", installment: { number: 2, count: 12 } }),
      line({ description: "Pagamento recebido", amount: "500.00", notSpending: true }),
      // A marked line the person left out is not sent, its marker neither.
      line({ description: "TV", amount: "99.90", installment: { number: 3, count: 10 } }),
    ],
    rules: [],
  } as unknown as ImportPreview;
  const ticked = () => {
    const selection = applyCategoryToUncategorised(initialSelection(cardPreview), "cat-home");
    selection.ticked[3] = false;
    return selection;
  };

  it("sends each ticked marked line's installment, and none on the others", () => {
    const lines = commitLines(cardPreview, ticked());
    expect(lines).toEqual([
      { date: "2026-03-10", description: "Padaria", amount: "12.50", categoryId: "cat-home" },
      {
        date: "2026-03-10",
        description: "Geladeira",
        amount: "300.00",
        categoryId: "cat-home",
        installment: { number: 2, count: 12 },
      },
    ]);
    expect(lines[0]).not.toHaveProperty("installment");
  });

  it("sends no method when none is chosen", () => {
    const input = commitInput(cardPreview, ticked(), { fileName: "nubank.csv", billId });
    expect(input).not.toHaveProperty("paymentMethodId");
    expect(input).not.toHaveProperty("billId");
    expect(input.fileName).toBe("nubank.csv");
    expect(input.lines).toHaveLength(2);
  });

  it("sends the card, and the bill only when one was chosen", () => {
    expect(
      commitInput(cardPreview, ticked(), { fileName: "nubank.csv", method: card, billId }),
    ).toMatchObject({ paymentMethodId: card.id, billId });
    const byDate = commitInput(cardPreview, ticked(), {
      fileName: "nubank.csv",
      method: card,
      billId: "",
    });
    expect(byDate.paymentMethodId).toBe(card.id);
    expect(byDate).not.toHaveProperty("billId");
  });

  it("sends an account without a bill, and cuts a long file name to 255 characters", () => {
    const input = commitInput(cardPreview, ticked(), {
      fileName: `${"x".repeat(300)}.csv`,
      method: account,
      billId,
    });
    expect(input.paymentMethodId).toBe(account.id);
    expect(input).not.toHaveProperty("billId");
    expect(input.fileName).toHaveLength(255);
  });
});

describe("a card bill's payment", () => {
  it("is neither ticked nor offered as a credit, and never sent", () => {
    const payments = {
      lines: [
        line({ description: "PAGTO FATURA NUBANK", cardBillPayment: true }),
        line({
          description: "Pagamento recebido",
          notSpending: true,
          cardBillPayment: true,
          incomeKind: null,
        }),
        line({ description: "Padaria" }),
      ],
      rules: [],
    } as unknown as ImportPreview;
    const selection = applyCategoryToUncategorised(initialSelection(payments), "cat");
    expect(selection.ticked).toEqual([false, false, true]);
    expect(isCredit(payments.lines[1] as ImportPreviewLine)).toBe(false);
    selection.ticked = [true, true, true];
    selection.credits = ["", "income", ""];
    expect(commitLines(payments, selection).map((l) => l.description)).toEqual(["Padaria"]);
    expect(commitCredits(payments, selection)).toEqual([]);
  });
});

describe("an OFX's lines", () => {
  it("send back the bank's id of each transaction, lines and credits alike", () => {
    const ofx = {
      lines: [
        line({ description: "PADARIA", importId: "T1" }),
        line({ description: "POSTO", importId: "T1#2" }),
        line({
          description: "PIX RECEBIDO",
          notSpending: true,
          incomeKind: "other",
          importId: "T3",
        }),
        line({ description: "Sem id" }),
      ],
      rules: [],
    } as unknown as ImportPreview;
    const selection = applyCategoryToUncategorised(initialSelection(ofx), "cat");
    selection.credits = ["", "", "income", ""];
    expect(commitLines(ofx, selection).map((l) => [l.description, l.importId])).toEqual([
      ["PADARIA", "T1"],
      ["POSTO", "T1#2"],
      ["Sem id", undefined],
    ]);
    expect(commitLines(ofx, selection)[2]).not.toHaveProperty("importId");
    expect(commitCredits(ofx, selection)).toEqual([
      {
        recordAs: "income",
        date: "2026-03-10",
        description: "PIX RECEBIDO",
        amount: "10.00",
        kind: "other",
        importId: "T3",
      },
    ]);
  });
});

describe("a statement's credits", () => {
  const candidate = {
    expenseId: "44444444-4444-4444-8444-444444444444",
    date: "2026-03-12",
    description: "Mercado",
    amount: "120.00",
    left: "120.00",
  };
  const creditPreview = {
    lines: [
      line({ lineNumber: 2, description: "Padaria", amount: "12.50" }),
      line({
        lineNumber: 3,
        description: "Salário",
        amount: "5000.00",
        notSpending: true,
        incomeKind: "salary",
      }),
      line({
        lineNumber: 4,
        description: "Estorno Mercado",
        amount: "120.00",
        notSpending: true,
        incomeKind: "other",
        refundCandidates: [candidate],
      }),
      line({ lineNumber: 5, description: "Pix", amount: "50.00", notSpending: true }),
    ],
    rules: [],
  } as unknown as ImportPreview;

  it("starts every credit skipped and sends none of them", () => {
    const selection = applyCategoryToUncategorised(initialSelection(creditPreview), "cat");
    expect(selection.credits).toEqual(["", "", "", ""]);
    const input = commitInput(creditPreview, selection, { fileName: "extrato.csv" });
    expect(input).not.toHaveProperty("credits");
    expect(input.lines).toHaveLength(1);
    // A credit is never sent as spending, even ticked.
    selection.ticked[3] = true;
    expect(commitLines(creditPreview, selection)).toHaveLength(1);
  });

  it("sends income with the proposed kind and a refund of the chosen purchase, counted apart", () => {
    const selection = applyCategoryToUncategorised(initialSelection(creditPreview), "cat");
    selection.credits = ["", "income", candidate.expenseId, ""];
    expect(commitCredits(creditPreview, selection)).toEqual([
      {
        recordAs: "income",
        date: "2026-03-10",
        description: "Salário",
        amount: "5000.00",
        kind: "salary",
      },
      {
        recordAs: "refund",
        date: "2026-03-10",
        description: "Estorno Mercado",
        amount: "120.00",
        refundOfId: candidate.expenseId,
      },
    ]);
    expect(selectionSummary(creditPreview, selection)).toMatchObject({
      count: 1,
      total: "12.50",
      incomes: 1,
      refunds: 1,
    });
    // The server's error on the second credit is the file's line 4.
    expect(creditLineNumber(creditPreview, selection, "credits.1.amount")).toBe(4);
    expect(creditLineNumber(creditPreview, selection, "lines.0.categoryId")).toBeNull();
  });

  it("sends no refund of a purchase the preview did not propose", () => {
    const selection = initialSelection(creditPreview);
    selection.credits = ["", "", "55555555-5555-4555-8555-555555555555", ""];
    expect(commitCredits(creditPreview, selection)).toEqual([]);
  });
});
