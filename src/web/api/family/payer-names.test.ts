import { describe, expect, it } from "vitest";
import type { FamilyPerson } from "../../../contract/family";
import { payerNameIn, peopleById } from "./payer-names";

const ANA = "11111111-1111-4111-8111-111111111111";
const GONE = "22222222-2222-4222-8222-222222222222";

const people: FamilyPerson[] = [
  {
    userId: ANA,
    name: "Ana Souza",
    firstName: null,
    lastName: null,
    email: "ana@example.com",
    profileImageUrl: null,
    isMember: true,
  },
  {
    userId: GONE,
    name: null,
    firstName: "Bruno",
    lastName: "Lima",
    email: null,
    profileImageUrl: null,
    isMember: false,
  },
];

describe("payerNameIn", () => {
  it("names members and former members alike, and nobody for an unknown or deleted payer", () => {
    const byId = peopleById(people);
    expect(payerNameIn(byId, ANA)).toBe("Ana Souza");
    expect(payerNameIn(byId, GONE)).toBe("Bruno Lima");
    expect(payerNameIn(byId, "33333333-3333-4333-8333-333333333333")).toBeNull();
    expect(payerNameIn(byId, null)).toBeNull();
  });
});
