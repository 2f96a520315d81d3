import { describe, expect, it } from "vitest";
import { otherPairs, stillAhead } from "./balances-view";

const ANA = "11111111-1111-4111-8111-111111111111";
const LEO = "22222222-2222-4222-8222-222222222222";
const BIA = "33333333-3333-4333-8333-333333333333";

const member = (userId: string, paid = "0.00", share = "0.00", settledOut = "0.00") => ({
  userId,
  paid,
  share,
  settledOut,
  settledIn: "0.00",
  net: "0.00",
  ahead: "0.00",
});

describe("otherPairs", () => {
  it("lists the pairs that owe each other nothing, in the members' order", () => {
    const members = [member(ANA, "200.00", "120.00"), member(LEO, "90.00", "170.00"), member(BIA)];
    // Bia has no expense and no settlement: nothing is behind any balance of hers.
    expect(otherPairs({ members, debts: [] })).toEqual([[ANA, LEO]]);
    // A debt either way round is not a settled pair.
    expect(
      otherPairs({
        members,
        debts: [{ debtorUserId: LEO, creditorUserId: ANA, amount: "80.00" }],
      }),
    ).toEqual([]);
  });

  it("counts a member who only settled as one with something behind their balance", () => {
    const members = [
      member(ANA, "10.00", "10.00"),
      member(LEO, "0.00", "0.00", "5.00"),
      member(BIA, "3.00", "3.00"),
    ];
    expect(
      otherPairs({ members, debts: [{ debtorUserId: ANA, creditorUserId: LEO, amount: "5.00" }] }),
    ).toEqual([
      [ANA, BIA],
      [LEO, BIA],
    ]);
  });
});

describe("stillAhead", () => {
  it("lists the members with shares still to come, in the members' order, and no one else", () => {
    const members = [
      { ...member(ANA), ahead: "0.00" },
      { ...member(LEO), ahead: "1650.00" },
      { ...member(BIA), ahead: "0.01" },
    ];
    expect(stillAhead(members)).toEqual([
      { userId: LEO, amount: "1650.00" },
      { userId: BIA, amount: "0.01" },
    ]);
    expect(stillAhead([member(ANA), member(LEO)])).toEqual([]);
  });
});
