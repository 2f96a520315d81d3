import { describe, expect, it } from "vitest";
import type { ImportPreview, ImportPreviewLine } from "../../../contract/imports";
import {
  applyCategoryToUncategorised,
  commitCredits,
  commitInput,
  commitLines,
  initialSelection,
  isCredit,
  lineRole,
  selectionSummary,
  sentLineNumber,
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
  suggestedCardId: null,
  transferMatch: null,
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
    expect(initialSelection(preview, false)).toEqual({
      ticked: [true, false, false, false, true],
      categories: ["cat-food", "", "", "", ""],
      credits: ["", "", "", "", ""],
      cards: ["", "", "", "", ""],
    });
  });

  it("counts and sums the ticked lines, and those still without a category", () => {
    const selection = initialSelection(preview, false);
    expect(selectionSummary(preview, selection, false)).toEqual({
      count: 2,
      total: "11.50",
      missingCategory: 1,
      incomes: 0,
      refunds: 0,
      billPayments: 0,
      missingCard: 0,
      transfers: 0,
    });
    // A line with an error never counts, even ticked.
    selection.ticked[3] = true;
    expect(selectionSummary(preview, selection, false).count).toBe(2);
  });

  it("applies one category to the lines without one and sends only ticked, categorised lines", () => {
    const selection = applyCategoryToUncategorised(initialSelection(preview, false), "cat-other");
    expect(selection.categories).toEqual([
      "cat-food",
      "cat-other",
      "cat-other",
      "cat-other",
      "cat-other",
    ]);
    expect(commitLines(preview, selection, false)).toEqual([
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
    const lines = commitLines(rulesPreview, initialSelection(rulesPreview, false), false);
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
    const selection = initialSelection(rulesPreview, false);
    selection.categories[0] = "cat-other";
    selection.categories[1] = "cat-other";
    const [school, gym] = commitLines(rulesPreview, selection, false);
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
    const selection = applyCategoryToUncategorised(
      initialSelection(cardPreview, false),
      "cat-home",
    );
    selection.ticked[3] = false;
    return selection;
  };

  it("sends each ticked marked line's installment, and none on the others", () => {
    const lines = commitLines(cardPreview, ticked(), false);
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
    const selection = applyCategoryToUncategorised(initialSelection(payments, false), "cat");
    expect(selection.ticked).toEqual([false, false, true]);
    expect(isCredit(payments.lines[1] as ImportPreviewLine)).toBe(false);
    selection.ticked = [true, true, true];
    selection.credits = ["", "income", ""];
    expect(commitLines(payments, selection, false).map((l) => l.description)).toEqual(["Padaria"]);
    expect(commitCredits(payments, selection, false)).toEqual([]);
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
    const selection = applyCategoryToUncategorised(initialSelection(ofx, false), "cat");
    selection.credits = ["", "", "income", ""];
    expect(commitLines(ofx, selection, false).map((l) => [l.description, l.importId])).toEqual([
      ["PADARIA", "T1"],
      ["POSTO", "T1#2"],
      ["Sem id", undefined],
    ]);
    expect(commitLines(ofx, selection, false)[2]).not.toHaveProperty("importId");
    expect(commitCredits(ofx, selection, false)).toEqual([
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
    const selection = applyCategoryToUncategorised(initialSelection(creditPreview, false), "cat");
    expect(selection.credits).toEqual(["", "", "", ""]);
    const input = commitInput(creditPreview, selection, { fileName: "extrato.csv" });
    expect(input).not.toHaveProperty("credits");
    expect(input.lines).toHaveLength(1);
    // A credit is never sent as spending, even ticked.
    selection.ticked[3] = true;
    expect(commitLines(creditPreview, selection, false)).toHaveLength(1);
  });

  it("sends income with the proposed kind and a refund of the chosen purchase, counted apart", () => {
    const selection = applyCategoryToUncategorised(initialSelection(creditPreview, false), "cat");
    selection.credits = ["", "income", candidate.expenseId, ""];
    expect(commitCredits(creditPreview, selection, false)).toEqual([
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
    expect(selectionSummary(creditPreview, selection, false)).toMatchObject({
      count: 1,
      total: "12.50",
      incomes: 1,
      refunds: 1,
    });
    // The server's error on the second credit is the file's line 4.
    expect(sentLineNumber(creditPreview, selection, false, "credits.1.amount")).toBe(4);
    expect(sentLineNumber(creditPreview, selection, false, "lines.0.categoryId")).toBeNull();
  });

  it("sends no refund of a purchase the preview did not propose", () => {
    const selection = initialSelection(creditPreview, false);
    selection.credits = ["", "", "55555555-5555-4555-8555-555555555555", ""];
    expect(commitCredits(creditPreview, selection, false)).toEqual([]);
  });
});

describe("money between the family's own accounts (docs/product.md#ofx-import)", () => {
  const nubank = "77777777-7777-4777-8777-777777777777";
  const inter = "88888888-8888-4888-8888-888888888888";
  const income = "99999999-9999-4999-8999-999999999999";
  const expense = "aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa";
  const other = "bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb";
  const account = { id: "22222222-2222-4222-8222-222222222222", kind: "checking" as const };
  const card = { id: "11111111-1111-4111-8111-111111111111", kind: "credit_card" as const };
  const match = (kind: "income" | "expense" | "transfer", id: string) => ({
    kind,
    id,
    methodId: other,
    date: "2026-03-09",
  });
  const between = {
    lines: [
      line({ lineNumber: 2, description: "PADARIA", importId: "F1" }),
      line({
        lineNumber: 3,
        description: "PAGTO FATURA NUBANK",
        amount: "1200.00",
        cardBillPayment: true,
        suggestedCardId: nubank,
        importId: "F2",
      }),
      // A second card's bill, its card not guessed: the person picks it.
      line({ lineNumber: 4, description: "PAGTO FATURA", amount: "80.00", cardBillPayment: true }),
      line({
        lineNumber: 5,
        description: "TED ENVIADA POUPANCA",
        amount: "1000.00",
        transferMatch: match("income", income),
        importId: "F4",
      }),
      line({
        lineNumber: 6,
        description: "PIX RECEBIDO MARIA",
        amount: "200.00",
        notSpending: true,
        incomeKind: "other",
        transferMatch: match("expense", expense),
      }),
      // Recorded already between the two accounts: nothing to send.
      line({
        lineNumber: 7,
        description: "TED ENVIADA",
        amount: "50.00",
        duplicate: true,
        transferMatch: match("transfer", other),
      }),
      // The bill's payment imported before: shown, not ticked.
      line({
        lineNumber: 8,
        description: "PAGTO FATURA NUBANK",
        amount: "900.00",
        cardBillPayment: true,
        suggestedCardId: nubank,
        duplicate: true,
      }),
    ],
    rules: [],
  } as unknown as ImportPreview;

  it("into an account, offers each line as what it is and ticks the bill with its card and the transfers", () => {
    expect(between.lines.map((l) => lineRole(l, true))).toEqual([
      "spending",
      "billPayment",
      "billPayment",
      "transfer",
      "transfer",
      "none",
      "billPayment",
    ]);
    const selection = initialSelection(between, true);
    expect(selection.ticked).toEqual([true, true, false, true, true, false, false]);
    expect(selection.cards).toEqual(["", nubank, "", "", "", "", nubank]);
  });

  it("into a card or without 'Pago com', leaves the bill's payment out and the matches as they were", () => {
    expect(between.lines.map((l) => lineRole(l, false))).toEqual([
      "spending",
      "none",
      "none",
      "spending",
      "credit",
      "none",
      "none",
    ]);
    const selection = applyCategoryToUncategorised(initialSelection(between, false), "cat");
    expect(selection.ticked).toEqual([true, false, false, true, false, false, false]);
    selection.ticked = selection.ticked.map(() => true);
    const input = commitInput(between, selection, { fileName: "nubank.ofx", method: card });
    expect(input).not.toHaveProperty("billPayments");
    expect(input).not.toHaveProperty("transfers");
    expect(input.lines.map((l) => l.description)).toEqual(["PADARIA", "TED ENVIADA POUPANCA"]);
    expect(commitInput(between, selection, { fileName: "x.ofx" })).not.toHaveProperty(
      "billPayments",
    );
  });

  it("sends the bill's payment with its card and the transfers with the entry they replace, never as spending", () => {
    const selection = applyCategoryToUncategorised(initialSelection(between, true), "cat");
    // Even ticked, a line without its card, a recorded transfer and a credit's choice send nothing.
    selection.ticked[5] = true;
    selection.credits[4] = "income";
    const input = commitInput(between, selection, { fileName: "itau.ofx", method: account });
    expect(input.lines).toEqual([
      {
        date: "2026-03-10",
        description: "PADARIA",
        amount: "10.00",
        categoryId: "cat",
        importId: "F1",
      },
    ]);
    expect(input).not.toHaveProperty("credits");
    expect(input.billPayments).toEqual([
      { date: "2026-03-10", amount: "1200.00", cardId: nubank, importId: "F2" },
    ]);
    expect(input.transfers).toEqual([
      { date: "2026-03-10", amount: "1000.00", incomeId: income, importId: "F4" },
      { date: "2026-03-10", amount: "200.00", expenseId: expense },
    ]);
  });

  it("counts them apart from spending, and a ticked bill's payment without a card as missing", () => {
    const selection = applyCategoryToUncategorised(initialSelection(between, true), "cat");
    expect(selectionSummary(between, selection, true)).toEqual({
      count: 1,
      total: "10.00",
      missingCategory: 0,
      incomes: 0,
      refunds: 0,
      billPayments: 1,
      missingCard: 0,
      transfers: 2,
    });
    selection.ticked[2] = true;
    selection.ticked[4] = false;
    expect(selectionSummary(between, selection, true)).toMatchObject({
      billPayments: 1,
      missingCard: 1,
      transfers: 1,
    });
    selection.cards[2] = inter;
    expect(selectionSummary(between, selection, true)).toMatchObject({
      billPayments: 2,
      missingCard: 0,
    });
  });

  it("finds the line of a refused bill's payment or transfer", () => {
    const selection = initialSelection(between, true);
    selection.ticked[2] = true;
    selection.cards[2] = inter;
    expect(sentLineNumber(between, selection, true, "billPayments.1.cardId")).toBe(4);
    expect(sentLineNumber(between, selection, true, "transfers.1.expenseId")).toBe(6);
    expect(sentLineNumber(between, selection, true, "transfers.2.amount")).toBeNull();
    expect(sentLineNumber(between, selection, true, "billPayments")).toBeNull();
  });
});
