import { describe, expect, it } from "vitest";
import type { ImportPreview, ImportPreviewLine } from "../../../contract/imports";
import {
  applyCategoryToUncategorised,
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
  duplicate: false,
  suggestedCategoryId: null,
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
