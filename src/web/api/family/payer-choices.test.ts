import { describe, expect, it } from "vitest";
import type { FamilyPerson } from "../../../contract/family";
import { payerChoices } from "./payer-choices";

const ANA = "3f1c2a7e-9b4d-4c1a-8e2f-5a6b7c8d9e01";
const BRUNO = "3f1c2a7e-9b4d-4c1a-8e2f-5a6b7c8d9e02";
const CARLA = "3f1c2a7e-9b4d-4c1a-8e2f-5a6b7c8d9e03";

const person = (userId: string, name: string | null, isMember: boolean): FamilyPerson => ({
  userId,
  name,
  firstName: null,
  lastName: null,
  email: isMember ? `${userId}@example.com` : null,
  profileImageUrl: null,
  isMember,
});

const texts = {
  you: (name: string) => `${name} (you)`,
  former: (name: string) => `${name} (former)`,
  unnamed: "Former member",
};
const signedIn = { id: BRUNO, label: "Bruno" };

describe("payerChoices", () => {
  it("offers the signed-in user alone while the members load", () => {
    expect(payerChoices(signedIn, undefined, undefined, texts)).toEqual([
      { value: BRUNO, label: "Bruno (you)" },
    ]);
  });

  it("puts the signed-in user first, then the other current members, never former ones", () => {
    const people = [
      person(ANA, "Ana", true),
      person(BRUNO, "Bruno", true),
      person(CARLA, "Carla", false),
    ];
    expect(payerChoices(signedIn, people, undefined, texts)).toEqual([
      { value: BRUNO, label: "Bruno (you)" },
      { value: ANA, label: "Ana" },
    ]);
  });

  it("keeps a record's former payer as a choice, named as former", () => {
    const people = [person(BRUNO, "Bruno", true), person(CARLA, "Carla", false)];
    expect(payerChoices(signedIn, people, CARLA, texts).at(-1)).toEqual({
      value: CARLA,
      label: "Carla (former)",
    });
    expect(payerChoices(signedIn, people, BRUNO, texts)).toHaveLength(1);
  });

  it("shows a payer whose account is gone as a former member without a name", () => {
    const people = [person(BRUNO, "Bruno", true)];
    expect(payerChoices(signedIn, people, null, texts).at(-1)).toEqual({
      value: "",
      label: "Former member",
    });
  });
});
