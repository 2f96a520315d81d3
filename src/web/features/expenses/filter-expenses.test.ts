import { describe, expect, it } from "vitest";
import type { Expense } from "../../lib/budget-queries";
import {
  ALL_CATEGORIES,
  filterExpenses,
  searchable,
  totalOf,
  UNCATEGORIZED,
} from "./filter-expenses";

const food = "11111111-1111-4111-8111-111111111111";
const car = "22222222-2222-4222-8222-222222222222";
const deleted = "33333333-3333-4333-8333-333333333333";

function expense(id: string, description: string, categoryId: string | null, amount = "1.00") {
  return {
    id,
    familyId: "f",
    description,
    amount,
    categoryId,
    addedByUserId: null,
    date: "2025-03-10",
    month: 3,
    year: 2025,
    isExample: false,
    createdAt: "2025-03-10T10:00:00.000Z",
    updatedAt: "2025-03-10T10:00:00.000Z",
  } satisfies Expense;
}

const expenses = [
  expense("1", "Supermercado Extra", food, "85.40"),
  expense("2", "Gasolina", car, "120.00"),
  expense("3", "Café da manhã", food, "12.35"),
  expense("4", "Presente", null, "50.00"),
  // Its category is gone but the list of categories has not been refetched yet.
  expense("5", "Cinema", deleted, "30.00"),
];
const knownCategoryIds = new Set([food, car]);
const ids = (list: Expense[]) => list.map((e) => e.id);

describe("filterExpenses", () => {
  it("keeps everything, in order, with no filter", () => {
    const shown = filterExpenses(expenses, {
      category: ALL_CATEGORIES,
      search: "",
      knownCategoryIds,
    });
    expect(ids(shown)).toEqual(["1", "2", "3", "4", "5"]);
  });

  it("searches descriptions ignoring case, accents and surrounding spaces", () => {
    const find = (search: string) =>
      ids(filterExpenses(expenses, { category: ALL_CATEGORIES, search, knownCategoryIds }));
    expect(find("MERCADO")).toEqual(["1"]);
    expect(find("  gaso ")).toEqual(["2"]);
    expect(find("cafe")).toEqual(["3"]);
    expect(find("CAFÉ DA")).toEqual(["3"]);
    expect(find("nothing like it")).toEqual([]);
  });

  it("filters by one category", () => {
    const shown = filterExpenses(expenses, { category: food, search: "", knownCategoryIds });
    expect(ids(shown)).toEqual(["1", "3"]);
  });

  it("treats a missing or unknown category as uncategorised", () => {
    const shown = filterExpenses(expenses, {
      category: UNCATEGORIZED,
      search: "",
      knownCategoryIds,
    });
    expect(ids(shown)).toEqual(["4", "5"]);
  });

  it("combines the category and the search", () => {
    const shown = filterExpenses(expenses, { category: food, search: "café", knownCategoryIds });
    expect(ids(shown)).toEqual(["3"]);
  });
});

describe("searchable", () => {
  it("folds case and accents", () => {
    expect(searchable("ÁGUA e Luz")).toBe("agua e luz");
  });
});

describe("totalOf", () => {
  it("sums decimal strings to the cent", () => {
    expect(totalOf([{ amount: "0.10" }, { amount: "0.20" }, { amount: "85.4" }])).toBe("85.70");
    expect(totalOf([])).toBe("0.00");
  });
});
