import { describe, expect, it } from "vitest";
import { type CategoryRule, categoryRuleInputSchema } from "../../../contract/category-rules";
import { type RuleValues, ruleInputOf, ruleValuesOf } from "./rule-form-values";

const ANA = "55555555-5555-4555-8555-555555555555";
const LEO = "66666666-6666-4666-8666-666666666666";
const GROCERIES = "11111111-1111-4111-8111-111111111111";
const NUBANK = "22222222-2222-4222-8222-222222222222";

const values = (patch: Partial<RuleValues> = {}): RuleValues => ({
  matchKind: "contains",
  pattern: "CARREFOUR",
  minAmount: "",
  maxAmount: "",
  paymentMethodId: "",
  categoryId: GROCERIES,
  forUserId: "",
  paidByUserId: "",
  private: false,
  ...patch,
});

const issues = (input: unknown) =>
  categoryRuleInputSchema
    .safeParse(input)
    .error?.issues.map((issue) => [issue.path.join("."), issue.message]) ?? [];

describe("ruleInputOf", () => {
  it("sends every field, what was left empty as null (PUT replaces the whole rule)", () => {
    const input = ruleInputOf(values());
    expect(input).toEqual({
      matchKind: "contains",
      pattern: "CARREFOUR",
      minAmount: null,
      maxAmount: null,
      paymentMethodId: null,
      categoryId: GROCERIES,
      forUserId: null,
      paidByUserId: null,
      private: false,
    });
    expect(issues(input)).toEqual([]);
  });

  it("sends the amounts, the account and the people chosen", () => {
    const input = ruleInputOf(
      values({
        minAmount: " 10.00 ",
        maxAmount: "50",
        paymentMethodId: NUBANK,
        forUserId: ANA,
        paidByUserId: LEO,
      }),
    );
    expect(input).toMatchObject({
      minAmount: "10.00",
      maxAmount: "50",
      paymentMethodId: NUBANK,
      forUserId: ANA,
      paidByUserId: LEO,
    });
    expect(issues(input)).toEqual([]);
  });

  it("names nobody on a private rule, whatever the disabled selects still hold", () => {
    const input = ruleInputOf(values({ private: true, forUserId: ANA, paidByUserId: LEO }));
    expect(input).toMatchObject({ private: true, forUserId: null, paidByUserId: null });
    // What the contract would refuse otherwise (rulePrivateAlone).
    expect(issues({ ...input, forUserId: ANA })).toEqual([
      ["private", "validation.rulePrivateAlone"],
    ]);
    expect(issues(input)).toEqual([]);
  });

  it("lets the contract name an empty text, a missing category and a reversed range", () => {
    expect(
      issues(
        ruleInputOf(values({ pattern: " ", categoryId: "", minAmount: "50", maxAmount: "10" })),
      ),
    ).toEqual([
      ["pattern", "validation.rulePatternRequired"],
      ["categoryId", "validation.categoryRequired"],
      ["maxAmount", "validation.ruleAmountRange"],
    ]);
  });
});

describe("ruleValuesOf", () => {
  const rule: CategoryRule = {
    id: "33333333-3333-4333-8333-333333333333",
    matchKind: "startsWith",
    pattern: "UBER",
    minAmount: "1234.50",
    maxAmount: null,
    paymentMethodId: NUBANK,
    categoryId: GROCERIES,
    forUserId: null,
    paidByUserId: LEO,
    private: false,
    learned: true,
    createdByUserId: ANA,
  };

  it("starts a new rule as 'contém', with nothing chosen", () => {
    expect(ruleValuesOf(null, "pt")).toEqual(values({ pattern: "", categoryId: "" }));
  });

  it("shows a rule's amounts with the reader's decimal sign and its nulls as empty", () => {
    expect(ruleValuesOf(rule, "pt")).toEqual({
      matchKind: "startsWith",
      pattern: "UBER",
      minAmount: "1234,50",
      maxAmount: "",
      paymentMethodId: NUBANK,
      categoryId: GROCERIES,
      forUserId: "",
      paidByUserId: LEO,
      private: false,
    });
    expect(ruleValuesOf(rule, "en").minAmount).toBe("1234.50");
  });

  it("gives back the rule it was made from", () => {
    const { id: _id, learned: _learned, createdByUserId: _by, ...same } = rule;
    expect(ruleInputOf(ruleValuesOf(rule, "en"))).toEqual(same);
  });
});
