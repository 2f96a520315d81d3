import { describe, expect, it } from "vitest";
import { toCents } from "../../../contract/cents";
import { weeklyBudgetOf } from "../../../domain/budget";
import { starterCategoriesFor } from "./starter-data";

describe("starterCategoriesFor", () => {
  it("seeds each weekly budget as the domain's quarter of the monthly one", () => {
    const seeded = starterCategoriesFor("pt").map((c) => [c.monthlyBudget, c.weeklyBudget]);
    expect(seeded).toEqual([
      ["800.00", "200.00"],
      ["400.00", "100.00"],
      ["1200.00", "300.00"],
      ["300.00", "75.00"],
      ["200.00", "50.00"],
    ]);
    for (const [monthly, weekly] of seeded) {
      expect(toCents(weekly as string)).toBe(weeklyBudgetOf(toCents(monthly as string)));
    }
  });
});
