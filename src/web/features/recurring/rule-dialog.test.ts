import { describe, expect, it } from "vitest";
import { createRecurringRuleInputSchema } from "../../../contract/recurring";
import { type RuleValues, ruleInputOf } from "./rule-dialog";

const values: RuleValues = {
  entry: "expense",
  description: "Aluguel",
  amount: "1500",
  categoryId: "5b9f6a8e-2c1d-4e3f-9a0b-1c2d3e4f5a6b",
  incomeKind: "",
  paidByUserId: "3f1c2a7e-9b4d-4c1a-8e2f-5a6b7c8d9e0f",
  frequency: "monthly",
  dayKind: "dayOfMonth",
  dayOfWeek: "3",
  dayOfMonth: "31",
  businessDay: "5",
  monthOfYear: "2",
  startDate: "2026-08-02",
  endDate: "",
};

describe("ruleInputOf", () => {
  it("sends only the day fields of the chosen frequency, and no end date as null", () => {
    expect(ruleInputOf(values)).toMatchObject({
      frequency: "monthly",
      dayOfWeek: null,
      dayOfMonth: 31,
      monthOfYear: null,
      endDate: null,
    });
    expect(ruleInputOf({ ...values, frequency: "weekly" })).toMatchObject({
      dayOfWeek: 3,
      dayOfMonth: null,
      monthOfYear: null,
    });
    expect(ruleInputOf({ ...values, frequency: "yearly", dayOfMonth: "29" })).toMatchObject({
      dayOfWeek: null,
      dayOfMonth: 29,
      monthOfYear: 2,
    });
  });

  it("makes a request the contract accepts, or refuses with its own keys", () => {
    expect(createRecurringRuleInputSchema.safeParse(ruleInputOf(values)).success).toBe(true);
    const feb30 = createRecurringRuleInputSchema.safeParse(
      ruleInputOf({ ...values, frequency: "yearly", dayOfMonth: "30" }),
    );
    expect(feb30.error?.issues.map((issue) => [issue.path, issue.message])).toEqual([
      [["dayOfMonth"], "validation.dayOfMonthInvalid"],
    ]);
    const ended = createRecurringRuleInputSchema.safeParse(
      ruleInputOf({ ...values, endDate: "2026-08-01" }),
    );
    expect(ended.error?.issues.map((issue) => issue.message)).toEqual([
      "validation.endBeforeStart",
    ]);
  });

  it("sends a monthly business day instead of a day of the month, and only for monthly", () => {
    const onBusinessDay = { ...values, dayKind: "businessDay" as const };
    expect(ruleInputOf(onBusinessDay)).toMatchObject({ dayOfMonth: null, businessDay: 5 });
    expect(ruleInputOf({ ...onBusinessDay, frequency: "yearly" })).toMatchObject({
      dayOfMonth: 31,
      businessDay: null,
    });
    expect(createRecurringRuleInputSchema.safeParse(ruleInputOf(onBusinessDay)).success).toBe(true);
  });

  it("sends an income's kind and no category; the contract asks for the kind", () => {
    const salary: RuleValues = { ...values, entry: "income", incomeKind: "salary" };
    const input = ruleInputOf(salary);
    expect(input).toMatchObject({ entry: "income", incomeKind: "salary" });
    expect(input).not.toHaveProperty("categoryId");
    expect(createRecurringRuleInputSchema.safeParse(input).success).toBe(true);
    const noKind = createRecurringRuleInputSchema.safeParse(
      ruleInputOf({ ...salary, incomeKind: "" }),
    );
    expect(noKind.error?.issues.map((issue) => [issue.path, issue.message])).toEqual([
      [["incomeKind"], "validation.incomeKindInvalid"],
    ]);
  });

  it("leaves the payer out when none is chosen (the server defaults to the creator)", () => {
    expect(ruleInputOf({ ...values, paidByUserId: "" })).not.toHaveProperty("paidByUserId");
  });
});
