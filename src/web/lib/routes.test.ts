import { describe, expect, it } from "vitest";
import { isPublicPath, isTabActive, navTabs, publicPathOf } from "./routes";

describe("isPublicPath", () => {
  it.each(["/login", "/register", "/forgot-password", "/reset-password", "/verify-email"])(
    "treats %s as public",
    (path) => {
      expect(isPublicPath(path)).toBe(true);
      expect(isPublicPath(`${path}/anything`)).toBe(true);
    },
  );

  it.each(["/", "/expenses", "/reports", "/profile", "/family", "/anything", "/loginx"])(
    "does not treat %s as public",
    (path) => {
      expect(isPublicPath(path)).toBe(false);
    },
  );
});

describe("publicPathOf", () => {
  it("names the screen a public path belongs to", () => {
    expect(publicPathOf("/reset-password")).toBe("/reset-password");
    expect(publicPathOf("/login/extra")).toBe("/login");
    expect(publicPathOf("/expenses")).toBeUndefined();
  });
});

describe("navTabs", () => {
  it("lists Dashboard, Expenses, Income, Categories and Reports in that order", () => {
    expect(navTabs.map((tab) => tab.path)).toEqual([
      "/",
      "/expenses",
      "/incomes",
      "/categories",
      "/reports",
    ]);
  });
});

describe("isTabActive", () => {
  it("activates the dashboard only on /", () => {
    expect(isTabActive("/", "/")).toBe(true);
    expect(isTabActive("/", "/expenses")).toBe(false);
  });

  it("activates a tab on its path and below it", () => {
    expect(isTabActive("/expenses", "/expenses")).toBe(true);
    expect(isTabActive("/expenses", "/expenses/123")).toBe(true);
    expect(isTabActive("/expenses", "/expensesx")).toBe(false);
    expect(isTabActive("/reports", "/profile")).toBe(false);
  });

  it("keeps Categories lit on the accounts and cards, which are opened from there", () => {
    expect(isTabActive("/categories", "/payment-methods")).toBe(true);
    expect(isTabActive("/expenses", "/payment-methods")).toBe(false);
    // And on a card's bills, opened from there.
    expect(isTabActive("/categories", "/payment-methods/abc/bills")).toBe(true);
    expect(isTabActive("/categories", "/payment-methodsx")).toBe(false);
  });

  it("keeps the dashboard lit on Acertos, which is opened from there", () => {
    expect(isTabActive("/", "/balances")).toBe(true);
    expect(isTabActive("/reports", "/balances")).toBe(false);
    expect(isTabActive("/", "/balancesx")).toBe(false);
  });
});
