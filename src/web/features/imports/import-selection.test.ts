import { describe, expect, it } from "vitest";
import type { ImportPreview, ImportPreviewLine } from "../../../contract/imports";
import {
  applyCategoryToUncategorised,
  commitInput,
  commitLines,
  initialSelection,
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
  incomeKind: null,
  installment: null,
  duplicate: false,
  suggestedCategoryId: null,
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
} as ImportPreview;

describe("the import's selection", () => {
  it("ticks what can be imported except duplicates and credits, with the last category", () => {
    expect(initialSelection(preview)).toEqual({
      ticked: [true, false, false, false, true],
      categories: ["cat-food", "", "", "", ""],
    });
  });

  it("counts and sums the ticked lines, and those still without a category", () => {
    const selection = initialSelection(preview);
    expect(selectionSummary(preview, selection)).toEqual({
      count: 2,
      total: "11.50",
      missingCategory: 1,
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
  } as ImportPreview;
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
