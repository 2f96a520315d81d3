import { describe, expect, it } from "vitest";
import { createRecurringRuleInputSchema } from "../../../contract/recurring";
import { type RuleValues, ruleInputOf } from "./rule-dialog";

const values: RuleValues = {
  description: "Aluguel",
  amount: "1500",
  categoryId: "5b9f6a8e-2c1d-4e3f-9a0b-1c2d3e4f5a6b",
  paidByUserId: "3f1c2a7e-9b4d-4c1a-8e2f-5a6b7c8d9e0f",
  frequency: "monthly",
  dayOfWeek: "3",
  dayOfMonth: "31",
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

  it("leaves the payer out when none is chosen (the server defaults to the creator)", () => {
    expect(ruleInputOf({ ...values, paidByUserId: "" })).not.toHaveProperty("paidByUserId");
  });
});
