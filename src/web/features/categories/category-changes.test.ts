import { describe, expect, it } from "vitest";
import type { Category } from "../../../contract/categories";
import { categoryChanges } from "./category-changes";

const category: Category = {
  id: "11111111-1111-4111-8111-111111111111",
  familyId: "22222222-2222-4222-8222-222222222222",
  name: "Mercado",
  icon: "shopping-cart",
  color: "#16a34a",
  weeklyBudget: "200.00",
  monthlyBudget: "800.00",
  isActive: true,
  createdAt: "2025-03-01T10:00:00.000Z",
};

const same = {
  name: category.name,
  icon: category.icon,
  color: category.color,
  weeklyBudget: category.weeklyBudget,
  monthlyBudget: category.monthlyBudget,
};

describe("categoryChanges", () => {
  it("is empty when nothing changed", () => {
    expect(categoryChanges(category, same)).toEqual({});
  });

  it("holds only the fields that differ", () => {
    expect(categoryChanges(category, { ...same, name: "Feira", monthlyBudget: "900.00" })).toEqual({
      name: "Feira",
      monthlyBudget: "900.00",
    });
    expect(categoryChanges(category, { ...same, color: "#000000", icon: "tag" })).toEqual({
      color: "#000000",
      icon: "tag",
    });
  });
});
