import { describe, expect, it } from "vitest";
import type { FamilyPerson } from "../../../contract/family";
import { viewChoices, viewedMemberOf } from "./view-choices";

const ANA = "11111111-1111-4111-8111-111111111111";
const LEO = "22222222-2222-4222-8222-222222222222";
const BIA = "33333333-3333-4333-8333-333333333333";
const FORMER = "44444444-4444-4444-8444-444444444444";

const person = (userId: string, name: string | null, isMember = true): FamilyPerson => ({
  userId,
  name,
  firstName: null,
  lastName: null,
  email: isMember ? `${userId}@example.org` : null,
  profileImageUrl: null,
  isMember,
});

const texts = { family: "Família", me: "Eu", unnamed: "Ex-membro" };
const people = [
  person(ANA, "Ana"),
  person(LEO, "Léo"),
  person(BIA, null),
  person(FORMER, "Zé", false),
];

describe("'Ver como''s choices", () => {
  it("are the family, me, then every other current member in the family's order", () => {
    expect(viewChoices(LEO, people, texts)).toEqual([
      { value: "", label: "Família" },
      { value: LEO, label: "Eu" },
      { value: ANA, label: "Ana" },
      // Named by the e-mail the family knows when there is no name (displayNameOf's rule).
      { value: BIA, label: `${BIA}@example.org` },
    ]);
    expect(
      viewChoices(ANA, people, texts)
        .map((choice) => choice.label)
        .slice(0, 3),
    ).toEqual(["Família", "Eu", "Léo"]);
  });

  it("are none in a family of one (a former payer is no member), nor while the people load", () => {
    expect(viewChoices(ANA, [person(ANA, "Ana"), person(FORMER, "Zé", false)], texts)).toEqual([]);
    expect(viewChoices(ANA, undefined, texts)).toEqual([]);
    expect(viewChoices(null, people, texts)).toEqual([]);
  });
});

describe("whom the address's view names", () => {
  const choices = viewChoices(LEO, people, texts);

  it("is a current member, me or another, by the name of their choice", () => {
    expect(viewedMemberOf(LEO, LEO, people, choices)).toEqual({
      userId: LEO,
      name: "Eu",
      me: true,
    });
    expect(viewedMemberOf(ANA, LEO, people, choices)).toEqual({
      userId: ANA,
      name: "Ana",
      me: false,
    });
  });

  it("is nobody (the family's) without a view, for a former member, or in a family of one", () => {
    expect(viewedMemberOf(null, LEO, people, choices)).toBeNull();
    expect(viewedMemberOf(FORMER, LEO, people, choices)).toBeNull();
    const alone = [person(LEO, "Léo")];
    expect(viewedMemberOf(LEO, LEO, alone, viewChoices(LEO, alone, texts))).toBeNull();
  });

  it("is taken as it is while the people load, so the month's call need not wait for them", () => {
    expect(viewedMemberOf(ANA, LEO, undefined, [])).toEqual({ userId: ANA, name: "", me: false });
    expect(viewedMemberOf(LEO, LEO, undefined, [])).toEqual({ userId: LEO, name: "", me: true });
  });
});
