import type { TFunction } from "i18next";
import { describe, expect, it } from "vitest";
import type { CategoryRule } from "../../../contract/category-rules";
import { initI18n } from "../../i18n/init";
import { movedIds, type RuleNames, ruleSummary } from "./rules-view";
import { categoryRulesTexts } from "./texts";

const rule = (patch: Partial<CategoryRule> = {}): CategoryRule => ({
  id: "33333333-3333-4333-8333-333333333333",
  matchKind: "contains",
  pattern: "CARREFOUR",
  minAmount: null,
  maxAmount: null,
  paymentMethodId: null,
  categoryId: "groceries",
  forUserId: null,
  paidByUserId: null,
  private: false,
  learned: false,
  createdByUserId: null,
  ...patch,
});

const names: RuleNames = {
  category: (id) => ({ groceries: "Mercado", transport: "Transporte" })[id] ?? "",
  method: (id) => (id === "nubank" ? "Nubank" : undefined),
  person: (id) => ({ ana: "Ana", leo: "Léo" })[id] ?? "Ex-membro",
};

function summary(language: "pt" | "en" | "es", of: CategoryRule) {
  const t = initI18n(language).getFixedT(language, categoryRulesTexts) as TFunction;
  const { headline, details } = ruleSummary(of, names, t, language);
  // Intl puts a no-break space between the currency and the amount.
  return { headline, details: details.map((detail) => detail.replace(/\s/g, " ")) };
}

describe("ruleSummary", () => {
  it("says what the rule asks and gives: 'contém CARREFOUR → Mercado', nothing else", () => {
    expect(summary("pt", rule())).toEqual({ headline: "contém CARREFOUR → Mercado", details: [] });
    expect(summary("en", rule({ matchKind: "startsWith", pattern: "UBER" })).headline).toBe(
      "starts with UBER → Mercado",
    );
    expect(summary("es", rule({ matchKind: "matches", pattern: "^PAG\\*" })).headline).toBe(
      "coincide con la expresión ^PAG\\* → Mercado",
    );
  });

  it("adds the amount range as money, the account, the people, and the marks", () => {
    const all = rule({
      minAmount: "10.00",
      maxAmount: "1500.00",
      paymentMethodId: "nubank",
      forUserId: "ana",
      paidByUserId: "leo",
      learned: true,
    });
    expect(summary("pt", all).details).toEqual([
      "de R$ 10,00 a R$ 1.500,00",
      "Nubank",
      "para Ana",
      "pago por Léo",
      "Aprendida",
    ]);
    expect(summary("en", rule({ private: true, learned: true })).details).toEqual([
      "Private",
      "Learned",
    ]);
  });

  it("says a bound alone as 'from' or 'up to', and leaves out an account it cannot name", () => {
    expect(summary("pt", rule({ minAmount: "10.00", paymentMethodId: "gone" })).details).toEqual([
      "a partir de R$ 10,00",
    ]);
    expect(summary("en", rule({ maxAmount: "50.00" })).details).toEqual(["up to $50.00"]);
  });
});

describe("movedIds", () => {
  const rules = [{ id: "a" }, { id: "b" }, { id: "c" }];

  it("swaps the rule with the one above or below, and sends every id", () => {
    expect(movedIds(rules, 1, -1)).toEqual(["b", "a", "c"]);
    expect(movedIds(rules, 1, 1)).toEqual(["a", "c", "b"]);
    expect(movedIds(rules, 0, 1)).toEqual(["b", "a", "c"]);
    expect(movedIds(rules, 2, -1)).toEqual(["a", "c", "b"]);
  });

  it("moves nothing past either end, nor a rule that is not in the list", () => {
    expect(movedIds(rules, 0, -1)).toBeNull();
    expect(movedIds(rules, 2, 1)).toBeNull();
    expect(movedIds(rules, 3, -1)).toBeNull();
    expect(movedIds([], 0, 1)).toBeNull();
  });

  it("leaves the list it was given as it was", () => {
    movedIds(rules, 0, 1);
    expect(rules.map((r) => r.id)).toEqual(["a", "b", "c"]);
  });
});
