import { describe, expect, it } from "vitest";
import { expensesExportUrl } from "./export-expenses-csv";
import { noExpenseFilters } from "./get-expenses-page";

describe("expensesExportUrl", () => {
  it("asks for every expense, in the screen's language, when nothing is filtered", () => {
    expect(expensesExportUrl(noExpenseFilters, "pt")).toBe("/api/expenses/export.csv?language=pt");
  });

  it("sends the list's filters as the page call does: trimmed, without the unset ones", () => {
    const payer = "33333333-3333-4333-8333-333333333333";
    expect(
      expensesExportUrl(
        {
          search: "  café & pão ",
          category: "none",
          from: "2026-11-01",
          to: "",
          payer,
          method: "all",
        },
        "en",
      ),
    ).toBe(
      `/api/expenses/export.csv?search=caf%C3%A9+%26+p%C3%A3o&categoryId=none&from=2026-11-01&paidByUserId=${payer}&language=en`,
    );
  });

  it("sends the payment method filter, which the list sends too", () => {
    const method = "44444444-4444-4444-8444-444444444444";
    expect(expensesExportUrl({ ...noExpenseFilters, method }, "pt")).toBe(
      `/api/expenses/export.csv?paymentMethodId=${method}&language=pt`,
    );
  });
});
