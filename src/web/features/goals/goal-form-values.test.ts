import { describe, expect, it } from "vitest";
import type { Goal } from "../../../contract/goals";
import { contributionInputOf, goalChanges, goalInputOf, goalValuesOf } from "./goal-form-values";

const ipva: Goal = {
  id: "11111111-1111-4111-8111-111111111111",
  name: "IPVA 2027",
  targetAmount: "2400.00",
  targetDate: "2027-03-31",
  methodId: "22222222-2222-4222-8222-222222222222",
  isPrivate: false,
  createdByUserId: "33333333-3333-4333-8333-333333333333",
  createdAt: "2026-12-01T12:00:00.000Z",
  saved: "800.00",
  left: "1600.00",
  monthsLeft: 4,
  perMonth: "400.00",
  onTrack: true,
};

describe("the goal dialog's values", () => {
  it("a new goal starts empty and shared", () => {
    expect(goalValuesOf(null, "pt")).toEqual({
      name: "",
      targetAmount: "",
      targetMonth: "",
      methodId: "",
      isPrivate: false,
    });
  });

  it("a goal shows its target in the person's decimals and its month, not its last day", () => {
    expect(goalValuesOf(ipva, "pt")).toMatchObject({
      targetAmount: "2400,00",
      targetMonth: "2027-03",
    });
    expect(goalValuesOf(ipva, "en")).toMatchObject({ targetAmount: "2400.00" });
    expect(goalValuesOf({ ...ipva, targetDate: null, methodId: null }, "pt")).toMatchObject({
      targetMonth: "",
      methodId: "",
    });
  });

  it("an empty month or account says none", () => {
    expect(
      goalInputOf({
        name: "Viagem",
        targetAmount: " 5000.00 ",
        targetMonth: "",
        methodId: "",
        isPrivate: true,
      }),
    ).toEqual({
      name: "Viagem",
      targetAmount: "5000.00",
      targetMonth: null,
      methodId: null,
      isPrivate: true,
    });
    expect(goalInputOf(goalValuesOf(ipva, "en"))).toMatchObject({
      targetMonth: "2027-03",
      methodId: ipva.methodId,
    });
  });

  it("an edit sends only what changed, a month or account cleared as null", () => {
    const unchanged = goalInputOf(goalValuesOf(ipva, "en"));
    expect(goalChanges(ipva, unchanged)).toEqual({});
    // "2400" is the same target as "2400.00".
    expect(goalChanges(ipva, { ...unchanged, targetAmount: "2400" })).toEqual({});
    expect(
      goalChanges(ipva, {
        ...unchanged,
        targetAmount: "3000.00",
        targetMonth: null,
        methodId: null,
        isPrivate: true,
      }),
    ).toEqual({ targetAmount: "3000.00", targetMonth: null, methodId: null, isPrivate: true });
    expect(goalChanges(ipva, { ...unchanged, name: "IPVA", targetMonth: "2027-04" })).toEqual({
      name: "IPVA",
      targetMonth: "2027-04",
    });
  });
});

describe("'Guardar' and 'Retirar'", () => {
  const values = { amount: "800.00", date: "2026-12-08", fromMethodId: "" };

  it("money put in: already in the goal's account, or from another one", () => {
    expect(contributionInputOf(values, "deposit")).toEqual({
      amount: "800.00",
      date: "2026-12-08",
    });
    expect(contributionInputOf({ ...values, fromMethodId: "m1" }, "deposit")).toEqual({
      amount: "800.00",
      date: "2026-12-08",
      fromMethodId: "m1",
    });
  });

  it("a withdrawal is a negative amount from no other account", () => {
    expect(contributionInputOf({ ...values, fromMethodId: "m1" }, "withdrawal")).toEqual({
      amount: "-800.00",
      date: "2026-12-08",
    });
    // Left empty: the contract's own message for a missing amount, not one for "-".
    expect(contributionInputOf({ ...values, amount: " " }, "withdrawal").amount).toBe("");
  });
});
